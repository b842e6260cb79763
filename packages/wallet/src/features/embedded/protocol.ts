/**
 * The window-message protocol between the app (the wallet layer) and the embedded wallet's secure frame (spec
 * §7 "Embedded wallet frame"): app events and frame events, each with an id. The frame is served from an origin of
 * its own; both sides check `event.origin` on every message and post with an explicit target origin.
 *
 * A request is an app event `{ type: "@w3m-app/<NAME>", id, payload }`. The frame answers with
 * `{ type: "@w3m-frame/<NAME>_SUCCESS", id, payload }` or `{ type: "@w3m-frame/<NAME>_ERROR", id, payload: { message, code? } }`
 * (same id). The frame also sends unsolicited events (READY, SHOW, HIDE, RPC_REQUEST_APPROVAL, RPC_REQUEST_DONE), with
 * a fresh id and no answer expected.
 */

export const APP_EVENT_PREFIX = "@w3m-app/";
export const FRAME_EVENT_PREFIX = "@w3m-frame/";

/** Spec §9: embedded request timeout and the extra wait after the frame's ready event. */
export const FRAME_REQUEST_TIMEOUT_MS = 30_000;
export const FRAME_READY_DELAY_MS = 500;
/** Spec §5: email login or update may not be triggered again within 30 seconds. */
export const EMAIL_RESEND_COOLDOWN_MS = 30_000;

/** Requests that time out after FRAME_REQUEST_TIMEOUT_MS (spec §8 "Frame timeout"). */
export const TIMED_REQUESTS = [
  "CONNECT_EMAIL",
  "CONNECT_DEVICE",
  "CONNECT_OTP",
  "CONNECT_SOCIAL",
  "GET_SOCIAL_REDIRECT_URI",
] as const;

