import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { exchangeTransfers } from "../db/schema.js";
import { HttpError } from "../http/errors.js";
import { storedAmountUsd } from "../sync/amountUsd.js";
import { drivers, testDatabase } from "../testing/testDatabase.js";
import { readTransferPage, transferEnvelopeJson } from "./readTransfers.js";

const noKeys = { bybit: { credentials: undefined } } as const;
const keys = { bybit: { credentials: { apiKey: "k", secret: "s" } } } as const;
const BASE = Date.UTC(2026, 5, 1);

type Stored = { id: string; timestamp: number; source: "demo" | "bybit"; record: Record<string, unknown> };

/**
 * 137 deposits: timestamps shared by up to 4 records (ties broken by id), ids of different lengths, records
 * priced at sync time, priced null, and stored before `amountUsd` existed (a stablecoin and not).
 */
function deposits(): Stored[] {
  return Array.from({ length: 137 }, (_, i) => {
    const timestamp = BASE + Math.floor(i / 4) * 60_000;
    const id = `d${(i * 7919) % 1000}`;
    const coin = i % 3 === 0 ? "ETH" : "USDT";
    const record: Record<string, unknown> = {
      coin,
      chain: "ETH",
      amount: i % 11 === 0 ? 1e-7 : 100 + i / 8,
      txID: `0x${i.toString(16)}`,
      status: "ok",
      tag: null,
      id,
      timestamp,
      datetime: new Date(timestamp).toISOString(),
      type: "deposit",
      currency: coin,
      fee: { currency: coin, cost: 0.5 },
      info: { depositType: "0", note: 'quote " and \\ and ünïcode', nested: { list: [1, 2.5, null] } },
    };
    if (i % 4 === 1) record.amountUsd = 1234.56;
    if (i % 4 === 2) record.amountUsd = null;
    return { id, timestamp, source: i % 10 === 9 ? "bybit" : "demo", record };
  });
}

const newestFirst = (a: Stored, b: Stored) => b.timestamp - a.timestamp || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

describe.each(drivers)("exchange history pages (%s)", (driver) => {
  let database: Database;
  const rows = deposits();

  beforeAll(async () => {
    database = await testDatabase(driver);
    await database.db
      .insert(exchangeTransfers)
      .values(rows.map((row) => ({ exchange: "bybit", kind: "deposit" as const, ...row })));
    // A withdrawal and another exchange's deposit, which the deposit pages must not show.
    await database.db.insert(exchangeTransfers).values([
      { exchange: "bybit", kind: "withdrawal", id: "w1", source: "demo", timestamp: BASE, record: { id: "w1" } },
      { exchange: "okx", kind: "deposit", id: "o1", source: "demo", timestamp: BASE, record: { id: "o1" } },
    ]);
  });
  afterAll(() => database.close());

  /** Every page of `limit` rows, following next_cursor. */
  async function allPages(
    config: typeof noKeys | typeof keys,
    limit: number,
    range: { since?: number; until?: number } = {},
  ) {
    const seen: unknown[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await readTransferPage(database.db, config, "deposit", { limit, cursor, ...range });
      const body = JSON.parse(transferEnvelopeJson("Deposits", "deposits", page));
      expect(body).toMatchObject({ message: "Deposits retrieved", statusCode: 200 });
      expect(Object.keys(body.data)).toEqual(["source", "deposits", "error", "next_cursor"]);
      seen.push(...(body.data.deposits ?? []));
      cursor = body.data.next_cursor ?? undefined;
      pages++;
    } while (cursor && pages < 1000);
    return { seen, pages };
  }

  it("covers every row once, newest first, with ties on the time, for several page sizes", async () => {
    const expected = rows
      .filter((row) => row.source !== "bybit")
      .sort(newestFirst)
      .map((row) => ({ ...row.record, amountUsd: storedAmountUsd(row.record) }));
    for (const limit of [1, 4, 7, 50, 500]) {
      const { seen, pages } = await allPages(noKeys, limit);
      expect(seen).toEqual(expected);
      expect(pages).toBe(Math.max(1, Math.ceil(expected.length / limit)));
    }
  });

  it("keeps since and until inclusive, and shows only the exchange's rows with keys", async () => {
    const since = BASE + 5 * 60_000;
    const until = BASE + 20 * 60_000;
    const inRange = rows
      .filter((row) => row.source !== "bybit" && row.timestamp >= since && row.timestamp <= until)
      .sort(newestFirst)
      .map((row) => row.id);
    const { seen } = await allPages(noKeys, 3, { since, until });
    expect(seen.map((record) => (record as { id: string }).id)).toEqual(inRange);
    const synced = await allPages(keys, 5);
    expect(synced.seen.map((record) => (record as { id: string }).id)).toEqual(
      rows
        .filter((row) => row.source === "bybit")
        .sort(newestFirst)
        .map((row) => row.id),
    );
  });

  it("gives a null list with the error when nothing matches, an empty one past the last page", async () => {
    const empty = await readTransferPage(database.db, noKeys, "deposit", { limit: 5, until: 1 });
    expect(JSON.parse(transferEnvelopeJson("Deposits", "deposits", empty)).data).toEqual({
      source: "bybit",
      deposits: null,
      error: "Bybit API keys are not configured",
      next_cursor: null,
    });
    const past = await readTransferPage(database.db, noKeys, "deposit", { limit: 5, cursor: "1:a" });
    expect(past.records).toEqual([]);
  });

  it("refuses a cursor whose time is not a whole number", async () => {
    await expect(
      readTransferPage(database.db, noKeys, "deposit", { limit: 5, cursor: "99999999999999999999:x" }),
    ).rejects.toBeInstanceOf(HttpError);
  });
});
