/** Clients on the anvil of globalSetup, and wallet transports that behave like a browser wallet. */

import { DEV_ACCOUNTS } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import {
  type Address,
  createTestClient,
  createWalletClient,
  custom,
  type EIP1193RequestFn,
  http,
  type PublicClient,
  type Transport,
} from "viem";
import { inject } from "vitest";
import { createFundPublicClient } from "../src/chains/createFundPublicClient.js";
import { localChain } from "../src/chains/localChain.js";
import { type Deployment, parseDeployment } from "../src/deployment/deployment.js";

/** The run's chain (reset after every file that imports this module). */
export const { rpcUrl } = testChainForFile();
export const deployment: Deployment = parseDeployment(inject("deployment"));
export const chain = localChain(rpcUrl);

/** anvil's dev accounts 0-9 (unlocked on the node, so a JSON-RPC account can send from them). */
export const accounts = DEV_ACCOUNTS.map((account) => account.address) as [
  Address,
  Address,
  Address,
  Address,
  Address,
  Address,
  Address,
  Address,
  Address,
  Address,
];

export const testClient = createTestClient({ chain, mode: "anvil", transport: http(rpcUrl) });

/** A public client like the app's, with a count of the HTTP requests it made. */
export function countingPublicClient(): { client: PublicClient; requests: () => number; bodies: unknown[] } {
  let count = 0;
  const bodies: unknown[] = [];
  const transport = http(rpcUrl, {
    onFetchRequest: async (request) => {
      count++;
      bodies.push(await request.clone().json());
    },
  });
  return { client: createFundPublicClient({ chainId: chain.id, rpcUrl, transport }), requests: () => count, bodies };
}

export type WalletBehaviour = {
  /** Answer wallet prompts (eth_sendTransaction) with EIP-1193 error 4001, as a user clicking "Reject" does. */
  reject?: boolean;
  /** Send approvals with too little gas, so they are mined and revert. */
  starveApprovals?: boolean;
};

/**
 * A wallet client for dev account `index` whose transport forwards to anvil the way an injected
 * wallet does, records every prompt (eth_sendTransaction) and can misbehave on request.
 */
export function wallet(index: number, behaviour: WalletBehaviour = {}) {
  const prompts: { method: string; params?: unknown }[] = [];
  const upstream = http(rpcUrl)({ chain, retryCount: 0 });
  const request: EIP1193RequestFn = async (args) => {
    if (args.method === "eth_sendTransaction") {
      prompts.push(args);
      if (behaviour.reject) throw Object.assign(new Error("User rejected the request."), { code: 4001 });
      const [tx] = args.params as [{ data?: string; gas?: string }];
      if (behaviour.starveApprovals && tx.data?.startsWith("0x095ea7b3")) {
        return upstream.request({ method: "eth_sendTransaction", params: [{ ...tx, gas: "0x61a8" }] }) as never;
      }
    }
    return upstream.request(args as never) as never;
  };
  const transport: Transport = custom({ request });
  const walletClient = createWalletClient({ account: accounts[index] as Address, chain, transport });
  return { walletClient, prompts };
}

/** Takes an anvil snapshot; the returned function restores it (state, time and blocks). */
export async function snapshot(): Promise<() => Promise<void>> {
  const id = await testClient.snapshot();
  return async () => {
    await testClient.revert({ id });
  };
}
