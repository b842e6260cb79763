/**
 * ERC-4337 on the tests' anvil: the EntryPoint v0.8, SimpleAccountFactory and FundPaymaster deployed the way
 * scripts/deploy.mjs deploys them (100 ETH deposit, a budget per account), and Pimlico's Alto against the chain.
 * Start it after an anvil snapshot and revert after stopping it: the bundler keeps its own view of the chain.
 */

import { deployAccountAbstraction } from "@fundament/scripts/deploy";
import { startBundler } from "@fundament/scripts/lib/bundler";
import { devLocalAccount, freePort } from "@fundament/test-chain";
import { type Address, createWalletClient, custom, type EIP1193RequestFn, http, parseEther } from "viem";
import type { Deployment } from "../src/deployment/deployment.js";
import { accounts, chain, deployment, rpcUrl } from "./chain.js";
import { publicClient } from "./fund.js";

export const SPONSOR_BUDGET = parseEther("0.01");

export type SmartAccountStack = { deployment: Deployment; bundlerUrl: string; stop: () => Promise<void> };

/** Deploys the ERC-4337 contracts (admin = account 0) and starts Alto; `stop()` stops Alto. */
export async function startSmartAccountStack(): Promise<SmartAccountStack> {
  const admin = devLocalAccount(0);
  const walletClient = createWalletClient({ account: admin, chain, transport: http(rpcUrl) });
  const aa = await deployAccountAbstraction({
    publicClient,
    walletClient,
    fund: deployment.investmentFund,
    owner: admin.address,
    paymasterDeposit: parseEther("100"),
    sponsorBudget: SPONSOR_BUDGET,
    deployContract: async (artifact, args, label) => {
      const hash = await walletClient.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args });
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (!receipt.contractAddress) throw new Error(`${label} was not deployed`);
      return { address: receipt.contractAddress };
    },
    log: () => undefined,
  });
  const bundler = await startBundler({ rpcUrl, entryPoint: aa.entryPoint, port: await freePort() });
  return { deployment: { ...deployment, ...aa, bundlerUrl: bundler.url }, bundlerUrl: bundler.url, stop: bundler.stop };
}

/**
 * A wallet client for dev account `index` that forwards to anvil as an injected wallet does (anvil signs typed data
 * for its unlocked accounts) and records every prompt: transactions and signatures.
 */
export function promptingWallet(index: number, { reject = false }: { reject?: boolean } = {}) {
  const prompts: string[] = [];
  const upstream = http(rpcUrl)({ chain, retryCount: 0 });
  const signing = new Set(["eth_sendTransaction", "eth_signTypedData_v4", "personal_sign", "wallet_sendCalls"]);
  const request: EIP1193RequestFn = async (args) => {
    if (signing.has(args.method)) {
      prompts.push(args.method);
      if (reject) throw Object.assign(new Error("User rejected the request."), { code: 4001 });
    }
    return upstream.request(args as never) as never;
  };
  const walletClient = createWalletClient({
    account: accounts[index] as Address,
    chain,
    transport: custom({ request }),
  });
  return { walletClient, prompts };
}
