import type { FrameRequestName, FrameRequests } from "@fundament/wallet/embedded-protocol";
import type { FrameContext } from "../frameContext.js";

type Empty = Record<string, never>;

/**
 * Each request's payload as its handler sees it: read once where the message arrives (`parse.ts`), so a handler never
 * looks at the app's raw payload. A field the app left out or sent with the wrong type arrives in a form the handler
 * refuses (an unknown chain, an empty method), with the same answer as before the payload was read.
 */
export type RequestInput = {
  /** Trimmed and in lower case. */
  CONNECT_EMAIL: { email: string };
  CONNECT_DEVICE: Empty;
  CONNECT_OTP: { otp: string };
  /** The API checks the provider. */
  GET_SOCIAL_REDIRECT_URI: { provider: string };
  CONNECT_SOCIAL: Empty;
  GET_FARCASTER_URI: Empty;
  CONNECT_FARCASTER: Empty;
  GET_USER: { chainId: number | undefined };
  IS_CONNECTED: Empty;
  SWITCH_NETWORK: { chainId: number | undefined };
  SIGN_OUT: Empty;
  RPC_REQUEST: {
    /** Empty when the app sent no method name: refused like any unknown method. */
    method: string;
    /** Read by the method's own step: the frame's answer, the node, or `parseApprovalRequest`. */
    params: unknown;
    chainId: number | undefined;
    /** The chain id as the app sent it, for the refusal of a chain the frame does not know. */
    requestedChain: string;
  };
  RPC_ABORT: Empty;
  SYNC_THEME: { themeMode: "light" | "dark" };
  SYNC_DAPP_DATA: Empty;
  /** Trimmed and in lower case. */
  UPDATE_EMAIL: { email: string };
  UPDATE_EMAIL_PRIMARY_OTP: { otp: string };
  UPDATE_EMAIL_SECONDARY_OTP: { otp: string };
  SET_PREFERRED_ACCOUNT: Empty;
  SHOW_RECOVERY: Empty;
  GET_SESSIONS: Empty;
  /** A session id as the API makes them, or undefined for anything else (refused once the wallet is open). */
  REVOKE_SESSION: { pci: string | undefined };
};

export type RequestResult<N extends FrameRequestName> = Promise<FrameRequests[N]["result"]>;

/** Who asked: the requester's origin (from the message event) and the request's id. */
export type RequestSender = { origin: string; id: string };

export type RequestHandler<N extends FrameRequestName> = (
  frame: FrameContext,
  input: RequestInput[N],
  from: RequestSender,
) => RequestResult<N>;