export const SOCIAL_PROVIDERS = ["google", "github", "apple", "facebook", "x", "discord"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export type EmailConnectAction = "VERIFY_DEVICE" | "VERIFY_OTP" | "CONNECT";
export type PreferredAccountType = "eoa" | "smartAccount";

/** Spec §3 "Embedded wallet user". */
export type EmbeddedUser = {
  email?: string | undefined;
  address: `0x${string}`;
  chainId: number;
  accounts: { address: `0x${string}`; type: PreferredAccountType }[];
  userName?: string | undefined;
  smartAccountDeployed: boolean;
  preferredAccountType: PreferredAccountType;
  /** How the person logged in. */
  loginMethod: "email" | SocialProvider | "farcaster";
};

/** A signed-in session of the wallet (spec §7 sessions list); dates are ISO 8601. */
export type EmbeddedSession = {
  /** The session's public id. */
  pci: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** The session of the frame answering (this device). */
  current: boolean;
  /** How that session logged in: "email", a social provider, or "farcaster". */
  loginMethod: string;
};

/** Each request's payload and its success payload. */
export type FrameRequests = {
  /** Sends a code (VERIFY_OTP), a device-approval link (VERIFY_DEVICE), or nothing (CONNECT: this device holds a live session for the email). */
  CONNECT_EMAIL: { payload: { email: string }; result: { action: EmailConnectAction } };
  /** Resolves when the device-approval link was opened; errors with code DEVICE_NOT_APPROVED after ~25 s (the app asks again). */
  CONNECT_DEVICE: { payload: Record<string, never>; result: Record<string, never> };
  /** Checks the code. On success the frame opens the wallet (may SHOW itself first for the recovery file), then answers. */
  CONNECT_OTP: { payload: { otp: string }; result: Record<string, never> };
  /** The provider's authorization URL; the app opens it in a popup (spec `socialWindow`). */
  GET_SOCIAL_REDIRECT_URI: { payload: { provider: SocialProvider }; result: { uri: string } };
  /** Sent after the popup came back to the frame origin's callback page; the frame finishes the login and opens the wallet. */
  CONNECT_SOCIAL: {
    payload: { provider: SocialProvider };
    result: { userName?: string | undefined; email?: string | undefined };
  };
  /** A Sign In With Farcaster request: the relay's deep link (shown as a QR code). */
  GET_FARCASTER_URI: { payload: Record<string, never>; result: { url: string } };
  /** Resolves when the Farcaster app approved the request and the API verified it (no 30 s timeout: a person scans). */
  CONNECT_FARCASTER: { payload: Record<string, never>; result: { userName?: string | undefined } };
  GET_USER: { payload: { chainId?: number | undefined }; result: EmbeddedUser };
  IS_CONNECTED: { payload: Record<string, never>; result: { isConnected: boolean } };
  SWITCH_NETWORK: { payload: { chainId: number }; result: { chainId: number } };
  SIGN_OUT: { payload: Record<string, never>; result: Record<string, never> };
  /** An EIP-1193 request. Unsafe methods make the frame ask for approval first (RPC_REQUEST_APPROVAL). */
  RPC_REQUEST: { payload: { method: string; params?: unknown; chainId: number }; result: unknown };
  /** Aborts every open unsafe request ('Request was aborted'). */
  RPC_ABORT: { payload: Record<string, never>; result: Record<string, never> };
  SYNC_THEME: { payload: { themeMode: "light" | "dark" }; result: Record<string, never> };
  SYNC_DAPP_DATA: {
    payload: { projectId?: string | undefined; sdkVersion: string; origin: string };
    result: Record<string, never>;
  };
  /** Spec §4: an email update has two OTP steps. */
  UPDATE_EMAIL: { payload: { email: string }; result: { action: "VERIFY_PRIMARY_OTP" } };
  UPDATE_EMAIL_PRIMARY_OTP: { payload: { otp: string }; result: { action: "VERIFY_SECONDARY_OTP" } };
  UPDATE_EMAIL_SECONDARY_OTP: { payload: { otp: string }; result: { email: string } };
  SET_PREFERRED_ACCOUNT: { payload: { type: PreferredAccountType }; result: { type: PreferredAccountType } };
  /** Makes the frame SHOW itself with the recovery-file download (the file never passes through the app). */
  SHOW_RECOVERY: { payload: Record<string, never>; result: Record<string, never> };
  /** The wallet's live sessions (spec `GET /v1/sessions/{address}`), one per signed-in device; `current` is this one. */
  GET_SESSIONS: { payload: Record<string, never>; result: { sessions: EmbeddedSession[] } };
  /**
   * Ends another device's session (spec `POST /v1/sessions/{address}/revoke`). The frame signs 'Revoke session {pci}'
   * itself, without an approval screen: the person asked for it in the app, and it moves no funds. Refused for the
   * current session (that is SIGN_OUT).
   */
  REVOKE_SESSION: { payload: { pci: string }; result: Record<string, never> };
};
export type FrameRequestName = keyof FrameRequests;

/** Unsolicited frame events. */
export type FrameNotices = {
  /** The frame loaded and listens; the app waits FRAME_READY_DELAY_MS more before its first request. */
  READY: { version: string };
  /** The frame needs to be seen (approval, recovery-file save or restore); the app shows it in its modal. */
  SHOW: { reason: "approval" | "recovery-save" | "recovery-restore"; title: string };
  /** The frame's visible step ended. */
  HIDE: Record<string, never>;
  /** An unsafe RPC request waits for the person (the app opens ApproveTransaction, which shows the frame). */
  RPC_REQUEST_APPROVAL: { requestId: string; method: string };
  /** The approval ended (approved or rejected). */
  RPC_REQUEST_DONE: { requestId: string; approved: boolean };
  /** The session ended on the server (revoked, expired): the app disconnects. */
  SESSION_ENDED: { reason: string };
  /**
   * Posted by the frame origin's `social-callback.html` (the social login popup, back from the provider) to
   * `window.opener`, the app: the callback URL stays on the frame origin (it carries the authorization code); the
   * app only learns that it may now send CONNECT_SOCIAL. `error`: the provider's `error_description` or `error`
   * (e.g. the person refused). The app accepts it only from the frame origin and from the popup it opened.
   */
  SOCIAL_REDIRECT_DONE: { error?: string | undefined };
};
export type FrameNoticeName = keyof FrameNotices;

export type AppMessage<N extends FrameRequestName = FrameRequestName> = {
  type: `${typeof APP_EVENT_PREFIX}${N}`;
  id: string;
  payload: FrameRequests[N]["payload"];
};

export type FrameErrorPayload = { message: string; code?: number | string | undefined };

export type FrameMessage =
  | { type: `${typeof FRAME_EVENT_PREFIX}${FrameRequestName}_SUCCESS`; id: string; payload: unknown }
  | { type: `${typeof FRAME_EVENT_PREFIX}${FrameRequestName}_ERROR`; id: string; payload: FrameErrorPayload }
  | {
      [N in FrameNoticeName]: { type: `${typeof FRAME_EVENT_PREFIX}${N}`; id: string; payload: FrameNotices[N] };
    }[FrameNoticeName];

/** Spec §8 "Embedded frame" texts and §6 texts. */
export const FRAME_ERRORS = {
  loadFailed: "Unable to load email login dependency",
  notSet: "W3mFrame: iframe is not set",
  aborted: "Request was aborted",
  generic: "Something went wrong",
  unknown: "An error occurred",
  methodNotAllowed: "Requested RPC call is not allowed",
  actionNotAllowed: "Action not allowed",
  userRejected: "User rejected the request.",
} as const;

/** EIP-1193 / JSON-RPC codes the frame answers with. */
export const RPC_ERROR_CODES = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
} as const;

export function appEventType<N extends FrameRequestName>(name: N): `${typeof APP_EVENT_PREFIX}${N}` {
  return `${APP_EVENT_PREFIX}${name}`;
}

export function frameEventType<N extends string>(name: N): `${typeof FRAME_EVENT_PREFIX}${N}` {
  return `${FRAME_EVENT_PREFIX}${name}`;
}

/** Whether a message event's data has the protocol's shape (type string with a known prefix, id string). */
export function isProtocolMessage(
  data: unknown,
  prefix: string,
): data is { type: string; id: string; payload: unknown } {
  if (typeof data !== "object" || data === null) return false;
  const m = data as Record<string, unknown>;
  return typeof m.type === "string" && m.type.startsWith(prefix) && typeof m.id === "string" && m.id.length <= 100;
}
