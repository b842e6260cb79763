import type { TokenBalance } from "../../core/createWalletState.js";
import { formatNumeric } from "../../core/format.js";
import { nativeTokenId } from "./nativeToken.js";

/** The CAIP-10 id of a balance's token (native: `eip155:<chainId>:0xeeee…`). */
export function balanceTokenId(balance: Pick<TokenBalance, "address" | "chainId">): string {
  if (balance.address) return balance.address;
  return nativeTokenId(Number(balance.chainId.split(":").at(-1)));
}

/** A balance valued in USD, or without a known price. */
export type PricedTokenBalance = TokenBalance & { priced: boolean };

/**
 * Sets each balance's `price` and `value` (price × quantity) from a price map (lowercased CAIP id → USD). Balances
 * without a price keep the wallet's own price when it gave one, else are marked not priced.
 */
export function applyPrices(
  balances: readonly TokenBalance[],
  prices: ReadonlyMap<string, number> | undefined,
): PricedTokenBalance[] {
  return balances.map((b) => {
    const price = prices?.get(balanceTokenId(b).toLowerCase());
    if (price !== undefined) return { ...b, price, value: price * Number(b.quantity.numeric), priced: true };
    return { ...b, priced: b.price > 0 };
  });
}

/** The sum of the priced balances' USD values; undefined when none is priced. */
export function totalValue(balances: readonly PricedTokenBalance[]): number | undefined {
  const priced = balances.filter((b) => b.priced);
  if (priced.length === 0) return undefined;
  return priced.reduce((sum, b) => sum + b.value, 0);
}

/** A USD amount with grouping and exactly 2 decimals: "$1,234.56", "<$0.01" for dust. */
export function formatUsd(value: number): string {
  if (!Number.isFinite(value)) return "";
  const negative = value < 0;
  const fixed = Math.abs(value).toFixed(2);
  if (fixed === "0.00" && value !== 0) return negative ? "−<$0.01" : "<$0.01";
  const [whole = "0", cents = "00"] = formatNumeric(fixed).split(".");
  return `${negative && fixed !== "0.00" ? "−" : ""}$${whole}.${cents.padEnd(2, "0")}`;
}

/** The portfolio total as the Account view and the header show it: "≈ $1,234.56". */
export function formatTotalUsd(value: number): string {
  return `≈ ${formatUsd(value)}`;
}
