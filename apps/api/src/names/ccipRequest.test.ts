import {
  decodeAbiParameters,
  encodeFunctionData,
  type Hex,
  keccak256,
  namehash,
  recoverAddress,
  toHex,
  zeroAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { packetToBytes } from "viem/ens";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.js";
import { HttpError } from "../http/errors.js";
import { answerResolverQuery, evmAddressFor, isEvmCoinType } from "./ccipAnswer.js";
import { ccipConfig } from "./ccipConfig.js";
import { answerCcipRequest } from "./ccipGateway.js";
import { decodeResolveRequest, dnsDecodeName, resolveAbi, resolverQueryAbi } from "./ccipRequest.js";
import { ccipSignatureHash } from "./ccipSign.js";

const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f7603b6b78690d" as const;
const RESOLVER = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

const dns = (name: string): Hex => toHex(packetToBytes(name));
const addrCall = (name: string) =>
  encodeFunctionData({ abi: resolverQueryAbi, functionName: "addr", args: [namehash(name)] });
const resolveCall = (name: string, data: Hex, encodedName: Hex = dns(name)) =>
  encodeFunctionData({ abi: resolveAbi, functionName: "resolve", args: [encodedName, data] });

/** The HttpError a call throws, as `[status, message]`. */
function failure(run: () => unknown): [number, string] {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return [error.statusCode, error.message];
    throw error;
  }
  throw new Error("expected an HttpError");
}

describe("dnsDecodeName", () => {
  it("decodes DNS wire-format names", () => {
    expect(dnsDecodeName(dns("alice.fundament"))).toBe("alice.fundament");
    expect(dnsDecodeName(dns("a.b.fundament.eth"))).toBe("a.b.fundament.eth");
    expect(dnsDecodeName("0x00")).toBe("");
  });

  it("refuses malformed encodings", () => {
    for (const bad of ["0x", "0x05616c696365", "0x05616c69636500ff", "0x0a616c69636500", "0x03612e6200"] as Hex[])
      expect(failure(() => dnsDecodeName(bad))[0]).toBe(400);
    expect(failure(() => dnsDecodeName("0x02ffff00"))).toEqual([400, "The name is not valid UTF-8"]);
    expect(failure(() => dnsDecodeName(toHex(new Uint8Array(256))))).toEqual([400, "The name is not DNS-encoded"]);
  });

  it("refuses a NUL or another control character in a label, and other odd bytes, with a 400", () => {
    for (const name of [
      "al\u0000ce.fundament",
      "alice\u0000",
      "a\u001bb.fundament",
      "a\u007fb.fundament",
      "a\u0085b.x",
    ])
      expect(failure(() => dnsDecodeName(dns(name)))).toEqual([400, "The name contains a control character"]);
    const notDns = [
      "0x0005616c69636500", // an empty label before the first
      "0x05616c6963650000", // bytes after the root label
      "0x09616c69636500", // a label length past the end
      "0x05616c696365", // no root label
    ] as Hex[];
    for (const bad of notDns) expect(failure(() => dnsDecodeName(bad))).toEqual([400, "The name is not DNS-encoded"]);
    for (const bad of ["0x01ff00", "0x02c3", "0x03eda08000"] as Hex[])
      expect(failure(() => dnsDecodeName(bad))[0]).toBe(400);
    // A byte order mark is a character of the name, never silently dropped.
    expect(dnsDecodeName(dns("\ufeffalice.fundament"))).toBe("\ufeffalice.fundament");
  });
});

