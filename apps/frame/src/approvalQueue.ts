/**
 * The approval queue: signing requests wait here, the first one is read and shown (`src/approval/` describes it), and
 * each is settled once, by Approve (signed exactly as shown), by Reject (which aborts every other open one) or by an
 * abort (RPC_ABORT, sign-out).
 */
import { FRAME_ERRORS, RPC_ERROR_CODES } from "@fundament/wallet/embedded-protocol";
import { sendTransaction } from "viem/actions";
import {
  type ApprovalRequest,
  type ApprovalView,
  type DescribeApprovalParameters,
  describeApproval,
} from "./approval/index.js";
import type { FrameChain } from "./config.js";
import { errorPayload } from "./errorPayload.js";
import {
  chainClient,
  type FrameContext,
  hide,
  notify,
  type PendingApproval,
  requireWallet,
  show,
  viemChain,
} from "./frameContext.js";
import { RpcError } from "./rpc.js";
import { renderApproval, renderBusy } from "./ui.js";

/** The modal's title while the request is being read; the view's own title replaces it once read. */
const READING_TITLES: Record<ApprovalRequest["method"], string> = {
  personal_sign: "Sign a message",
  eth_signTypedData_v4: "Sign typed data",
  eth_sendTransaction: "Approve transaction",
};

/** Queues a parsed signing request; the promise settles with the signature (or hash) or the person's refusal. */
export function enqueueApproval(
  frame: FrameContext,
  item: { requestId: string; request: ApprovalRequest; origin: string; chain: FrameChain },
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    frame.state.approvals.push({ ...item, resolve, reject });
    notify(frame, "RPC_REQUEST_APPROVAL", { requestId: item.requestId, method: item.request.method });
    void showNext(frame);
  });
}

function settle(frame: FrameContext, item: PendingApproval, approved: boolean) {
  const { state } = frame;
  const index = state.approvals.indexOf(item);
  if (index >= 0) state.approvals.splice(index, 1);
  if (state.showing === item) state.showing = undefined;
  notify(frame, "RPC_REQUEST_DONE", { requestId: item.requestId, approved });
  if (state.approvals.length > 0) void showNext(frame);
  else if (!state.showing) hide(frame);
}

/** Rejects every open signing request: the spec's "rejecting aborts the open unsafe requests". */
export function abortApprovals(frame: FrameContext, message: string, first?: PendingApproval) {
  const { state } = frame;
  const open = [...state.approvals];
  state.approvals.length = 0;
  state.showing = undefined;
  for (const item of open) {
    item.reject(new RpcError(RPC_ERROR_CODES.userRejected, item === first ? FRAME_ERRORS.userRejected : message));
    notify(frame, "RPC_REQUEST_DONE", { requestId: item.requestId, approved: false });
  }
  if (open.length > 0) hide(frame);
}

/** Shows the first waiting request, once read; nothing is shown while another request is on screen. */
async function showNext(frame: FrameContext) {
  const { state } = frame;
  const item = state.approvals[0];
  if (!item || state.showing) return;
  state.showing = item;
  show(frame, "approval", READING_TITLES[item.request.method]);
  renderBusy(frame.root, "Reading the request…");
  const parameters = describeParameters(frame, item);
  let view: ApprovalView;
  try {
    view = await describeApproval(parameters);
  } catch (error) {
    if (state.showing !== item) return;
    // Nothing can be approved unseen.
    item.reject(new RpcError(-32603, `The request could not be read: ${errorPayload(error).message}`));
    settle(frame, item, false);
    return;
  }
  if (state.showing !== item) return; // aborted while reading
  // Now that the request is read, the modal's title says what it is ("Sign in to …", "Sign to register …").
  if (view.title !== READING_TITLES[item.request.method]) show(frame, "approval", view.title);
  renderApproval(frame.root, view, {
    onReject: () => abortApprovals(frame, FRAME_ERRORS.aborted, item),
    onApprove: () => void execute(frame, item),
  });
}

/** What the request is described from: the request itself and chain reads, never anything the app says. */
function describeParameters(frame: FrameContext, item: PendingApproval): DescribeApprovalParameters {
  const wallet = requireWallet(frame);
  const { client, tokens } = chainClient(frame, item.chain);
  return {
    request: item.request,
    origin: item.origin,
    account: wallet.account.address,
    chain: item.chain,
    client,
    knownContracts: frame.config.knownContracts,
    tokens,
    ethUsd: () => frame.api.ethUsdPrice(item.chain.id),
  };
}

async function execute(frame: FrameContext, item: PendingApproval) {
  renderBusy(frame.root, item.request.method === "eth_sendTransaction" ? "Sending…" : "Signing…");
  try {
    item.resolve(await sign(frame, item));
  } catch (error) {
    const { message, code } = errorPayload(error);
    item.reject(new RpcError(code ?? -32603, message));
  }
  settle(frame, item, true);
}

/** Signs exactly the parsed request that was shown, with the wallet's key. */
async function sign(frame: FrameContext, item: PendingApproval): Promise<unknown> {
  const { account: key } = requireWallet(frame);
  const request = item.request;
  if (request.method === "personal_sign") return key.signMessage({ message: { raw: request.message } });
  if (request.method === "eth_signTypedData_v4") return key.signTypedData(request.typedData);
  const tx = request.transaction;
  // viem fills nonce, gas and fees from the node, and signs with the local account.
  return sendTransaction(chainClient(frame, item.chain).client, {
    account: key,
    chain: viemChain(item.chain),
    ...(tx.to ? { to: tx.to } : {}),
    value: tx.value,
    ...(tx.data ? { data: tx.data } : {}),
    ...(tx.gas !== undefined ? { gas: tx.gas } : {}),
  });
}
