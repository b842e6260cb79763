/**
 * Which EIP-1193 methods the frame answers, and how. The lists are the frame's own, deliberately short: a method not
 * named here is refused ('Requested RPC call is not allowed'), whatever the app asks for.
 */

/** Read-only methods passed through to the chain's RPC node unchanged (spec §6 "safe read-only"). */
export const FORWARDED_METHODS: ReadonlySet<string> = new Set([
  "eth_call",
  "eth_getBalance",
  "eth_blockNumber",
  "eth_estimateGas",
  "eth_gasPrice",
  "eth_maxPriorityFeePerGas",
  "eth_feeHistory",
  "eth_getCode",
  "eth_getLogs",
  "eth_getTransactionByHash",
  "eth_getTransactionReceipt",
  "eth_getTransactionCount",
  "eth_getBlockByNumber",
  "wallet_getCapabilities",
]);

/** Signing or sending: only after the person's click on Approve in the frame. */
export const APPROVAL_METHODS = ["personal_sign", "eth_signTypedData_v4", "eth_sendTransaction"] as const;
export type ApprovalMethod = (typeof APPROVAL_METHODS)[number];

export function isApprovalMethod(method: string): method is ApprovalMethod {
  return (APPROVAL_METHODS as readonly string[]).includes(method);
}

/** An error with an EIP-1193 / JSON-RPC code, answered to the app as `{ message, code }`. */
export class RpcError extends Error {
  override name = "RpcError";
  constructor(
    readonly code: number | string,
    message: string,
  ) {
    super(message);
  }
}

/** One JSON-RPC call to a node; the node's own error (code and message) is passed on. */
export async function rpcCall(
  fetchFn: typeof fetch,
  rpcUrl: string,
  method: string,
  params: unknown,
): Promise<unknown> {
  const response = await fetchFn(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: params ?? [] }),
  });
  if (!response.ok) throw new RpcError(-32603, `The network's RPC node answered ${response.status}`);
  const body = (await response.json()) as { result?: unknown; error?: { code?: number; message?: string } };
  if (body.error) throw new RpcError(body.error.code ?? -32603, body.error.message ?? "RPC error");
  return body.result;
}
