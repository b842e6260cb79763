/**
 * Sign-in with smart accounts through the real `/auth/verify` (viem's `verifySiweMessage` with the chain's public
 * client) against a real anvil holding eth-infinitism's ERC-4337 v0.8 contracts from npm:
 * - ERC-1271: Simple7702Account (an EOA delegated to it with EIP-7702) answers `isValidSignature`, so the account's
 *   signature is checked on chain and the session is the account's.
 * - SimpleAccount v0.8 (the fund's smart accounts) has no `isValidSignature` (permissionless: "Simple account isn't
 *   1271 compliant"), deployed or not (ERC-6492): its signature is refused with a clear 401, which is why the app
 *   signs in with the smart account's owner, whose session covers the account it owns.
 * - ERC-6492, accepted: a counterfactual account whose factory anyone may call (as Coinbase Smart Wallet's and Safe's
 *   are), here the test-only Erc1271TestAccount + OpenAccountFactory (contracts/test/mocks, built by `forge build`,
 *   read from contracts/out): the verifier runs the wrapped deployment in a simulation, asks the account, and the
 *   session is the not-yet-deployed account's; a wrong key is refused.
 */

import { deployDeterministic, ENTRY_POINT_SALT, loadAccountAbstractionArtifact } from "@fundament/scripts/lib/bundler";
import { ensureArtifacts, loadArtifact } from "@fundament/scripts/lib/foundry";
import { devLocalAccount } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeDeployData,
  encodeFunctionData,
  type Hex,
  http,
  type PublicClient,
  parseEther,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { createSiweMessage } from "viem/siwe";
import { serializeErc6492Signature } from "viem/utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../testing/testApp.js";

const DOMAIN = "localhost:5173";
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
const DEPLOYER = devLocalAccount(0);
let t: TestApp;
let entryPoint: Address;
let factory: Address;
let simple7702: Address;
let openFactory: Address;
let publicClient: PublicClient;

const rpc = (method: string, params: unknown[]) => publicClient.request({ method, params } as never);

beforeAll(async () => {
  const chain = { ...foundry, rpcUrls: { default: { http: [rpcUrl] } } };
  publicClient = createPublicClient({ chain, transport: http(rpcUrl) });
  const deployer = createWalletClient({
    account: DEPLOYER,
    chain,
    transport: http(rpcUrl),
  });
  const artifact = loadAccountAbstractionArtifact;
  const create2 = async (initCode: Hex, label: string) =>
    (await deployDeterministic({ publicClient, walletClient: deployer, salt: ENTRY_POINT_SALT, initCode, label }))
      .address;
  entryPoint = await create2(artifact("EntryPoint").bytecode, "EntryPoint");
  const factoryArtifact = artifact("SimpleAccountFactory");
  factory = await create2(
    encodeDeployData({ abi: factoryArtifact.abi, bytecode: factoryArtifact.bytecode, args: [entryPoint] }),
    "SimpleAccountFactory",
  );
  simple7702 = await create2(artifact("Simple7702Account").bytecode, "Simple7702Account");
  // Built by `forge build` (a fresh checkout builds here once).
  await ensureArtifacts([["OpenAccountFactory.sol", "OpenAccountFactory"]]);
  const open = loadArtifact("OpenAccountFactory.sol", "OpenAccountFactory");
  const deployed = await publicClient.waitForTransactionReceipt({
    hash: await deployer.deployContract({ abi: open.abi, bytecode: open.bytecode }),
  });
  openFactory = deployed.contractAddress as Address;
  t = await testApp({ SIWE_DOMAINS: DOMAIN, RPC_URLS: `31337=${rpcUrl}` });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function signIn(address: Address, sign: (message: string) => Promise<Hex>) {
  const nonce = (await t.app.inject("/auth/nonce")).json().nonce as string;
  const message = createSiweMessage({
    address,
    chainId: 31337,
    domain: DOMAIN,
    nonce,
    uri: `http://${DOMAIN}`,
    version: "1",
    issuedAt: new Date(),
  });
  const signature = await sign(message);
  return t.app.inject({ method: "POST", url: "/auth/verify", payload: { message, signature } });
}

/** The owner's SimpleAccount address, and a deployment of it as the EntryPoint's SenderCreator does one. */
async function simpleAccountOf(owner: Address, { deploy }: { deploy: boolean }): Promise<Address> {
  const address = await publicClient.readContract({
    address: factory,
    abi: factoryAbi,
    functionName: "getAddress",
    args: [owner, 0n],
  });
  if (deploy) {
    const senderCreator = await publicClient.readContract({
      address: entryPoint,
      abi: [
        {
          type: "function",
          name: "senderCreator",
          stateMutability: "view",
          inputs: [],
          outputs: [{ type: "address" }],
        },
      ],
      functionName: "senderCreator",
    });
    await rpc("anvil_impersonateAccount", [senderCreator]);
    await rpc("anvil_setBalance", [senderCreator, `0x${parseEther("1").toString(16)}`]);
    const wallet = createWalletClient({ account: senderCreator, chain: foundry, transport: http(rpcUrl) });
    await publicClient.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: factory,
        abi: factoryAbi,
        functionName: "createAccount",
        args: [owner, 0n],
      }),
    });
    await rpc("anvil_stopImpersonatingAccount", [senderCreator]);
    expect(await publicClient.getCode({ address })).toMatch(/^0x[0-9a-f]{100,}/);
  }
  return address;
}

