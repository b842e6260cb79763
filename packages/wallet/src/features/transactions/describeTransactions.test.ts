import { describe, expect, it } from "vitest";
import { labelOf, toTransactionRows } from "./describeTransactions.js";
import type { TransactionItem } from "./fetchTransactions.js";

const ME = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const OTHER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const item = (
  id: string,
  operationType: string | undefined,
  transfer: { numeric: string; symbol: string; direction: "in" | "out"; spam?: boolean },
  hash = `0x${id}`,
): TransactionItem => ({
  id,
  metadata: {
    minedAt: "2026-01-01T00:00:00.000Z",
    chain: "eip155:31337",
    hash,
    sentFrom: transfer.direction === "out" ? ME : OTHER,
    sentTo: transfer.direction === "out" ? OTHER : ME,
    ...(operationType && { operationType }),
  },
  transfers: [
    {
      fungible_info: { symbol: transfer.symbol },
      direction: transfer.direction,
      quantity: { numeric: transfer.numeric },
      ...(transfer.spam && { spam: true }),
    },
  ],
});

describe("Activity rows", () => {
  it("labels each operation type, and falls back to the direction or the type's own name", () => {
    const labels = ["send", "receive", "swap", "invest", "withdraw", "mint", "deposit"].map((type) =>
      labelOf(item("1", type, { numeric: "1", symbol: "X", direction: "in" }), ME),
    );
    expect(labels).toEqual(["Sent", "Received", "Swapped", "Invested", "Withdrew", "Minted", "Deposit"]);
    expect(labelOf(item("1", undefined, { numeric: "1", symbol: "X", direction: "out" }), ME)).toBe("Sent");
  });

  it("merges a swap's two legs into one row at the first leg's place, and marks possible spam", () => {
    const rows = toTransactionRows(
      [
        item("a", "receive", { numeric: "1000000", symbol: "FREE", direction: "in", spam: true }),
        item("b", "swap", { numeric: "1490.004", symbol: "mUSDC", direction: "in" }, "0x55"),
        item("c", "swap", { numeric: "0.5", symbol: "ETH", direction: "out" }, "0x55"),
        item("d", "swap", { numeric: "0.25", symbol: "ETH", direction: "out" }, "0x66"),
      ],
      ME,
    );
    expect(rows.map((row) => [row.label, row.amount, row.spam, row.swap])).toEqual([
      ["Received", "1,000,000 FREE", true, false],
      ["Swapped", "0.5 ETH for 1,490 mUSDC", false, true],
      // A leg whose partner is not loaded yet (the next page) stays a row of its own.
      ["Swapped", "0.25 ETH", false, false],
    ]);
    expect(rows[0]?.counterparty).toEqual({ label: "from", address: OTHER });
    expect(rows[1]?.counterparty).toBeUndefined();
  });

  it("shows an approval's spender and an unlimited allowance as such", () => {
    const max = "115792089237316195423570985008687907853269984665640564039457584007913129.639935";
    const rows = toTransactionRows(
      [
        item("a", "approve", { numeric: max, symbol: "mUSDC", direction: "out" }),
        item("b", "approve", { numeric: "5000", symbol: "mUSDC", direction: "out" }),
      ],
      ME,
    );
    expect(rows.map((row) => [row.label, row.amount, row.counterparty])).toEqual([
      ["Approved", "Unlimited mUSDC", { label: "for", address: OTHER }],
      ["Approved", "5,000 mUSDC", { label: "for", address: OTHER }],
    ]);
  });

  it("says what a vote or a roll-over change did, and names the vault of an investment or a withdrawal", () => {
    const event = (id: string, operationType: string, metadata: Partial<TransactionItem["metadata"]>) => ({
      id,
      metadata: {
        minedAt: "2026-01-01T00:00:00.000Z",
        chain: "eip155:31337",
        sentFrom: ME,
        sentTo: OTHER,
        operationType,
        ...metadata,
      },
      transfers: [],
    });
    const invest = item("i", "invest", { numeric: "100", symbol: "mUSDC", direction: "out" });
    const withdraw = item("w", "withdraw", { numeric: "102.5", symbol: "mUSDC", direction: "in" });
    const rows = toTransactionRows(
      [
        { ...invest, metadata: { ...invest.metadata, vault: { id: "1", name: "Crypto futures trading vault" } } },
        { ...withdraw, metadata: { ...withdraw.metadata, vault: { id: "2" } } },
        event("v1", "vote", { vote: { proposalId: "5", choice: "for" } }),
        event("v2", "vote", { vote: { proposalId: "6", choice: "against" } }),
        event("v3", "vote", { vote: { proposalId: "7", choice: "abstain" } }),
        event("r1", "rollover", {
          vault: { id: "1", name: "Crypto futures trading vault" },
          rollOver: { enabled: true },
        }),
        event("r2", "rollover", {
          vault: { id: "1", name: "Crypto futures trading vault" },
          rollOver: { enabled: false },
        }),
      ],
      ME,
    );
    expect(rows.map((row) => [row.label, row.counterparty?.label, row.counterparty?.name, row.amount])).toEqual([
      ["Invested", "in", "Crypto futures trading vault", "100 mUSDC"],
      ["Withdrew", "from", "vault #2", "102.5 mUSDC"],
      ["Voted for proposal #5", undefined, undefined, undefined],
      ["Voted against proposal #6", undefined, undefined, undefined],
      ["Abstained on proposal #7", undefined, undefined, undefined],
      ["Turned roll-over on", "for", "Crypto futures trading vault", undefined],
      ["Turned roll-over off", "for", "Crypto futures trading vault", undefined],
    ]);
    // Without a vault (an older API), an investment still names the fund's address.
    expect(toTransactionRows([invest], ME)[0]?.counterparty).toEqual({ label: "in", address: OTHER });
  });
});
