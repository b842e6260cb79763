import type { Exchange } from "ccxt";
import type { Db } from "../db/client.js";
import { performanceSnapshots } from "../db/schema.js";

/**
 * Stores one futures equity snapshot: the trading account's total equity in USD from ccxt's `fetchBalance`
 * (Bybit's unified account reports it as `totalEquity`; the USDT total is the fallback).
 */
export async function syncEquity({
  db,
  exchange,
  at = new Date(),
}: {
  db: Db;
  exchange: Exchange;
  at?: Date;
}): Promise<number> {
  const balance = await exchange.fetchBalance();
  const info = balance.info as { result?: { list?: { totalEquity?: string }[] } } | undefined;
  const reported = Number(info?.result?.list?.[0]?.totalEquity);
  const fallback = Number((balance.total as unknown as Record<string, number | undefined>)?.USDT ?? Number.NaN);
  const equity = Number.isFinite(reported) ? reported : fallback;
  if (!Number.isFinite(equity)) throw new Error("the balance did not include a total equity");
  await db
    .insert(performanceSnapshots)
    .values({ vault: "futures", source: "bybit", takenAt: at, value: equity })
    .onConflictDoNothing();
  return equity;
}
