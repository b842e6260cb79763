/**
 * The CCIP-Read loop end to end on a real chain: the `OffchainResolver` built by forge (contracts/out) deployed on
 * anvil, pointing at the API listening on a local port with the gateway configured. viem's `readContract` calls
 * `resolve(name, addr(node))`, follows the `OffchainLookup` revert to the gateway (GET …/ccip/{sender}/{data}.json)
 * and calls `resolveWithProof` with the answer, which the contract checks: a name registered in the API's database
 * resolves to its address; an answer tampered with, signed by another key or expired is
 * refused by the contract itself.
 */

import { ensureArtifacts, loadArtifact } from "@fundament/scripts/lib/foundry";
import { devLocalAccount, freePort } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import {
  type Abi,
  type Address,
  BaseError,
  createPublicClient,
  createWalletClient,
  decodeAbiParameters,
  decodeErrorResult,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  http,
  namehash,
  type PublicClient,
  toHex,
  zeroAddress,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { packetToBytes } from "viem/ens";
import { ccipRequest } from "viem/utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { names } from "../db/schema.js";
import { type TestApp, testApp } from "../testing/testApp.js";
import { resolveAbi, resolverQueryAbi } from "./ccipRequest.js";

const GATEWAY_KEY = generatePrivateKey();
const ROGUE_KEY = generatePrivateKey();
const LOCAL_COIN_TYPE = (0x8000_0000 | 31_337) >>> 0;

const { rpcUrl } = testChainForFile();
let gateway: TestApp;
let rogue: TestApp;
let gatewayUrl: string;
let rogueUrl: string;
let resolver: Address;
let resolverAbi: Abi;
let client: PublicClient;

const dns = (name: string): Hex => toHex(packetToBytes(name));
const resolveArgs = (name: string, query: Hex) => [dns(name), query] as const;
const addr = (name: string) =>
  encodeFunctionData({ abi: resolverQueryAbi, functionName: "addr", args: [namehash(name)] });
const addrOfCoin = (name: string, coinType: number) =>
  encodeFunctionData({ abi: resolverQueryAbi, functionName: "addr", args: [namehash(name), BigInt(coinType)] });
const text = (name: string, key: string) =>
  encodeFunctionData({ abi: resolverQueryAbi, functionName: "text", args: [namehash(name), key] });

/** Resolves `query` for `name` through the resolver on chain, following CCIP-Read with `publicClient`. */
async function resolveOnChain(name: string, query: Hex, publicClient: PublicClient = client): Promise<Hex> {
  return publicClient.readContract({
    address: resolver,
    abi: resolveAbi,
    functionName: "resolve",
    args: resolveArgs(name, query),
  });
}

/** A client whose CCIP-Read requests go through `rewrite` (which may tamper with the gateway's answer). */
function clientWith(rewrite: (parameters: Parameters<typeof ccipRequest>[0]) => Promise<Hex>): PublicClient {
  return createPublicClient({ chain: foundry, transport: http(rpcUrl), ccipRead: { request: rewrite } });
}

/** The resolver's custom error a failed lookup ends with (found in the error's causes). */
function resolverError(error: unknown): { errorName: string; args: readonly unknown[] | undefined } {
  if (!(error instanceof BaseError)) throw error;
  let found: { errorName: string; args: readonly unknown[] | undefined } | undefined;
  error.walk((cause) => {
    const data = (cause as { data?: unknown }).data;
    const hex = typeof data === "string" ? data : (data as { data?: unknown } | undefined)?.data;
    if (found || typeof hex !== "string" || !hex.startsWith("0x") || hex.length < 10) return false;
    try {
      const decoded = decodeErrorResult({ abi: resolverAbi, data: hex as Hex });
      found = { errorName: decoded.errorName, args: decoded.args };
    } catch {
      // not one of the resolver's errors
    }
    return false;
  });
  if (!found) throw error;
  return found;
}

/**
 * Registers `name` for a fresh key in the API's database (the row `POST /v1/profile/account` writes, under the local
 * chain's coin type); returns the key's address.
 */
async function register(name: string): Promise<Address> {
  const account = privateKeyToAccount(generatePrivateKey());
  const [label = "", ...zone] = name.split(".");
  const now = new Date();
  await gateway.database.db.insert(names).values({
    name,
    label,
    zone: zone.join("."),
    address: account.address.toLowerCase(),
    coinType: LOCAL_COIN_TYPE,
    registeredAt: now,
    updatedAt: now,
  });
  return account.address;
}

beforeAll(async () => {
  client = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
  const deployer = createWalletClient({
    account: devLocalAccount(0),
    chain: foundry,
    transport: http(rpcUrl),
  });
  await ensureArtifacts([["OffchainResolver.sol", "OffchainResolver"]]);
  const artifact = loadArtifact("OffchainResolver.sol", "OffchainResolver");
  resolverAbi = artifact.abi;
  const port = await freePort();
  const roguePort = await freePort();
  gatewayUrl = `http://127.0.0.1:${port}`;
  rogueUrl = `http://127.0.0.1:${roguePort}`;
  const receipt = await client.waitForTransactionReceipt({
    hash: await deployer.deployContract({
      abi: artifact.abi,
      bytecode: artifact.bytecode,
      args: [
        [`${gatewayUrl}/ccip/{sender}/{data}.json`],
        [privateKeyToAccount(GATEWAY_KEY).address],
        deployer.account.address,
      ],
    }),
  });
  resolver = receipt.contractAddress as Address;
  const env = { CCIP_RESOLVER_ADDRESS: resolver, RPC_URLS: `31337=${rpcUrl}` };
  gateway = await testApp({ ...env, CCIP_SIGNER_KEY: GATEWAY_KEY });
  await gateway.app.listen({ host: "127.0.0.1", port });
  rogue = await testApp({ ...env, CCIP_SIGNER_KEY: ROGUE_KEY });
  await rogue.app.listen({ host: "127.0.0.1", port: roguePort });
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await rogue?.close();
});

describe("OffchainResolver + the API's CCIP-Read gateway on a real chain", () => {
  it("resolves a registered name to its address through the gateway (addr, addr by coin type, text)", async () => {
    const address = await register("alice.fundament");
    const viaAddr = await resolveOnChain("alice.fundament", addr("alice.fundament"));
    expect(decodeAbiParameters([{ type: "address" }], viaAddr)[0]).toBe(address);
    // Registered under the local chain's coin type: every EVM coin type answers the same address, others nothing.
    for (const coinType of [60, LOCAL_COIN_TYPE, (0x8000_0000 | 8453) >>> 0]) {
      const result = await resolveOnChain("alice.fundament", addrOfCoin("alice.fundament", coinType));
      expect(decodeAbiParameters([{ type: "bytes" }], result)[0]).toBe(address.toLowerCase());
    }
    const bitcoin = await resolveOnChain("alice.fundament", addrOfCoin("alice.fundament", 0));
    expect(decodeAbiParameters([{ type: "bytes" }], bitcoin)[0]).toBe("0x");
    const avatar = await resolveOnChain("alice.fundament", text("alice.fundament", "avatar"));
    expect(decodeAbiParameters([{ type: "string" }], avatar)[0]).toBe("");
  });

  it("resolves an unregistered name to the zero address, as ENS does for a missing record", async () => {
    const result = await resolveOnChain("nobody-yet.fundament", addr("nobody-yet.fundament"));
    expect(decodeAbiParameters([{ type: "address" }], result)[0]).toBe(zeroAddress);
  });

  it("refuses a gateway answer whose result was tampered with", async () => {
    const address = await register("mallory.fundament");
    const tampering = clientWith(async (parameters) => {
      const answer = await ccipRequest(parameters);
      const [, expires, signature] = decodeAbiParameters(
        [{ type: "bytes" }, { type: "uint64" }, { type: "bytes" }],
        answer,
      );
      const forged = encodeAbiParameters([{ type: "address" }], [privateKeyToAccount(ROGUE_KEY).address]);
      return encodeAbiParameters(
        [{ type: "bytes" }, { type: "uint64" }, { type: "bytes" }],
        [forged, expires, signature],
      );
    });
    const error = await resolveOnChain("mallory.fundament", addr("mallory.fundament"), tampering).catch((e) => e);
    expect(resolverError(error).errorName).toBe("InvalidSignature");
    // The same lookup, untouched, resolves.
    const honest = await resolveOnChain("mallory.fundament", addr("mallory.fundament"));
    expect(decodeAbiParameters([{ type: "address" }], honest)[0]).toBe(address);
  });

  it("refuses an answer signed by a key that is not the resolver's signer", async () => {
    const redirected = clientWith((parameters) =>
      ccipRequest({ ...parameters, urls: parameters.urls.map((url) => url.replace(gatewayUrl, rogueUrl)) }),
    );
    const error = await resolveOnChain("alice.fundament", addr("alice.fundament"), redirected).catch((e) => e);
    expect(resolverError(error)).toEqual({
      errorName: "InvalidSignature",
      args: [privateKeyToAccount(ROGUE_KEY).address],
    });
  });

  it("refuses an answer that expired before it reached the chain", async () => {
    const snapshot = await client.request({ method: "evm_snapshot", params: [] } as never);
    const late = clientWith(async (parameters) => {
      const answer = await ccipRequest(parameters);
      const [, expires] = decodeAbiParameters([{ type: "bytes" }, { type: "uint64" }, { type: "bytes" }], answer);
      // The chain moves past the answer's expiry before the wallet hands it to the resolver.
      await client.request({ method: "evm_setNextBlockTimestamp", params: [toHex(expires + 1n)] } as never);
      await client.request({ method: "evm_mine", params: [] } as never);
      return answer;
    });
    try {
      const error = await resolveOnChain("alice.fundament", addr("alice.fundament"), late).catch((e) => e);
      expect(resolverError(error)).toMatchObject({ errorName: "ResponseExpired" });
    } finally {
      await client.request({ method: "evm_revert", params: [snapshot] } as never);
    }
  });
});
