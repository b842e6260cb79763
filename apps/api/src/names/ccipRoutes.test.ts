import fc from "fast-check";
import { decodeAbiParameters, encodeFunctionData, type Hex, namehash, recoverAddress, toHex, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { packetToBytes } from "viem/ens";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CCIP_NOT_CONFIGURED } from "../routes/ccip.js";
import { type TestApp, testApp } from "../testing/testApp.js";
import { resolveAbi, resolverQueryAbi } from "./ccipRequest.js";
import { ccipSignatureHash } from "./ccipSign.js";

const KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f7603b6b78690d" as const;
const RESOLVER = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const SIGNER = privateKeyToAccount(KEY).address;

const addrLookup = (name: string): Hex =>
  encodeFunctionData({
    abi: resolveAbi,
    functionName: "resolve",
    args: [
      toHex(packetToBytes(name)),
      encodeFunctionData({ abi: resolverQueryAbi, functionName: "addr", args: [namehash(name)] }),
    ],
  });

const decodeAnswer = (data: Hex) =>
  decodeAbiParameters([{ type: "bytes" }, { type: "uint64" }, { type: "bytes" }], data) as [Hex, bigint, Hex];

describe("CCIP-Read gateway routes when not configured", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(async () => t?.close());

  it("answers 404 'CCIP-Read gateway is not configured' on GET and POST, whatever the input", async () => {
    for (const request of [
      { method: "GET" as const, url: `/ccip/${RESOLVER}/${addrLookup("alice.fundament")}.json` },
      { method: "GET" as const, url: "/ccip/nonsense/0xzz.json" },
      { method: "POST" as const, url: "/ccip", payload: { sender: RESOLVER, data: addrLookup("alice.fundament") } },
      { method: "POST" as const, url: "/ccip", payload: {} },
    ]) {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(CCIP_NOT_CONFIGURED);
    }
  });
});

describe("CCIP-Read gateway routes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ CCIP_SIGNER_KEY: KEY, CCIP_RESOLVER_ADDRESS: RESOLVER, CCIP_TTL_SECONDS: "120" });
  });
  afterAll(async () => t?.close());

  it("answers an unregistered name, on GET (lower-case sender, as clients send it) and POST, with a signed zero address", async () => {
    const request = addrLookup("nobody-here.fundament");
    const before = Math.floor(Date.now() / 1000);
    const get = await t.app.inject(`/ccip/${RESOLVER.toLowerCase()}/${request}.json`);
    expect(get.statusCode).toBe(200);
    expect(get.headers["access-control-allow-origin"]).toBe("*");
    const post = await t.app.inject({ method: "POST", url: "/ccip", payload: { sender: RESOLVER, data: request } });
    expect(post.statusCode).toBe(200);
    for (const body of [get.json(), post.json()]) {
      const [result, expires, signature] = decodeAnswer(body.data);
      expect(decodeAbiParameters([{ type: "address" }], result)[0]).toBe(zeroAddress);
      expect(Number(expires)).toBeGreaterThanOrEqual(before + 120);
      expect(Number(expires)).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 120);
      const hash = ccipSignatureHash({ resolver: RESOLVER, expires, request, result });
      expect(await recoverAddress({ hash, signature })).toBe(SIGNER);
    }
    // The `.json` suffix of the URL template is optional.
    expect((await t.app.inject(`/ccip/${RESOLVER}/${request}`)).statusCode).toBe(200);
  });

  it("refuses bad input with a 4xx and a sentence, never a 5xx", async () => {
    const request = addrLookup("alice.fundament");
    const cases: [string, number, string][] = [
      [`/ccip/0x1234/${request}.json`, 400, "sender must be a 0x address"],
      [`/ccip/${zeroAddress}/${request}.json`, 404, `This gateway answers only for the resolver ${RESOLVER}`],
      [`/ccip/${RESOLVER}/0xabc.json`, 400, "data must be 0x-prefixed hex, followed by .json"],
      [`/ccip/${RESOLVER}/${request}.txt`, 400, "data must be 0x-prefixed hex, followed by .json"],
      [`/ccip/${RESOLVER}/0x${"ab".repeat(3000)}.json`, 400, "data must be at most 2048 bytes"],
      [`/ccip/${RESOLVER}/0x3b3b57de${"00".repeat(32)}.json`, 404, "The gateway answers only resolve(bytes,bytes)"],
    ];
    for (const [url, status, message] of cases) {
      const response = await t.app.inject(url);
      expect({ url, status: response.statusCode }).toEqual({ url, status });
      expect(response.json().message).toContain(message);
      expect(response.headers["access-control-allow-origin"]).toBe("*");
    }
    // A name with a NUL byte (its node the namehash of exactly that name) is malformed, not a server error.
    const nul = addrLookup("al\u0000ce.fundament");
    for (const request of [
      { method: "GET" as const, url: `/ccip/${RESOLVER}/${nul}.json` },
      { method: "POST" as const, url: "/ccip", payload: { sender: RESOLVER, data: nul } },
    ]) {
      const response = await t.app.inject(request);
      expect({ method: request.method, status: response.statusCode }).toEqual({ method: request.method, status: 400 });
      expect(response.json().message).toBe("The name contains a control character");
      expect(response.headers["access-control-allow-origin"]).toBe("*");
    }
    const noBody = await t.app.inject({ method: "POST", url: "/ccip", payload: { sender: RESOLVER } });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().message).toContain("data is required");
  });

  it("never answers 5xx to arbitrary data", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 400 }).map((bytes) => toHex(bytes)),
          fc.uint8Array({ maxLength: 300 }).map((bytes) => `0x9061b923${toHex(bytes).slice(2)}`),
          fc.string({ maxLength: 200 }),
        ),
        async (data) => {
          const response = await t.app.inject({ method: "POST", url: "/ccip", payload: { sender: RESOLVER, data } });
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 150, seed: 16 },
    );
  });

  it("never answers 5xx to a well-formed lookup of any name, control characters and odd code points included", async () => {
    const odd = fc.constantFrom("\u0000", "\u001b", "\u007f", "\u0085", "\ufeff", "\u200d", "A", "a", "-");
    const label = fc.string({
      unit: fc.oneof(odd, fc.string({ unit: "binary", minLength: 1, maxLength: 1 })),
      maxLength: 12,
    });
    await fc.assert(
      fc.asyncProperty(fc.array(label, { minLength: 1, maxLength: 3 }), async (labels) => {
        const response = await t.app.inject(`/ccip/${RESOLVER}/${addrLookup(labels.join("."))}.json`);
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 150, seed: 16 },
    );
  });
});
