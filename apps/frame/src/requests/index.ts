/** One handler per request name; `handleRequest` reads the payload once and runs the request's handler. */
import type { FrameRequestName, FrameRequests } from "@fundament/wallet/embedded-protocol";
import type { FrameContext } from "../frameContext.js";
import {
  abortRequests,
  getUser,
  isConnected,
  setPreferredAccount,
  signOut,
  switchNetwork,
  syncDappData,
  syncTheme,
} from "./account.js";
import { updateEmail, updateEmailPrimaryOtp, updateEmailSecondaryOtp } from "./emailUpdate.js";
import {
  connectDevice,
  connectEmail,
  connectFarcaster,
  connectOtp,
  connectSocial,
  getFarcasterUri,
  getSocialRedirectUri,
} from "./login.js";
import { parseRequest } from "./parse.js";
import { showRecovery } from "./recovery.js";
import { rpcRequest } from "./rpcRequest.js";
import { getSessions, revokeSession } from "./sessions.js";
import type { RequestHandler, RequestInput, RequestSender } from "./types.js";

export { DEVICE_NOT_APPROVED } from "./login.js";
export { NOT_A_SESSION_ID, REVOKE_CURRENT_SESSION, revokeSessionMessage, SESSION_NOT_FOUND } from "./sessions.js";
export type { RequestHandler, RequestInput, RequestSender } from "./types.js";

const handlers: { [N in FrameRequestName]: RequestHandler<N> } = {
  CONNECT_EMAIL: connectEmail,
  CONNECT_DEVICE: connectDevice,
  CONNECT_OTP: connectOtp,
  GET_SOCIAL_REDIRECT_URI: getSocialRedirectUri,
  CONNECT_SOCIAL: connectSocial,
  GET_FARCASTER_URI: getFarcasterUri,
  CONNECT_FARCASTER: connectFarcaster,
  GET_USER: getUser,
  IS_CONNECTED: isConnected,
  SWITCH_NETWORK: switchNetwork,
  SIGN_OUT: signOut,
  RPC_REQUEST: rpcRequest,
  RPC_ABORT: abortRequests,
  SYNC_THEME: syncTheme,
  SYNC_DAPP_DATA: syncDappData,
  UPDATE_EMAIL: updateEmail,
  UPDATE_EMAIL_PRIMARY_OTP: updateEmailPrimaryOtp,
  UPDATE_EMAIL_SECONDARY_OTP: updateEmailSecondaryOtp,
  SET_PREFERRED_ACCOUNT: setPreferredAccount,
  SHOW_RECOVERY: showRecovery,
  GET_SESSIONS: getSessions,
  REVOKE_SESSION: revokeSession,
};

/** Whether the frame answers a request of this name (its own names only, nothing inherited). */
export function isRequestName(name: string): name is FrameRequestName {
  return Object.hasOwn(handlers, name);
}

/**
 * Reads the payload (the edge: handlers see only `RequestInput`) and runs the request's handler. A payload that
 * cannot be read is answered as the request's error, like any failure of its handler.
 */
export function handleRequest<N extends FrameRequestName>(
  frame: FrameContext,
  name: N,
  payload: unknown,
  from: RequestSender,
): Promise<FrameRequests[N]["result"]> {
  let input: RequestInput[N];
  try {
    input = parseRequest(name, payload);
  } catch (error) {
    return Promise.reject(error);
  }
  const handler: RequestHandler<N> = handlers[name];
  return handler(frame, input, from);
}
