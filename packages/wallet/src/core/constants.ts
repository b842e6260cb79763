/** Business constants of the wallet layer (spec section 9), in milliseconds where they are durations. */

/** Wallets shown per page of the wallet directory. */
export const WALLET_PAGE_SIZE = 40;
/** Featured / recommended wallets shown by default. */
export const FEATURED_WALLETS_COUNT = 4;
/** A search returns at most this many wallets. */
export const WALLET_SEARCH_LIMIT = 100;
/** Recently used wallets kept. */
export const RECENT_WALLETS_COUNT = 2;

/** Portfolio and native balance cache lifetime. */
export const BALANCE_CACHE_MS = 30_000;
/** Names and identity cache lifetime. */
export const IDENTITY_CACHE_MS = 5 * 60_000;

/** A pairing expires this long after it was created. */
export const PAIRING_LIFETIME_MS = 4 * 60_000;
/** A pairing counts as expired within this window before its expiry. */
export const PAIRING_EXPIRY_WINDOW_MS = 10_000;

/** After a failed balance fetch, further fetches are refused for this long. */
export const BALANCE_RETRY_COOLDOWN_MS = 30_000;
/** Email login / update may not be triggered again within this window. */
export const EMAIL_RESEND_COOLDOWN_MS = 30_000;
/** Embedded wallet request timeout. */
export const EMBEDDED_REQUEST_TIMEOUT_MS = 30_000;
/** Extra wait after the embedded frame reports ready. */
export const FRAME_READY_DELAY_MS = 500;
/** The modal shake flag resets after this long. */
export const MODAL_SHAKE_MS = 500;

/** Log buffer size, about 1 MB. */
export const LOG_BUFFER_BYTES = 1_000_000;

/** Slippage tolerance of the wallet kit (percent). */
export const SLIPPAGE_TOLERANCE = 1;
/** Currency balances are valued in. */
export const BALANCE_CURRENCY = "usd";
/** Offset of EVM coin types (ENSIP-11). */
export const COIN_TYPE_OFFSET = 2_147_483_648;
/** Minimum length of a human-readable name. */
export const NAME_MIN_LENGTH = 4;
/** Maximum length of a name's label (a DNS label). */
export const NAME_MAX_LENGTH = 63;
/** The name zone when the app sets none: names read `<label>.fundament`. */
export const DEFAULT_NAME_ZONE = "fundament";

/** Default chain family. */
export const DEFAULT_CHAIN_NAMESPACE = "eip155";
/** Default network id when none is set. */
export const DEFAULT_NETWORK_ID = 1;

/** On-ramp default limits for USD and EUR. */
export const ONRAMP_LIMITS = {
  card: { min: "10.00", max: "7500.00" },
  ach: { min: "10.00", max: "25000.00" },
} as const;

/** Wallet feature order shown to the user. */
export const WALLET_FEATURE_ORDER = ["onramp", "swaps", "receive", "send"] as const;

/** Default social providers. */
export const DEFAULT_SOCIAL_PROVIDERS = ["google", "x", "discord", "farcaster", "github", "apple", "facebook"] as const;

/** Chain families that can send. */
export const SEND_CHAIN_NAMESPACES = ["eip155", "solana"] as const;

/** The anvil dev chain. */
export const DEV_CHAIN_ID = 31337;
/** The well-known anvil / hardhat mnemonic. Dev chain only. */
export { DEV_MNEMONIC } from "@fundament/test-chain/accounts";
/** How many dev accounts are offered. */
export const DEV_ACCOUNT_COUNT = 10;