describe("decodeResolveRequest", () => {
  it("decodes addr, addr by coin type and text queries, lower-casing the name", () => {
    expect(decodeResolveRequest(resolveCall("alice.fundament", addrCall("alice.fundament")))).toEqual({
      name: "alice.fundament",
      query: { kind: "addr", coinType: 60n },
    });
    const byCoin = encodeFunctionData({
      abi: resolverQueryAbi,
      functionName: "addr",
      args: [namehash("Alice.fundament"), 2_147_492_101n],
    });
    expect(decodeResolveRequest(resolveCall("Alice.fundament", byCoin))).toEqual({
      name: "alice.fundament",
      query: { kind: "addrByCoinType", coinType: 2_147_492_101n },
    });
    const text = encodeFunctionData({
      abi: resolverQueryAbi,
      functionName: "text",
      args: [namehash("alice.fundament"), "avatar"],
    });
    expect(decodeResolveRequest(resolveCall("alice.fundament", text)).query).toEqual({ kind: "text", key: "avatar" });
  });

  it("answers 400 for malformed data and 404 for calls it does not serve", () => {
    expect(failure(() => decodeResolveRequest("0x9061b92"))).toEqual([400, "data must be 0x-prefixed hex"]);
    expect(failure(() => decodeResolveRequest("nothex"))).toEqual([400, "data must be 0x-prefixed hex"]);
    expect(failure(() => decodeResolveRequest(`0x9061b923${"00".repeat(2048)}`))).toEqual([
      400,
      "data must be at most 2048 bytes",
    ]);
    expect(failure(() => decodeResolveRequest("0x9061b923deadbeef"))).toEqual([
      400,
      "data is not a valid resolve(bytes,bytes) call",
    ]);
    expect(failure(() => decodeResolveRequest(addrCall("alice.fundament")))).toEqual([
      404,
      "The gateway answers only resolve(bytes,bytes)",
    ]);
    const contenthash = `0xbc1c58d1${namehash("alice.fundament").slice(2)}` as Hex;
    expect(failure(() => decodeResolveRequest(resolveCall("alice.fundament", contenthash)))).toEqual([
      404,
      "Unsupported resolver function 0xbc1c58d1",
    ]);
    expect(failure(() => decodeResolveRequest(resolveCall("alice.fundament", addrCall("bob.fundament"))))).toEqual([
      400,
      "The query's node is not the name's namehash",
    ]);
    const nul = "al\u0000ce.fundament";
    expect(failure(() => decodeResolveRequest(resolveCall(nul, addrCall(nul))))).toEqual([
      400,
      "The name contains a control character",
    ]);
    // The name is read as its bytes are: a byte order mark does not make it alice.fundament.
    const bom = resolveCall("alice.fundament", addrCall("alice.fundament"), dns("\ufeffalice.fundament"));
    expect(failure(() => decodeResolveRequest(bom))).toEqual([400, "The query's node is not the name's namehash"]);
    const longKey = encodeFunctionData({
      abi: resolverQueryAbi,
      functionName: "text",
      args: [namehash("alice.fundament"), "k".repeat(257)],
    });
    expect(failure(() => decodeResolveRequest(resolveCall("alice.fundament", longKey)))[0]).toBe(400);
  });
});

describe("answerResolverQuery", () => {
  const records = {
    addresses: { [String((0x8000_0000 | 8453) >>> 0)]: { address: ALICE.toLowerCase() } },
    attributes: { "com.twitter": "fundament", weird: 3 },
  };
  const decode = (type: "address" | "bytes" | "string", data: Hex) => decodeAbiParameters([{ type }], data)[0];

  it("answers EVM coin types with the name's one address, whatever EVM coin type it was registered under", () => {
    expect(isEvmCoinType(60n)).toBe(true);
    expect(isEvmCoinType(0x8000_0000n)).toBe(true);
    expect(isEvmCoinType(0n)).toBe(false);
    expect(isEvmCoinType(0x1_0000_0000n)).toBe(false);
    expect(evmAddressFor(records, 60n)).toBe(ALICE);
    expect(decode("address", answerResolverQuery(records, { kind: "addr", coinType: 60n }))).toBe(ALICE);
    expect(decode("bytes", answerResolverQuery(records, { kind: "addrByCoinType", coinType: 0x8000_2105n }))).toBe(
      ALICE.toLowerCase(),
    );
    expect(decode("bytes", answerResolverQuery(records, { kind: "addrByCoinType", coinType: 0n }))).toBe("0x");
  });

  it("answers zero values for an unknown name or a missing record", () => {
    expect(decode("address", answerResolverQuery(undefined, { kind: "addr", coinType: 60n }))).toBe(zeroAddress);
    expect(decode("bytes", answerResolverQuery(undefined, { kind: "addrByCoinType", coinType: 60n }))).toBe("0x");
    expect(decode("string", answerResolverQuery(records, { kind: "text", key: "com.twitter" }))).toBe("fundament");
    expect(decode("string", answerResolverQuery(records, { kind: "text", key: "weird" }))).toBe("");
    expect(decode("string", answerResolverQuery(undefined, { kind: "text", key: "avatar" }))).toBe("");
  });
});

