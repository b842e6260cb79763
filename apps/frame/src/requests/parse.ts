/** The edge: each request's payload read once, where the message arrives, into the form its handler takes. */
import type { FrameRequestName } from "@fundament/wallet/embedded-protocol";
import type { RequestInput } from "./types.js";

type Payload = Record<string, unknown>;
type RequestParser<N extends FrameRequestName> = (payload: Payload) => RequestInput[N];

/** A session id (`pci`) as the API makes them. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const empty = () => ({});
const emailAddress = (value: unknown) => String(value).trim().toLowerCase();
const chainId = (value: unknown) => (typeof value === "number" ? value : undefined);

const requestParsers: { [N in FrameRequestName]: RequestParser<N> } = {
  CONNECT_EMAIL: (payload) => ({ email: emailAddress(payload.email) }),
  CONNECT_DEVICE: empty,
  CONNECT_OTP: (payload) => ({ otp: String(payload.otp) }),
  GET_SOCIAL_REDIRECT_URI: (payload) => ({ provider: typeof payload.provider === "string" ? payload.provider : "" }),
  CONNECT_SOCIAL: empty,
  GET_FARCASTER_URI: empty,
  CONNECT_FARCASTER: empty,
  GET_USER: (payload) => ({ chainId: chainId(payload.chainId) }),
  IS_CONNECTED: empty,
  SWITCH_NETWORK: (payload) => ({ chainId: chainId(payload.chainId) }),
  SIGN_OUT: empty,
  RPC_REQUEST: (payload) => ({
    method: typeof payload.method === "string" ? payload.method : "",
    params: payload.params,
    chainId: chainId(payload.chainId),
    requestedChain: String(payload.chainId),
  }),
  RPC_ABORT: empty,
  SYNC_THEME: (payload) => ({ themeMode: payload.themeMode === "dark" ? "dark" : "light" }),
  SYNC_DAPP_DATA: empty,
  UPDATE_EMAIL: (payload) => ({ email: emailAddress(payload.email) }),
  UPDATE_EMAIL_PRIMARY_OTP: (payload) => ({ otp: String(payload.otp) }),
  UPDATE_EMAIL_SECONDARY_OTP: (payload) => ({ otp: String(payload.otp) }),
  SET_PREFERRED_ACCOUNT: empty,
  SHOW_RECOVERY: empty,
  GET_SESSIONS: empty,
  REVOKE_SESSION: (payload) => ({
    pci: typeof payload.pci === "string" && SESSION_ID.test(payload.pci) ? payload.pci : undefined,
  }),
};

function isPayload(value: unknown): value is Payload {
  return typeof value === "object" && value !== null;
}

/** The request's input from the message's payload (anything but an object counts as an empty one). */
export function parseRequest<N extends FrameRequestName>(name: N, payload: unknown): RequestInput[N] {
  const parse: RequestParser<N> = requestParsers[name];
  return parse(isPayload(payload) ? payload : {});
}
