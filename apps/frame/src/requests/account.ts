/** The signed-in user, the connection, the network, sign-out and the app's settings. */
import { type EmbeddedUser, FRAME_ERRORS } from "@fundament/wallet/embedded-protocol";
import { abortApprovals } from "../approvalQueue.js";
import { configuredChain, type FrameContext, requireWallet } from "../frameContext.js";
import { forgetSession, restoreSession } from "../keyLifecycle.js";
import { RpcError } from "../rpc.js";
import type { RequestInput, RequestResult } from "./types.js";

/** The user as the app sees it: the wallet's address, its email or user name, and the chain (a configured one). */
function embeddedUser(frame: FrameContext, requestedChainId: number | undefined): EmbeddedUser {
  const wallet = requireWallet(frame);
  const address = wallet.account.address;
  return {
    ...(wallet.user.email ? { email: wallet.user.email } : {}),
    address,
    chainId: requestedChainId && configuredChain(frame, requestedChainId) ? requestedChainId : frame.state.chainId,
    accounts: [{ address, type: "eoa" }],
    ...(wallet.user.userName ? { userName: wallet.user.userName } : {}),
    smartAccountDeployed: false,
    preferredAccountType: "eoa",
    loginMethod: wallet.user.loginMethod as EmbeddedUser["loginMethod"],
  };
}

export async function getUser(frame: FrameContext, { chainId }: RequestInput["GET_USER"]): RequestResult<"GET_USER"> {
  await restoreSession(frame);
  return embeddedUser(frame, chainId);
}

export async function isConnected(frame: FrameContext): RequestResult<"IS_CONNECTED"> {
  return { isConnected: await restoreSession(frame) };
}

/** Only to a configured chain. */
export async function switchNetwork(
  frame: FrameContext,
  { chainId }: RequestInput["SWITCH_NETWORK"],
): RequestResult<"SWITCH_NETWORK"> {
  if (chainId === undefined || !configuredChain(frame, chainId)) throw new RpcError(4902, "Network Not Found");
  frame.state.chainId = chainId;
  return { chainId };
}

export async function signOut(frame: FrameContext): RequestResult<"SIGN_OUT"> {
  try {
    if (frame.storage.session()) await frame.api.signOut();
  } catch {
    // Signing out locally matters most: the token is forgotten even if the server cannot be reached.
  }
  forgetSession(frame);
  return {};
}

export async function abortRequests(frame: FrameContext): RequestResult<"RPC_ABORT"> {
  abortApprovals(frame, FRAME_ERRORS.aborted);
  return {};
}

export async function syncTheme(
  _frame: FrameContext,
  { themeMode }: RequestInput["SYNC_THEME"],
): RequestResult<"SYNC_THEME"> {
  document.documentElement.dataset.theme = themeMode;
  return {};
}

export async function syncDappData(): RequestResult<"SYNC_DAPP_DATA"> {
  return {};
}

/** The frame's accounts are plain keys (EOA): whatever the app prefers. */
export async function setPreferredAccount(): RequestResult<"SET_PREFERRED_ACCOUNT"> {
  return { type: "eoa" };
}