describe("answerCcipRequest", () => {
  const config = { signerKey: KEY, resolverAddress: RESOLVER, ttlSeconds: 300 } as const;
  const lookup = async (name: string) =>
    name === "alice.fundament" ? { addresses: { "60": { address: ALICE } }, attributes: {} } : undefined;

  it("signs the answer for the resolver, the request and the expiry", async () => {
    const request = resolveCall("alice.fundament", addrCall("alice.fundament"));
    const data = await answerCcipRequest({
      sender: RESOLVER.toLowerCase(),
      data: request,
      config,
      lookup,
      nowSeconds: 1000.7,
    });
    const [result, expires, signature] = decodeAbiParameters(
      [{ type: "bytes" }, { type: "uint64" }, { type: "bytes" }],
      data,
    );
    expect(decodeAbiParameters([{ type: "address" }], result)[0]).toBe(ALICE);
    expect(expires).toBe(1300n);
    const hash = ccipSignatureHash({ resolver: RESOLVER, expires, request, result });
    expect(await recoverAddress({ hash, signature })).toBe(privateKeyToAccount(KEY).address);
    // The digest is the resolver's: 0x1900 ‖ resolver ‖ expires ‖ keccak(request) ‖ keccak(result).
    expect(hash).toBe(
      keccak256(
        `0x1900${RESOLVER.slice(2)}${expires.toString(16).padStart(16, "0")}${keccak256(request).slice(2)}${keccak256(result).slice(2)}`.toLowerCase() as Hex,
      ),
    );
  });

  it("refuses another resolver and a malformed sender", async () => {
    const request = resolveCall("alice.fundament", addrCall("alice.fundament"));
    await expect(
      answerCcipRequest({ sender: zeroAddress, data: request, config, lookup, nowSeconds: 0 }),
    ).rejects.toMatchObject({ statusCode: 404, message: `This gateway answers only for the resolver ${RESOLVER}` });
    await expect(
      answerCcipRequest({ sender: "0x1234", data: request, config, lookup, nowSeconds: 0 }),
    ).rejects.toMatchObject({ statusCode: 400, message: "sender must be a 0x address" });
  });
});

describe("ccipConfig", () => {
  const fail = (message: string): never => {
    throw new Error(message);
  };

  it("is read by loadConfig, which stops on a half or invalid configuration without echoing the key", () => {
    const base = { CHAIN_ID: "999" };
    expect(loadConfig(base).ccip).toBeUndefined();
    expect(
      loadConfig({ ...base, CCIP_SIGNER_KEY: KEY, CCIP_RESOLVER_ADDRESS: RESOLVER, CCIP_TTL_SECONDS: "" }).ccip,
    ).toEqual({ signerKey: KEY, resolverAddress: RESOLVER, ttlSeconds: 300 });
    expect(() => loadConfig({ ...base, CCIP_SIGNER_KEY: KEY })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, CCIP_RESOLVER_ADDRESS: RESOLVER })).toThrow(
      "CCIP_SIGNER_KEY and CCIP_RESOLVER_ADDRESS turn the CCIP-Read gateway on together",
    );
    const badKey = `${KEY.slice(0, 40)}zz`;
    expect(() => loadConfig({ ...base, CCIP_SIGNER_KEY: badKey, CCIP_RESOLVER_ADDRESS: RESOLVER })).toThrow(
      "CCIP_SIGNER_KEY: must be a 0x-prefixed 32-byte private key",
    );
    const message = (() => {
      try {
        loadConfig({ ...base, CCIP_SIGNER_KEY: badKey, CCIP_RESOLVER_ADDRESS: "0x12" });
        return "no error";
      } catch (error) {
        return String(error);
      }
    })();
    expect(message).toContain("CCIP_RESOLVER_ADDRESS: must be the OffchainResolver's 0x address");
    expect(message).not.toContain(badKey.slice(2, 30));
    expect(() =>
      loadConfig({ ...base, CCIP_SIGNER_KEY: KEY, CCIP_RESOLVER_ADDRESS: RESOLVER, CCIP_TTL_SECONDS: "5" }),
    ).toThrow(/CCIP_TTL_SECONDS/);
  });

  it("is off without both variables and refuses only one", () => {
    expect(ccipConfig({ CCIP_TTL_SECONDS: 300 }, fail)).toBeUndefined();
    expect(() => ccipConfig({ CCIP_SIGNER_KEY: KEY, CCIP_TTL_SECONDS: 300 }, fail)).toThrow(
      "CCIP_SIGNER_KEY and CCIP_RESOLVER_ADDRESS turn the CCIP-Read gateway on together",
    );
    expect(
      ccipConfig({ CCIP_SIGNER_KEY: KEY, CCIP_RESOLVER_ADDRESS: RESOLVER.toLowerCase(), CCIP_TTL_SECONDS: 60 }, fail),
    ).toEqual({ signerKey: KEY, resolverAddress: RESOLVER, ttlSeconds: 60 });
  });
});
