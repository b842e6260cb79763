import { getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { fundEvents, tokenTransfers } from "../db/schema.js";
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

describe.each(drivers)("fund events in the account history (%s)", (driver) => {
  let database: Database;
  const FUND = "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512";
  const GOVERNOR = "0xcafac3dd18ac6c6e92c921884f9e4176737c052c";
  const USDC = TOKEN;
  const at = (block: number) => new Date(Date.UTC(2026, 0, 1) + block * 12_000);
  const hash = (n: number) => `0x${n.toString(16).padStart(64, "e")}`;
  const deployment = {
    chainId: 999,
    investmentFund: getAddress(FUND),
    investmentToken: getAddress(USDC),
    deploymentBlock: 1n,
  };
  const event = (n: number, block: number, row: Partial<typeof fundEvents.$inferInsert>) => ({
    chainId: 999,
    txHash: hash(n),
    logIndex: 3,
    blockNumber: block,
    minedAt: at(block),
    contract: FUND,
    kind: "vote" as const,
    ...row,
  });

  beforeAll(async () => {
    database = await testDatabase(driver);
    await database.db.insert(fundEvents).values([
      event(1, 1, { kind: "vault_created", vaultId: "1", vaultName: "Crypto futures trading vault", logIndex: 0 }),
      event(1, 1, { kind: "vault_created", vaultId: "2", vaultName: "NFT lending vault", logIndex: 1 }),
      // Two investments in one transaction (a batch): each transfer gets the vault of the event with its amount.
      event(10, 10, { kind: "invest", account: ME, vaultId: "2", amount: "250000000", logIndex: 2 }),
      event(10, 10, { kind: "invest", account: ME, vaultId: "1", amount: "100000000", logIndex: 4 }),
      event(11, 11, { kind: "roll_over", account: ME, vaultId: "1", choice: "on" }),
      event(12, 12, { kind: "vote", account: ME, contract: GOVERNOR, proposalId: "5", choice: "for" }),
      event(13, 13, { kind: "vote", account: ME, contract: GOVERNOR, proposalId: "6", choice: "against" }),
      event(14, 14, { kind: "vote", account: ME, contract: GOVERNOR, proposalId: "7", choice: "abstain" }),
      event(15, 15, { kind: "roll_over", account: ME, vaultId: "1", choice: "off" }),
      event(16, 16, { kind: "withdraw", account: ME, vaultId: "1", amount: "102500000", logIndex: 1 }),
      // Another account's vote and a vault nobody named (created before the indexed range).
      event(17, 17, { kind: "vote", account: OTHER, contract: GOVERNOR, proposalId: "5", choice: "for" }),
      event(18, 18, { kind: "roll_over", account: ME, vaultId: "9", choice: "on" }),
    ]);
    const transfer = (n: number, block: number, logIndex: number, from: string, to: string, value: string) => ({
      chainId: 999,
      txHash: hash(n),
      logIndex,
      blockNumber: block,
      minedAt: at(block),
      token: USDC,
      fromAddress: from,
      toAddress: to,
      value,
      txTo: FUND,
    });
    await database.db
      .insert(tokenTransfers)
      .values([
        transfer(10, 10, 1, ME, FUND, "100000000"),
        transfer(10, 10, 3, ME, FUND, "250000000"),
        transfer(16, 16, 2, FUND, ME, "102500000"),
        transfer(19, 19, 0, ME, OTHER, "5"),
      ]);
  });
  afterAll(() => database.close());

  it("lists votes and roll-over changes as items without transfers, and names the vault of investments and withdrawals", async () => {
    const page = await readAccountHistory(database.db, { address: ME, chainId: 999, deployment });
    expect(
      page.data.map((item) => [
        item.metadata.operationType,
        item.metadata.vault,
        item.metadata.vote,
        item.metadata.rollOver,
      ]),
    ).toEqual([
      ["send", undefined, undefined, undefined],
      ["rollover", { id: "9" }, undefined, { enabled: true }],
      ["withdraw", { id: "1", name: "Crypto futures trading vault" }, undefined, undefined],
      ["rollover", { id: "1", name: "Crypto futures trading vault" }, undefined, { enabled: false }],
      ["vote", undefined, { proposalId: "7", choice: "abstain" }, undefined],
      ["vote", undefined, { proposalId: "6", choice: "against" }, undefined],
      ["vote", undefined, { proposalId: "5", choice: "for" }, undefined],
      ["rollover", { id: "1", name: "Crypto futures trading vault" }, undefined, { enabled: true }],
      ["invest", { id: "2", name: "NFT lending vault" }, undefined, undefined],
      ["invest", { id: "1", name: "Crypto futures trading vault" }, undefined, undefined],
    ]);
    const vote = page.data.find((item) => item.metadata.vote?.proposalId === "5");
    expect(vote).toEqual({
      id: `${hash(12)}:3`,
      metadata: {
        minedAt: at(12).toISOString(),
        chain: "eip155:999",
        hash: hash(12),
        sentFrom: getAddress(ME),
        sentTo: getAddress(GOVERNOR),
        status: "confirmed",
        operationType: "vote",
        blockNumber: 12,
        vote: { proposalId: "5", choice: "for" },
      },
      transfers: [],
    });
    expect(page.next).toBeNull();
  });

  it("pages events and transfers together with one keyset", async () => {
    const all = (await readAccountHistory(database.db, { address: ME, chainId: 999, deployment })).data;
    const [, , third] = all;
    const cursor = { blockNumber: third?.metadata.blockNumber ?? 0, logIndex: Number(third?.id.split(":")[1]) };
    const rest = await readAccountHistory(database.db, { address: ME, chainId: 999, deployment, cursor });
    expect(rest.data.map((item) => item.id)).toEqual(all.slice(3).map((item) => item.id));
    // The other account sees its own vote only.
    const other = await readAccountHistory(database.db, { address: OTHER, chainId: 999, deployment });
    expect(other.data.map((item) => item.metadata.operationType)).toEqual(["receive", "vote"]);
  });
});