describe("sign-in with smart accounts (ERC-1271 / ERC-6492) on a real chain", () => {
  it("ERC-1271: an account whose isValidSignature answers (Simple7702Account through EIP-7702) signs in as itself", async () => {
    const eoa = privateKeyToAccount(generatePrivateKey());
    await rpc("anvil_setBalance", [eoa.address, `0x${parseEther("1").toString(16)}`]);
    const wallet = createWalletClient({ account: eoa, chain: foundry, transport: http(rpcUrl) });
    const authorization = await wallet.signAuthorization({ contractAddress: simple7702, executor: "self" });
    await publicClient.waitForTransactionReceipt({
      hash: await wallet.sendTransaction({ authorizationList: [authorization], to: eoa.address, data: "0x" }),
    });
    // The address now has code: the verifier must ask the account (ERC-1271), not just recover the key.
    expect(await publicClient.getCode({ address: eoa.address })).toBe(`0xef0100${simple7702.slice(2).toLowerCase()}`);
    const accepted = await signIn(eoa.address, (message) => eoa.signMessage({ message }));
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ address: eoa.address, chainId: 31337 });

    // A key that is not the account's is refused by the account's own check.
    const stranger = privateKeyToAccount(generatePrivateKey());
    const refused = await signIn(eoa.address, (message) => stranger.signMessage({ message }));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe("The signature does not match the message");
  });

  it("a deployed SimpleAccount v0.8 cannot sign in as itself (no ERC-1271): a clear 401; its owner signs in", async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const account = await simpleAccountOf(owner.address, { deploy: true });
    const refused = await signIn(account, (message) => owner.signMessage({ message }));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe("The signature does not match the message");
    // The app signs in with the owner: the smart account is the owner's (factory.getAddress(owner, 0)).
    const ownerSession = await signIn(owner.address, (message) => owner.signMessage({ message }));
    expect(ownerSession.json()).toEqual({ address: owner.address, chainId: 31337 });
  });

  it("ERC-6492: a not-yet-deployed SimpleAccount's wrapped signature is checked (deployless) and refused clearly", async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const account = await simpleAccountOf(owner.address, { deploy: false });
    expect(await publicClient.getCode({ address: account })).toBeUndefined();
    const refused = await signIn(account, async (message) =>
      serializeErc6492Signature({
        address: factory,
        data: encodeFunctionData({ abi: factoryAbi, functionName: "createAccount", args: [owner.address, 0n] }),
        signature: await owner.signMessage({ message }),
      }),
    );
    // SimpleAccountFactory v0.8 deploys only for the EntryPoint's SenderCreator, and the account has no
    // isValidSignature: the 6492 check cannot pass, and says so as a 401, not a server error.
    expect(refused.statusCode).toBe(401);
    expect(["The signature does not match the message", "The signature could not be checked"]).toContain(
      refused.json().error,
    );
    expect(await publicClient.getCode({ address: account })).toBeUndefined();
  });

  it("ERC-6492: a not-yet-deployed ERC-1271 account with an open factory signs in as itself; a wrong key is refused", async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const account = await publicClient.readContract({
      address: openFactory,
      abi: factoryAbi,
      functionName: "getAddress",
      args: [owner.address, 7n],
    });
    expect(await publicClient.getCode({ address: account })).toBeUndefined();
    const wrapped = (signer: typeof owner) => async (message: string) =>
      serializeErc6492Signature({
        address: openFactory,
        data: encodeFunctionData({ abi: factoryAbi, functionName: "createAccount", args: [owner.address, 7n] }),
        signature: await signer.signMessage({ message }),
      });

    const accepted = await signIn(account, wrapped(owner));
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ address: account, chainId: 31337 });
    // The verifier only simulated the deployment: the account still has no code.
    expect(await publicClient.getCode({ address: account })).toBeUndefined();

    const refused = await signIn(account, wrapped(privateKeyToAccount(generatePrivateKey())));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe("The signature does not match the message");

    // Once deployed, the same account signs in through ERC-1271 with a plain signature.
    await publicClient.waitForTransactionReceipt({
      hash: await createWalletClient({
        account: DEPLOYER,
        chain: foundry,
        transport: http(rpcUrl),
      }).writeContract({
        address: openFactory,
        abi: factoryAbi,
        functionName: "createAccount",
        args: [owner.address, 7n],
      }),
    });
    expect(await publicClient.getCode({ address: account })).toMatch(/^0x[0-9a-f]{100,}/);
    const deployed = await signIn(account, (message) => owner.signMessage({ message }));
    expect(deployed.json()).toEqual({ address: account, chainId: 31337 });
  });
});
