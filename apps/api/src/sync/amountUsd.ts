import type { ExchangeTransfer } from "@fundament/sdk";

/** Coins pegged 1:1 to the US dollar: their `amountUsd` is their amount, with no price request. */
export const USD_STABLECOINS: ReadonlySet<string> = new Set([
  "USDT",
  "USDC",
  "DAI",
  "FDUSD",
  "USDE",
  "TUSD",
  "PYUSD",
  "USD1",
]);

/** A US-dollar amount to the cent: the product of two decimals carries float noise (4518.509999…). */
export function toCents(usd: number): number {
  return Math.round(usd * 100) / 100;
}

/** A unified transfer record with its value in US dollars at the transfer's time (null when unknown). */
export type PricedTransfer = ExchangeTransfer & { amountUsd: number | null };

/** Whether `coin` (a Bybit coin or ccxt currency code, any case) is a US-dollar stablecoin. */
export function isUsdStablecoin(coin: unknown): boolean {
  return typeof coin === "string" && USD_STABLECOINS.has(coin.toUpperCase());
}

/** The coin a record is in, upper-case: Bybit's `coin`, else ccxt's `currency`. */
export function transferCoin(record: { coin?: unknown; currency?: unknown }): string {
  const coin = typeof record.coin === "string" && record.coin !== "" ? record.coin : record.currency;
  return typeof coin === "string" ? coin.toUpperCase() : "";
}

/**
 * The `amountUsd` to serve for a stored record: the value stored at sync time when there is one, else (records
 * synced before it existed) the amount itself for a stablecoin, else null.
 */
export function storedAmountUsd(record: Record<string, unknown>): number | null {
  const stored = record.amountUsd;
  if (typeof stored === "number" && Number.isFinite(stored)) return stored;
  const amount = record.amount;
  if (isUsdStablecoin(transferCoin(record)) && typeof amount === "number") return amount;
  return null;
}
