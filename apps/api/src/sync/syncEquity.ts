import ccxt, { type Exchange } from "ccxt";
import type { Db } from "../db/client.js";
import { performanceSnapshots } from "../db/schema.js";
import { ExchangeAnswerError } from "./exchangeAnswer.js";

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
  let balance: Awaited<ReturnType<Exchange["fetchBalance"]>>;
  try {
    balance = await exchange.fetchBalance();
  } catch (error) {
    if (error instanceof ccxt.BaseError) throw error;
    // ccxt's parser choked on the answer (e.g. an HTML page with status 200): the answer was unreadable
    throw new ExchangeAnswerError(`the balance answer could not be parsed: ${(error as Error).message}`);
  }
  const info = balance.info as { retCode?: unknown; result?: { list?: { totalEquity?: string }[] } } | undefined;
  if (typeof info !== "object" || info === null || info.retCode !== 0 || !Array.isArray(info.result?.list)) {
    throw new ExchangeAnswerError("the balance answer did not have Bybit's shape (retCode 0, result.list)");
  }
  const reported = Number(info.result?.list?.[0]?.totalEquity);
  // The USDT total: ccxt's `balance.USDT.total`, the same number as its `balance.total.USDT` (typed per currency).
  const fallback = Number(balance.USDT?.total ?? Number.NaN);
  const equity = Number.isFinite(reported) ? reported : fallback;
  if (!Number.isFinite(equity)) throw new ExchangeAnswerError("the balance did not include a total equity");
  await db
    .insert(performanceSnapshots)
    .values({ vault: "futures", source: "bybit", takenAt: at, value: equity })
    .onConflictDoNothing();
  return equity;
}
