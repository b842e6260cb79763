import { rpcUrl } from "./testChain.js";

/** One JSON-RPC call to the test anvil (snapshots, reverts). */
export async function rpc<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await response.json()) as { result: T }).result;
}

/** Runs `fn` and puts the chain back as it was, so write tests do not change what other tests read. */
export async function withSnapshot<T>(fn: () => Promise<T>): Promise<T> {
  const snapshot = await rpc<string>("evm_snapshot");
  try {
    return await fn();
  } finally {
    await rpc("evm_revert", [snapshot]);
  }
}

/** Methods that only a transaction (or its pre-flight) sends. */
export const PROMPT_METHODS = ["eth_sendTransaction", "eth_sendRawTransaction", "eth_estimateGas", "eth_simulateV1"];
