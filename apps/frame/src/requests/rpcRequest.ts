/**
 * RPC_REQUEST, one EIP-1193 request: answered by the frame itself, forwarded to the chain's node, or queued for the
 * person's approval; anything else is refused (`src/rpc.ts` keeps the lists).
 */
import { FRAME_ERRORS, RPC_ERROR_CODES } from "@fundament/wallet/embedded-protocol";
import { toHex } from "viem";
import { parseApprovalRequest } from "../approval/index.js";
import { enqueueApproval } from "../approvalQueue.js";
import { configuredChain, type FrameContext, requireWallet } from "../frameContext.js";
import { restoreSession } from "../keyLifecycle.js";
import { FORWARDED_METHODS, isApprovalMethod, RpcError, rpcCall } from "../rpc.js";
import type { RequestInput, RequestResult, RequestSender } from "./types.js";

/** The methods the frame answers itself, without the node and without approval. */
const localMethods = {
  eth_chainId: async (frame: FrameContext) => toHex(frame.state.chainId),
  eth_accounts: async (frame: FrameContext) => {
    await restoreSession(frame);
    const { account } = frame.state;
    return account ? [account.address] : [];
  },
  eth_requestAccounts: async (frame: FrameContext) => {
    await restoreSession(frame);
    return [requireWallet(frame).account.address];
  },
  wallet_switchEthereumChain: async (frame: FrameContext, params: unknown) => {
    const requested = requestedChainId(params);
    const target = typeof requested === "string" ? Number.parseInt(requested, 16) : Number.NaN;
    if (!configuredChain(frame, target)) throw new RpcError(4902, `Unrecognized chain ID ${String(requested)}.`);
    frame.state.chainId = target;
    return null;
  },
} satisfies Record<string, (frame: FrameContext, params: unknown) => Promise<unknown>>;

function isLocalMethod(method: string): method is keyof typeof localMethods {
  return Object.hasOwn(localMethods, method);
}

/** `wallet_switchEthereumChain`'s `[{ chainId }]`, as sent. */
function requestedChainId(params: unknown): unknown {
  const first: unknown = Array.isArray(params) ? params[0] : undefined;
  return typeof first === "object" && first !== null && "chainId" in first ? first.chainId : undefined;
}

export async function rpcRequest(
  frame: FrameContext,
  { method, params, chainId, requestedChain }: RequestInput["RPC_REQUEST"],
  from: RequestSender,
): RequestResult<"RPC_REQUEST"> {
  const chain = configuredChain(frame, chainId);
  if (!chain) throw new RpcError(4901, `The wallet is not connected to chain ${requestedChain}`);
  if (isLocalMethod(method)) return localMethods[method](frame, params);
  if (FORWARDED_METHODS.has(method)) return rpcCall(frame.fetch, chain.rpcUrl, method, params);
  if (!isApprovalMethod(method)) throw new RpcError(RPC_ERROR_CODES.unsupportedMethod, FRAME_ERRORS.methodNotAllowed);
  const wallet = requireWallet(frame);
  const request = parseApprovalRequest(method, params, wallet.account.address);
  return enqueueApproval(frame, { requestId: from.id, request, origin: from.origin, chain });
}
