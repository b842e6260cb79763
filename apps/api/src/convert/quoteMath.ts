/**
 * Uniswap V2's constant-product math on bigints, as UniswapV2Library computes it (0.3 % LP fee per hop).
 */

/** The LP fee of one hop, in thousandths: the pool keeps 3 of every 1000 units in. */
export const FEE_PER_MILLE = 3n;
/** The largest slippage the API accepts, in percent. */
export const MAX_SLIPPAGE_PERCENT = 50;

/** One pool along a path: the reserve of the token going in and of the token coming out. */
export type Hop = { reserveIn: bigint; reserveOut: bigint };

/** `amountOut = amountIn·997·rOut / (rIn·1000 + amountIn·997)` (UniswapV2Library.getAmountOut); 0 without liquidity. */
export function getAmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n;
  const amountInWithFee = amountIn * (1000n - FEE_PER_MILLE);
  return (amountInWithFee * reserveOut) / (reserveIn * 1000n + amountInWithFee);
}

/** The amounts along a path of hops (the first is `amountIn`), as the router's `getAmountsOut` answers. */
export function getAmountsOut(amountIn: bigint, hops: readonly Hop[]): bigint[] {
  const amounts = [amountIn];
  for (const hop of hops) amounts.push(getAmountOut(amounts[amounts.length - 1] ?? 0n, hop.reserveIn, hop.reserveOut));
  return amounts;
}

/** The LP fee in base units of the from token: `amountIn·(1 − 0.997^hops)`, rounded down. */
export function lpFee(amountIn: bigint, hopCount: number): bigint {
  const keep = (1000n - FEE_PER_MILLE) ** BigInt(hopCount);
  const whole = 1000n ** BigInt(hopCount);
  return (amountIn * (whole - keep)) / whole;
}

/**
 * The price impact in percent, as a decimal string with two decimals ("0.31"): how much less `amountOut` is than
 * `amountIn` traded at the pools' mid prices after the LP fee (the fee is reported apart, as `fee`).
 * For one hop this is `amountIn·997 / (rIn·1000 + amountIn·997)`.
 */
export function priceImpactPercent(amountIn: bigint, amountOut: bigint, hops: readonly Hop[]): string {
  if (amountIn <= 0n || hops.length === 0) return "0.00";
  let numerator = amountIn; // amountIn at the mid prices after the fee: amountIn·Π(rOut·997) / Π(rIn·1000)
  let denominator = 1n;
  for (const hop of hops) {
    if (hop.reserveIn <= 0n || hop.reserveOut <= 0n) return "100.00";
    numerator *= hop.reserveOut * (1000n - FEE_PER_MILLE);
    denominator *= hop.reserveIn * 1000n;
  }
  if (numerator === 0n) return "0.00";
  // impact = 1 − amountOut/ideal = (numerator − amountOut·denominator) / numerator, in hundredths of a percent
  const lost = numerator - amountOut * denominator;
  const basisPoints = lost <= 0n ? 0n : (lost * 10_000n * 2n + numerator) / (numerator * 2n); // rounded half up
  return formatHundredths(basisPoints);
}

/** Hundredths as a decimal string with two decimals: 31n → "0.31". */
function formatHundredths(value: bigint): string {
  const whole = value / 100n;
  const rest = (value % 100n).toString().padStart(2, "0");
  return `${whole}.${rest}`;
}

/**
 * A slippage percent ("0.5", "1", "0.01") in hundredths of a percent (basis points); undefined when it is not a
 * plain decimal with at most two decimals from 0.01 to 50.
 */
export function parseSlippage(value: string): bigint | undefined {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return undefined;
  const basisPoints = BigInt(match[1] ?? "0") * 100n + BigInt((match[2] ?? "").padEnd(2, "0"));
  return basisPoints >= 1n && basisPoints <= BigInt(MAX_SLIPPAGE_PERCENT * 100) ? basisPoints : undefined;
}

/** The least the swap may give: `amountOut × (1 − slippage/100)`, rounded down. */
export function minimumReceived(amountOut: bigint, slippageBasisPoints: bigint): bigint {
  return (amountOut * (10_000n - slippageBasisPoints)) / 10_000n;
}

/**
 * The mid price of `base` in `quote` from a pool's reserves, as a float: `(rQuote / 10^quoteDecimals) /
 * (rBase / 10^baseDecimals)`; 0 when the pool is empty.
 */
export function midPrice(
  reserveBase: bigint,
  reserveQuote: bigint,
  baseDecimals: number,
  quoteDecimals: number,
): number {
  if (reserveBase <= 0n || reserveQuote <= 0n) return 0;
  // 18 significant decimals of precision in the integer division before going to a float
  const scaled =
    (reserveQuote * 10n ** BigInt(baseDecimals) * 10n ** 18n) / (reserveBase * 10n ** BigInt(quoteDecimals));
  return Number(scaled) / 1e18;
}
