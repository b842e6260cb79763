// The names client's error texts against a stand-in fetch (the API's own tests and the e2e journey prove the routes).

import { devLocalAccount } from "@fundament/test-chain";
import { type Hex, recoverMessageAddress } from "viem";
import { describe, expect, it } from "vitest";
import { SignatureDeclinedError } from "../../core/errors.js";
import { addressOfRecord, createNamesClient, type NameRecord, NamesApiError } from "./createNamesClient.js";

type Call = { url: string; init: RequestInit | undefined };

/** A fetch answering every call with one status and body, recording the calls. */
function standIn(status: number, body: unknown) {
  const calls: Call[] = [];
  const fetch = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}
const offline = (async () => {
  throw new TypeError("fetch failed");
}) as unknown as typeof globalThis.fetch;

const reason = (description: string, statusCode = 404) => ({
  statusCode,
  error: "Not Found",
  message: description,
  reasons: [{ description }],
});
const ALICE = devLocalAccount(1);
const record: NameRecord = {
  name: "alice.fundament",
  registered: 1,
  updated: 1,
  addresses: { "2147514985": { address: ALICE.address.toLowerCase() } },
  attributes: {},
};

describe("names client: the spec's error texts", () => {
  it("shows the API's first reason when there is one", async () => {
    const api = standIn(404, reason("Name bob.fundament is not registered"));
    const client = createNamesClient({ apiUrl: "http://api.test/", fetch: api.fetch });
    await expect(client.resolveName("bob.fundament")).rejects.toThrow("Name bob.fundament is not registered");
    expect(api.calls[0]?.url).toBe("http://api.test/v1/profile/account/bob.fundament?apiVersion=2");
  });

  it("falls back to the spec's text per call", async () => {
    for (const fetch of [standIn(500, { error: "boom" }).fetch, offline, standIn(200, { unexpected: true }).fetch]) {
      const client = createNamesClient({ apiUrl: "http://api.test", fetch });
      await expect(client.resolveName("bob.fundament")).rejects.toThrow(/^Error resolving name$/);
      await expect(client.getSuggestions("bob.fundament", "fundament")).rejects.toThrow(
        /^Error fetching name suggestions$/,
      );
      await expect(client.getNamesForAddress(ALICE.address)).rejects.toThrow(/^Error fetching names for address$/);
      await expect(
        client.registerName({
          name: "bob.fundament",
          address: ALICE.address,
          chainId: 31337,
          signMessage: (message) => ALICE.signMessage({ message }),
        }),
      ).rejects.toThrow(/^Error registering name bob\.fundament$/);
    }
  });

  it("calls the contract's routes with their query parameters", async () => {
    const api = standIn(200, { suggestions: [{ name: "alice.fundament", registered: true }] });
    const client = createNamesClient({ apiUrl: "http://api.test", fetch: api.fetch });
    expect(await client.getSuggestions("alice.fundament", "fundament")).toEqual([
      { name: "alice.fundament", registered: true },
    ]);
    const reverse = standIn(200, [record]);
    await createNamesClient({ apiUrl: "http://api.test", fetch: reverse.fetch }).getNamesForAddress(
      ALICE.address,
      ALICE.address,
    );
    const identity = standIn(200, { name: "alice.fundament", avatar: null });
    expect(
      await createNamesClient({ apiUrl: "http://api.test", fetch: identity.fetch }).getIdentity(ALICE.address),
    ).toEqual({ name: "alice.fundament", avatar: null });
    expect([api.calls[0]?.url, reverse.calls[0]?.url, identity.calls[0]?.url]).toEqual([
      "http://api.test/v1/profile/suggestions/alice.fundament?zone=fundament",
      `http://api.test/v1/profile/reverse/${ALICE.address}?sender=${ALICE.address}&apiVersion=2`,
      `http://api.test/v1/identity/${ALICE.address}`,
    ]);
  });

  it("registers with a signed {name, attributes, timestamp} message and the chain's coin type", async () => {
    const api = standIn(201, record);
    const client = createNamesClient({ apiUrl: "http://api.test", fetch: api.fetch });
    const result = await client.registerName({
      name: "alice.fundament",
      address: ALICE.address,
      chainId: 31337,
      timestamp: 1_790_000_000,
      signMessage: (message) => ALICE.signMessage({ message }),
    });
    expect(result.name).toBe("alice.fundament");
    const call = api.calls[0];
    expect(call?.url).toBe("http://api.test/v1/profile/account");
    expect(call?.init?.method).toBe("POST");
    const body = JSON.parse(String(call?.init?.body)) as Record<string, unknown>;
    expect(body.coin_type).toBe(2147514985);
    expect(body.address).toBe(ALICE.address);
    expect(body.message).toBe('{"name":"alice.fundament","attributes":{},"timestamp":1790000000}');
    expect(await recoverMessageAddress({ message: body.message as string, signature: body.signature as Hex })).toBe(
      ALICE.address,
    );
  });

  it("a declined signature is 'Signature declined' and posts nothing; a chain id ≥ 2^31 is 'Invalid chainId'", async () => {
    const api = standIn(201, record);
    const client = createNamesClient({ apiUrl: "http://api.test", fetch: api.fetch });
    const declined = client.registerName({
      name: "alice.fundament",
      address: ALICE.address,
      chainId: 31337,
      signMessage: async () => {
        throw Object.assign(new Error("User rejected the request."), { code: 4001 });
      },
    });
    await expect(declined).rejects.toBeInstanceOf(SignatureDeclinedError);
    await expect(declined).rejects.toThrow(/^Signature declined$/);
    await expect(
      client.registerName({
        name: "alice.fundament",
        address: ALICE.address,
        chainId: 2_147_483_648,
        signMessage: (message) => ALICE.signMessage({ message }),
      }),
    ).rejects.toThrow(/^Invalid chainId$/);
    expect(api.calls).toHaveLength(0);
  });

  it("reads a record's address for the chain (coin type) only", () => {
    expect(addressOfRecord(record, 31337)).toBe(ALICE.address);
    expect(addressOfRecord(record, 1)).toBeUndefined();
    expect(addressOfRecord(record, 2_147_483_648)).toBeUndefined();
    expect(new NamesApiError("x", { status: 404 }).shortMessage).toBe("x");
  });
});
