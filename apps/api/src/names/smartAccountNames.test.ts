/**
 * Name registration by a smart account on a real anvil: the test-only Erc1271TestAccount behind OpenAccountFactory
 * (contracts/test/mocks, built by `forge build`). Not yet deployed, its ERC-6492-wrapped signature is checked by
 * viem's `verifyMessage` through the chain's client; once deployed, a plain signature is checked with ERC-1271.
 * A key that is not the account owner's is refused.
 */

import { ensureArtifacts, loadArtifact } from "@fundament/scripts/lib/foundry";
import { devLocalAccount } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import { type Address, createPublicClient, createWalletClient, encodeFunctionData, type Hex, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { serializeErc6492Signature } from "viem/utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../testing/testApp.js";
import { coinTypeOf } from "./nameStore.js";

const DEPLOYER = devLocalAccount(0);
const factoryAbi = [
  {
    type: "function",
    name: "getAddress",
    stateMutability: "view",
    inputs: [
      { name: "owner", type: "address" },
      { name: "salt", type: "uint256" },
    ],
    outputs: [{ type: "address" }],
  },
  {
    type: "function",
    name: "createAccount",
    stateMutability: "nonpayable",
    inputs: [
      { name: "owner", type: "address" },
      { name: "salt", type: "uint256" },
    ],
    outputs: [{ type: "address" }],
  },
] as const;

const { rpcUrl } = testChainForFile();
let t: TestApp;
let openFactory: Address;
let publicClient: ReturnType<typeof createPublicClient>;

beforeAll(async () => {
  publicClient = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
  await ensureArtifacts([["OpenAccountFactory.sol", "OpenAccountFactory"]]);
  const open = loadArtifact("OpenAccountFactory.sol", "OpenAccountFactory");
  const deployer = createWalletClient({ account: DEPLOYER, chain: foundry, transport: http(rpcUrl) });
  const receipt = await publicClient.waitForTransactionReceipt({
    hash: await deployer.deployContract({ abi: open.abi, bytecode: open.bytecode }),
  });
  openFactory = receipt.contractAddress as Address;
  t = await testApp({ RPC_URLS: `31337=${rpcUrl}` });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** `later`: seconds added to now (a registration must be newer than the address's last one). */
async function register(address: Address, name: string, sign: (message: string) => Promise<Hex>, later = 0) {
  const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) + later });
  return t.app.inject({
    method: "POST",
    url: "/v1/profile/account",
    payload: { coin_type: coinTypeOf(31337), address, message, signature: await sign(message) },
  });
}

describe("name registration by a smart account (ERC-6492 / ERC-1271) on a real chain", () => {
  it("registers for a counterfactual account, refuses a stranger's key, and again once the account is deployed", async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const account = await publicClient.readContract({
      address: openFactory,
      abi: factoryAbi,
      functionName: "getAddress",
      args: [owner.address, 3n],
    });
    expect(await publicClient.getCode({ address: account })).toBeUndefined();
    const wrapped = (signer: typeof owner) => async (message: string) =>
      serializeErc6492Signature({
        address: openFactory,
        data: encodeFunctionData({ abi: factoryAbi, functionName: "createAccount", args: [owner.address, 3n] }),
        signature: await signer.signMessage({ message }),
      });

    const refused = await register(account, "smart-one.fundament", wrapped(privateKeyToAccount(generatePrivateKey())));
    expect(refused.statusCode).toBe(401);
    const accepted = await register(account, "smart-one.fundament", wrapped(owner));
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().addresses[String(coinTypeOf(31337))].address).toBe(account);

    await publicClient.waitForTransactionReceipt({
      hash: await createWalletClient({ account: DEPLOYER, chain: foundry, transport: http(rpcUrl) }).writeContract({
        address: openFactory,
        abi: factoryAbi,
        functionName: "createAccount",
        args: [owner.address, 3n],
      }),
    });
    expect(await publicClient.getCode({ address: account })).toMatch(/^0x[0-9a-f]{100,}/);
    const stranger = privateKeyToAccount(generatePrivateKey());
    expect(
      (await register(account, "smart-two.fundament", (message) => stranger.signMessage({ message }), 5)).statusCode,
    ).toBe(401);
    const renamed = await register(account, "smart-two.fundament", (message) => owner.signMessage({ message }), 5);
    expect(renamed.statusCode).toBe(201);
    expect((await t.app.inject(`/v1/profile/reverse/${account}`)).json().map((r: { name: string }) => r.name)).toEqual([
      "smart-two.fundament",
    ]);
  });
});
