/** Seconds in the year of a management fee's rate (the contract's `YEAR`: 365 days). */
export const FEE_YEAR_SECONDS = 365n * 24n * 3600n;
/** Scale of share prices and of the high-water mark (`SHARE_PRICE_SCALE`). */
const SCALE = 10n ** 18n;

/** What a round's settlement would charge, in token units, as the contract's `Settlement._chargeFees` does. */
export type SettlementFees = {
  managementFee: bigint;
  performanceFee: bigint;
  /** The share price the round's profit is measured against: the vault's mark, at least the round's start price. */
  highWaterMark: bigint;
  /** What the investors keep: the total less both fees. */
  investorsTotal: bigint;
};

export type SettlementFeesParameters = {
  /** What the round returned (the proposal's total). */
  total: bigint;
  /** What it went out with (`preLockupTotal`). */
  principal: bigint;
  totalShares: bigint;
  startSharePrice: bigint;
  /** The vault's high-water mark (`getVault`'s, already at least the round's start price). */
  highWaterMark: bigint;
  /** The rates charged: the lower of the round's (at its lock) and the vault's now (`effectiveFeeRates`). */
  managementFeeBps: number;
  performanceFeeBps: number;
  lockupStartTime: bigint | number;
  lockupEndTime: bigint | number;
  /** When the settlement becomes final (seconds); the management fee counts up to the lockup's end at most. */
  settledAt: bigint | number;
};

/**
 * The fees of a round settled at `total`: the management fee on its principal for the time it was locked (at most
 * what came back), then the performance fee on what is left above the higher of its principal and the high-water
 * mark's worth of its shares, so a recovery up to the mark pays none. Mirrors the contract to the unit (checked
 * against it in the SDK's chain tests), so a settle form can show what investors will get before anyone signs.
 */
export function settlementFees(parameters: SettlementFeesParameters): SettlementFees {
  const { total, principal, totalShares, startSharePrice } = parameters;
  const end = BigInt(parameters.lockupEndTime);
  const settledAt = BigInt(parameters.settledAt);
  const locked = (settledAt < end ? settledAt : end) - BigInt(parameters.lockupStartTime);
  let managementFee =
    (principal * BigInt(parameters.managementFeeBps) * (locked > 0n ? locked : 0n)) / (10_000n * FEE_YEAR_SECONDS);
  if (managementFee > total) managementFee = total;
  let highWaterMark = parameters.highWaterMark;
  if (highWaterMark < startSharePrice) highWaterMark = startSharePrice;
  const markWorth = (highWaterMark * totalShares) / SCALE;
  const hurdle = markWorth > principal ? markWorth : principal;
  const net = total - managementFee;
  const performanceFee = net > hurdle ? ((net - hurdle) * BigInt(parameters.performanceFeeBps)) / 10_000n : 0n;
  return { managementFee, performanceFee, highWaterMark, investorsTotal: total - managementFee - performanceFee };
}

/** The rates a locked round is charged: the lower of those it was locked at and the vault's now (a cut applies). */
export function effectiveFeeRates(
  locked: { managementFeeBps: number; performanceFeeBps: number },
  vault: { managementFeeBps: number; performanceFeeBps: number },
): { managementFeeBps: number; performanceFeeBps: number } {
  return {
    managementFeeBps: Math.min(locked.managementFeeBps, vault.managementFeeBps),
    performanceFeeBps: Math.min(locked.performanceFeeBps, vault.performanceFeeBps),
  };
}

/** A share price (scaled by 1e18) as a plain number of tokens per share, to four places ("1.0800"). */
export function formatSharePrice(price: bigint): string {
  const tenThousandths = (price * 10_000n) / SCALE;
  const whole = tenThousandths / 10_000n;
  return `${whole}.${(tenThousandths % 10_000n).toString().padStart(4, "0")}`;
}
