import { getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { tokenTransfers } from "../db/schema.js";
import { drivers, testDatabase } from "../testing/testDatabase.js";
import { ACCOUNT_HISTORY_PAGE_SIZE, readAccountHistory } from "./readAccountHistory.js";

const ME = "0x00000000000000000000000000000000000a11ce";
const OTHER = "0x000000000000000000000000000000000000beef";
const THIRD = "0x000000000000000000000000000000000000f00d";
const TOKEN = "0x5fbdb2315678afecb367f032d93f642f64180aa3";

type Row = typeof tokenTransfers.$inferInsert;

/**
 * 95 transfers on chain 999: up to 3 logs per block, in both directions, self-transfers (counted once), others'
 * transfers, and the same account on another chain; log indexes that grow past 9 (numeric, not text, order).
 */
function transfers(): Row[] {
  return Array.from({ length: 95 }, (_, i) => {
    const side = i % 5;
    const from = side === 0 || side === 3 ? ME : side === 4 ? OTHER : THIRD;
    const to = side === 1 || side === 3 ? ME : side === 4 ? THIRD : OTHER;
    return {
      chainId: i % 19 === 18 ? 1 : 999,
      txHash: `0x${i.toString(16).padStart(64, "0")}`,
      logIndex: (i % 3) * 7,
      blockNumber: 1000 + Math.floor(i / 3),
      minedAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 12_000 + 5),
      token: TOKEN,
      fromAddress: from,
      toAddress: to,
      value: String(BigInt(i + 1) * 10n ** 17n),
    };
  });
}

describe.each(drivers)("account history pages (%s)", (driver) => {
  let database: Database;
  const rows = transfers();

  beforeAll(async () => {
    database = await testDatabase(driver);
    await database.db.insert(tokenTransfers).values(rows);
  });
  afterAll(() => database.close());

  it("covers the account's transfers once each, newest first, without gaps, in the wallet layer's shape", async () => {
    const mine = rows
      .filter((row) => row.chainId === 999 && (row.fromAddress === ME || row.toAddress === ME))
      .sort((a, b) => b.blockNumber - a.blockNumber || (b.logIndex ?? 0) - (a.logIndex ?? 0));
    expect(mine.length).toBeGreaterThan(2 * ACCOUNT_HISTORY_PAGE_SIZE);
    const seen: string[] = [];
    let cursor: { blockNumber: number; logIndex: number } | undefined;
    let pages = 0;
    for (;;) {
      const page = await readAccountHistory(database.db, { address: ME, chainId: 999, cursor });
      expect(page.data.length).toBeLessThanOrEqual(ACCOUNT_HISTORY_PAGE_SIZE);
      seen.push(...page.data.map((item) => item.id));
      pages++;
      if (!page.next) break;
      const [block, log] = page.next.split(":").map(Number) as [number, number];
      cursor = { blockNumber: block, logIndex: log };
    }
    expect(seen).toEqual(mine.map((row) => `${row.txHash}:${row.logIndex}`));
    expect(pages).toBe(Math.ceil(mine.length / ACCOUNT_HISTORY_PAGE_SIZE));

    const first = (await readAccountHistory(database.db, { address: ME, chainId: 999 })).data[0];
    const row = mine[0] as Row;
    expect(first).toEqual({
      id: `${row.txHash}:${row.logIndex}`,
      metadata: {
        minedAt: row.minedAt.toISOString(),
        chain: "eip155:999",
        hash: row.txHash,
        sentFrom: getAddress(row.fromAddress),
        sentTo: getAddress(row.toAddress),
        status: "confirmed",
        operationType: row.fromAddress === ME ? "send" : "receive",
        blockNumber: row.blockNumber,
      },
      transfers: [
        {
          fungible_info: { name: "Unknown token", symbol: "" },
          direction: row.fromAddress === ME ? "out" : "in",
          quantity: { numeric: String(Number(BigInt(row.value) / 10n ** 17n) / 10) },
          token_address: getAddress(TOKEN),
        },
      ],
    });
  });

  it("names the token when it is known, and answers an empty page for an unknown account", async () => {
    const token = { address: getAddress(TOKEN), name: "Fundament Share", symbol: "FUND", decimals: 6 };
    const page = await readAccountHistory(database.db, { address: ME, chainId: 999, token });
    expect(page.data[0]?.transfers[0]?.fungible_info).toEqual({ name: "Fundament Share", symbol: "FUND" });
    expect(await readAccountHistory(database.db, { address: `0x${"1".repeat(40)}`, chainId: 999 })).toEqual({
      data: [],
      next: null,
    });
  });
});
