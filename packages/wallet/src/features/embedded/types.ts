import { createStore, type Store } from "../../core/createStore.js";
import type { EmbeddedUser, FrameNotices, SocialProvider } from "./protocol.js";

/** The connector of the embedded wallet (spec connector type AUTH). */
export const EMBEDDED_CONNECTOR_ID = "embedded";
export const EMBEDDED_CONNECTOR_NAME = "Email & Social";
export const EMBEDDED_CONNECTOR_TYPE = "AUTH";

/** Spec §1: the default social providers, in the order they are shown. */
export const SOCIAL_PROVIDER_ORDER = ["google", "x", "discord", "farcaster", "github", "apple", "facebook"] as const;
export type LoginProvider = (typeof SOCIAL_PROVIDER_ORDER)[number];

export const SOCIAL_PROVIDER_NAMES: Record<LoginProvider, string> = {
  google: "Google",
  x: "X",
  discord: "Discord",
  farcaster: "Farcaster",
  github: "GitHub",
  apple: "Apple",
  facebook: "Facebook",
};

/**
 * The embedded wallet's configuration (the web app reads it from `/config.json`'s `embedded` block): the secure
 * frame's URL (its own origin), the social providers the API has configured, and whether Farcaster is offered.
 */
export type EmbeddedWalletConfig = {
  frameUrl: string;
  socialProviders?: readonly string[] | undefined;
  farcaster?: boolean | undefined;
};

/** Where the visible frame stands: hidden, or shown for a reason (SHOW notice) until HIDE. */
export type EmbeddedFrameState = {
  shown: FrameNotices["SHOW"] | undefined;
  /** The open approvals (RPC_REQUEST_APPROVAL … RPC_REQUEST_DONE). */
  approvals: FrameNotices["RPC_REQUEST_APPROVAL"][];
  /** The signed-in embedded user (GET_USER), while connected. */
  user: EmbeddedUser | undefined;
  /** Spec account state `socialWindow`: the social login popup, opened by the click that started it. */
  socialWindow: Window | undefined;
};

/** The configured social providers that the protocol knows, in the spec's order, with Farcaster when enabled. */
export function loginProviders(config: EmbeddedWalletConfig): LoginProvider[] {
  const configured = new Set(config.socialProviders ?? []);
  return SOCIAL_PROVIDER_ORDER.filter((p) => (p === "farcaster" ? Boolean(config.farcaster) : configured.has(p)));
}

export function isSocialProvider(value: string): value is SocialProvider {
  return value !== "farcaster" && (SOCIAL_PROVIDER_ORDER as readonly string[]).includes(value);
}

/** The state views read when the embedded wallet is not configured (they are not reachable then). */
export const NO_EMBEDDED_STATE: Store<EmbeddedFrameState> = createStore<EmbeddedFrameState>({
  shown: undefined,
  approvals: [],
  user: undefined,
  socialWindow: undefined,
});
