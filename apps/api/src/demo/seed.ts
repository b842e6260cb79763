import ccxt from "ccxt";
import { and, count, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { exchangeTransfers, performanceSnapshots } from "../db/schema.js";
import { isUsdStablecoin, type PricedTransfer, toCents } from "../sync/amountUsd.js";
import { upsertTransfers } from "../sync/syncExchangeTransfers.js";
import { toUnifiedTransfer } from "../sync/toUnifiedTransfer.js";

const DAY_MS = 86_400_000;

/** Fixed USD prices of the demo's non-stablecoin coins (stablecoins count 1:1), so the demo stays deterministic. */
export const DEMO_USD_PRICES: Readonly<Record<string, number>> = { ETH: 3_000, BTC: 60_000 };

export type SeedDemoParameters = {
  db: Db;
  /** The last day of the history (today by default). */
  now?: Date;
  futuresDays?: number;
  nftDays?: number;
  transfers?: number;
};

export type SeedDemoReturnType = { futures: number; nft: number; transfers: number };

/** A small deterministic generator (mulberry32), so every seed writes the same history. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const hex = (next: () => number, length: number) =>
  Array.from({ length }, () => Math.floor(next() * 16).toString(16)).join("");

/** Daily values: a random walk with a drift, starting at `start`. */
function walk(next: () => number, days: number, start: number, drift: number, volatility: number): number[] {
  const values: number[] = [];
  let value = start;
  for (let day = 0; day < days; day++) {
    values.push(Number(value.toFixed(2)));
    value *= 1 + drift + (next() - 0.5) * 2 * volatility;
  }
  return values;
}

/** Bybit v5 deposit and withdrawal rows, as the exchange returns them, parsed by ccxt like synced ones. */
function demoTransfers(next: () => number, total: number, end: number): PricedTransfer[] {
  const parser = new ccxt.bybit();
  const assets = [
    { coin: "USDT", chain: "ETH", min: 5_000, max: 60_000, fee: "1" },
    { coin: "USDT", chain: "TRX", min: 1_000, max: 25_000, fee: "1" },
    { coin: "USDC", chain: "ARBI", min: 2_000, max: 40_000, fee: "0.5" },
    { coin: "ETH", chain: "ETH", min: 1, max: 25, fee: "0.0012" },
    { coin: "BTC", chain: "BTC", min: 0.05, max: 1.5, fee: "0.0002" },
  ] as const;
  const records: PricedTransfer[] = [];
  for (let n = 0; n < total; n++) {
    const asset = assets[Math.floor(next() * assets.length)] ?? assets[0];
    const time = end - Math.floor(next() * 178 * DAY_MS) - DAY_MS;
    const amount = (asset.min + next() * (asset.max - asset.min)).toFixed(asset.min < 10 ? 4 : 2);
    const txID = `0x${hex(next, 64)}`;
    const address = asset.chain === "BTC" ? `bc1q${hex(next, 38)}` : `0x${hex(next, 40)}`;
    const isDeposit = n % 5 < 3; // 60% deposits
    const raw = isDeposit
      ? {
          id: `demo-deposit-${n}`,
          coin: asset.coin,
          chain: asset.chain,
          amount,
          txID,
          status: next() < 0.95 ? 3 : 1,
          toAddress: `0x${hex(next, 40)}`,
          tag: "",
          depositFee: "",
          successAt: String(time),
          confirmations: String(12 + Math.floor(next() * 100)),
          txIndex: String(Math.floor(next() * 200)),
          blockHash: `0x${hex(next, 64)}`,
          batchReleaseLimit: "-1",
          depositType: "0",
          fromAddress: address,
        }
      : {
          coin: asset.coin,
          chain: asset.chain,
          amount,
          txID,
          status: next() < 0.95 ? "success" : "Pending",
          toAddress: address,
          tag: "",
          withdrawFee: asset.fee,
          createTime: String(time),
          updateTime: String(time + 600_000),
          withdrawId: `demo-withdrawal-${n}`,
          withdrawType: 0,
        };
    const parsed = parser.parseTransaction(raw);
    const transfer = toUnifiedTransfer(parsed, isDeposit ? "deposit" : "withdrawal");
    const price = isUsdStablecoin(transfer.coin) ? 1 : DEMO_USD_PRICES[transfer.coin];
    records.push({ ...transfer, amountUsd: price === undefined ? null : toCents(transfer.amount * price) });
  }
  return records;
}

/**
 * Writes the demo history, all marked `source: 'demo'`: daily futures equity (180 days), daily NFT-lending
 * values in SOL (90 days) and deposits/withdrawals in the unified shape (60). Earlier demo rows are
 * replaced in the same transaction, so running it again never duplicates anything.
 */
export async function seedDemo({
  db,
  now = new Date(),
  futuresDays = 180,
  nftDays = 90,
  transfers = 60,
}: SeedDemoParameters): Promise<SeedDemoReturnType> {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const next = random(2026);
  const futures = walk(next, futuresDays, 250_000, 0.0006, 0.012);
  const nft = walk(next, nftDays, 1_200, 0.0005, 0.004);
  const records = demoTransfers(next, transfers, today);
  const day = (index: number, days: number) => new Date(today - (days - 1 - index) * DAY_MS);
  await db.transaction(async (tx) => {
    await tx.delete(performanceSnapshots).where(eq(performanceSnapshots.source, "demo"));
    await tx.delete(exchangeTransfers).where(eq(exchangeTransfers.source, "demo"));
    await tx.insert(performanceSnapshots).values([
      ...futures.map((value, i) => ({
        vault: "futures" as const,
        source: "demo" as const,
        takenAt: day(i, futuresDays),
        value,
      })),
      ...nft.map((value, i) => ({
        vault: "nft-lending" as const,
        source: "demo" as const,
        takenAt: day(i, nftDays),
        value,
      })),
    ]);
    await upsertTransfers(tx, "bybit", "demo", records);
  });
  return { futures: futures.length, nft: nft.length, transfers: records.length };
}

/** Seeds the demo history only when there is no performance or transfer data at all (`DEMO_DATA=1`). */
export async function seedDemoIfEmpty(db: Db, now?: Date): Promise<SeedDemoReturnType | undefined> {
  const [snapshots] = await db.select({ n: count() }).from(performanceSnapshots);
  const [transfers] = await db
    .select({ n: count() })
    .from(exchangeTransfers)
    .where(and(eq(exchangeTransfers.exchange, "bybit")));
  if ((snapshots?.n ?? 0) > 0 || (transfers?.n ?? 0) > 0) return undefined;
  return seedDemo({ db, ...(now && { now }) });
}
