// The fund contract's limits, for the texts that name them. No other module of the SDK writes these numbers.

/**
 * The InvestmentFund's limits, named as its Solidity constants. The errors that enforce them carry the refused value
 * but not the limit (`DescriptionTooLong(length)`), and all but `BASIS_POINTS` are `internal constant`s that the ABI
 * does not expose, so they cannot be read from the chain: they live here once, and test/fundLimits.test.ts checks each
 * against the deployed contract (the public `BASIS_POINTS` read, and a simulated call at each side of every bound),
 * so a changed limit fails the SDK's tests rather than leaving a wrong text.
 */
export const fundLimits = {
  /** Basis points in 100% (public: `BASIS_POINTS()`); a trading wallet's allocation is 1 to this. */
  BASIS_POINTS: 10_000n,
  /** Longest vault name, in bytes (`InvalidVaultName`). */
  MAX_NAME_LENGTH: 31,
  /** Longest trading wallet type, in bytes (`InvalidWalletType`). */
  MAX_WALLET_TYPE_LENGTH: 31,
  /** Trading wallets per vault (`TooManyTradingWallets`). */
  MAX_TRADING_WALLETS: 10,
  /** Longest proposal description, in bytes (`DescriptionTooLong`). */
  MAX_DESCRIPTION_LENGTH: 2_000,
  /** Most actions one proposal carries (`InvalidActions`). */
  MAX_PROPOSAL_ACTIONS: 10,
  /** Shortest and longest voting period, in seconds (`InvalidVotingPeriod`). */
  MIN_VOTING_PERIOD: 60 * 60,
  MAX_VOTING_PERIOD: 90 * 24 * 60 * 60,
  /** Shortest and longest lockup period, in seconds (`InvalidLockupPeriodDuration`). */
  MIN_LOCKUP_PERIOD: 60 * 60,
  MAX_LOCKUP_PERIOD: 365 * 24 * 60 * 60,
  /** Longest challenge window, in seconds (`InvalidChallengeWindow`); 0 only on the local chain (31337). */
  MAX_CHALLENGE_WINDOW: 14 * 24 * 60 * 60,
  /** Hard caps of a vault's fees, in basis points: management per year, performance of the profit (`FeeAboveCap`). */
  MAX_MANAGEMENT_FEE_BPS: 500,
  MAX_PERFORMANCE_FEE_BPS: 5_000,
  /** A new vault's challenge window off the local chain, in seconds. */
  DEFAULT_CHALLENGE_WINDOW: 24 * 60 * 60,
} as const;

/** A whole number with thousands separators, as the texts show limits ("2,000", "10,000"). */
export const formatCount = (value: number | bigint) => value.toLocaleString("en-US");

/** A period in seconds as the texts say it: whole days ("90 days"), else whole hours ("1 hour"), else seconds. */
export function formatPeriod(seconds: number): string {
  const [count, unit] =
    seconds % 86_400 === 0
      ? [seconds / 86_400, "day"]
      : seconds % 3_600 === 0
        ? [seconds / 3_600, "hour"]
        : [seconds, "second"];
  return `${formatCount(count)} ${unit}${count === 1 ? "" : "s"}`;
}
