// @ts-check
/**
 * The demo world's fixed numbers: its vaults, cast, amounts, returns and waits (`scripts/seed.mjs` re-exports the
 * public ones).
 */

/** The vault ids the constructor creates. */
export const FUTURES_VAULT = 1n;
export const NFT_VAULT = 2n;
/** The pending change the seed leaves in the timelock: the futures vault's lockup becomes this many days. */
export const PENDING_LOCKUP_DAYS = 45n;
/** Its salt (a fixed one, so the change's id is known). */
export const DEMO_CHANGE_SALT = /** @type {import("viem").Hex} */ (`0x${"d3".repeat(32)}`);

/** The investors: dev accounts 1-5. */
export const INVESTORS = /** @type {const} */ ([1, 2, 3, 4, 5]);
/** Whole tokens each investor (accounts 1-5) receives from the faucet. */
export const FAUCET_AMOUNT = 50_000;
/** Trading wallets: vault, dev account index, type, allocation in basis points. */
export const TRADING_WALLETS = /** @type {const} */ ([
  [FUTURES_VAULT, 7, "Futures", 10_000n],
  [NFT_VAULT, 8, "NFT lending", 10_000n],
]);
/** Where a trading wallet's losses go: an address nobody holds the key of. */
export const LOST = "0x000000000000000000000000000000000000dEaD";
/** The futures vault's management fee from round 3 (basis points a year) and its caps (whole tokens). */
export const FUTURES_MANAGEMENT_FEE_BPS = 100n;
export const FUTURES_ROUND_CAP = 100_000;
export const FUTURES_INVESTOR_CAP = 25_000;
/** What each settled round returns over its principal, in basis points, by vault. */
export const RETURNS_BPS = /** @type {const} */ ({ futures: [600n, -400n], nft: [300n] });

/** The NFT lending vault's challenge window (seconds): its settlements wait a day, open to the guardian's veto. */
export const NFT_CHALLENGE_WINDOW = 86_400n;
/** The local guardian (deploy.mjs grants it GUARDIAN_ROLE), who vetoes the NFT vault's first proposal. */
export const GUARDIAN = 6;
/** Whole tokens of the NFT vault's round 1 return (its loan interest) the desk had not collected at its first proposal. */
export const LATE_INTEREST = 150;

/** The manual item of the NFT vault's round 1 report (declared by the operator, not observed by the API). */
export const NFT_LOAN_NOTE =
  "Interest of NFT loan #7 (CryptoPunk collateral), repaid to the desk wallet from a lending protocol";

/** Pool states as the contract's `PoolState` enum numbers them. */
export const POOL_STATES = /** @type {const} */ (["none", "open", "locked", "settled"]);

export const ONE_HOUR = 3_600;
export const SEVEN_DAYS = 7 * 24 * ONE_HOUR;
/** Extra seconds after each lockup end before settling. */
export const SETTLE_MARGIN = 60;
/** How long the seed waits for the short proposals to close. */
export const GOVERNANCE_WAIT = 2 * ONE_HOUR;
/** The quorum the seed's proposal with an action sets (basis points): executed through the timelock. */
export const SEEDED_QUORUM = 2_000n;
