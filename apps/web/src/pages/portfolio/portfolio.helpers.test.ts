import type { PositionRound } from "@fundament/sdk";
import { describe, expect, it } from "vitest";
import {
  accountLabel,
  isoUtc,
  outcomeLabel,
  type PortfolioAccount,
  portfolioAccounts,
  portfolioTotals,
  type StatementRow,
  statementFileName,
  statementRows,
  statementToCsv,
  visiblePositions,
} from "./portfolio.helpers";

const WALLET = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const SMART = "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720";
const wallet: PortfolioAccount = { role: "wallet", address: WALLET, inUse: true };
const smart: PortfolioAccount = { role: "smartAccount", address: SMART, inUse: false };
const HASH = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as const;
// Nov 23, 2026 12:00:00 UTC
const NOON = Date.UTC(2026, 10, 23, 12) / 1000;

const row = (change: Partial<StatementRow>): StatementRow => ({
  vaultId: 1,
  poolId: 3n,
  round: 2,
  principal: 5_000_000_000n,
  deposited: 5_000_000_000n,
  payout: 5_225_000_000n,
  profit: 225_000_000n,
  fees: 56_250_000n,
  outcome: "rolled",
  withdrawn: 0n,
  lockupStartTime: 0,
  lockupEndTime: 0,
  transactions: [
    { kind: "invested", hash: HASH(1), blockNumber: 10n, timestamp: NOON - 86_400, amount: 5_000_000_000n },
    { kind: "settled", hash: HASH(2), blockNumber: 20n, timestamp: NOON, amount: 5_225_000_000n },
  ],
  account: wallet,
  ...change,
});

describe("the portfolio statement", () => {
  it("writes one CSV row per account, vault and round: its date (ISO 8601 UTC) and transaction, amounts as plain decimals, a loss negative", () => {
    const csv = statementToCsv(
      [
        row({
          poolId: 5n,
          round: 3,
          payout: 0n,
          profit: 0n,
          outcome: "in progress",
          principal: 5_225_000_000n,
          deposited: 0n,
          transactions: [
            { kind: "rolled in", hash: HASH(2), blockNumber: 20n, timestamp: NOON, amount: 5_225_000_000n },
          ],
        }),
        row({}),
        row({
          vaultId: 2,
          poolId: 2n,
          round: 1,
          payout: 900_500_000n,
          profit: -99_500_000n,
          fees: 0n,
          outcome: "withdrawn",
          principal: 1_000_000_000n,
          account: smart,
          transactions: [
            { kind: "invested", hash: HASH(3), blockNumber: 5n, timestamp: NOON - 7200, amount: 1_000_000_000n },
            { kind: "settled", hash: HASH(4), blockNumber: 6n, timestamp: NOON - 3600, amount: 900_500_000n },
            { kind: "withdrawn", hash: HASH(5), blockNumber: 7n, timestamp: NOON - 60, amount: 900_500_000n },
          ],
        }),
        row({ vaultId: 3, poolId: 6n, round: 1, outcome: "refunded", payout: 0n, profit: 0n, transactions: [] }),
      ],
      (id) => (id === 1 ? "Crypto futures trading vault" : id === 2 ? "NFT lending vault" : `Vault ${id}`),
      { decimals: 6, symbol: "mUSDC" },
    );
    expect(csv.split("\r\n")).toEqual([
      "date (UTC),account,account type,vault,vault id,round,pool id,principal (mUSDC),payout (mUSDC),profit or loss (mUSDC),fees (mUSDC),outcome,transaction hash,transactions",
      `2026-11-23T12:00:00Z,${WALLET},wallet,Crypto futures trading vault,1,3,5,5225,,,,In progress,${HASH(2)},rolled in 2026-11-23T12:00:00Z ${HASH(2)}`,
      `2026-11-23T12:00:00Z,${WALLET},wallet,Crypto futures trading vault,1,2,3,5000,5225,225,56.25,Rolled over,${HASH(2)},invested 2026-11-22T12:00:00Z ${HASH(1)}; settled 2026-11-23T12:00:00Z ${HASH(2)}`,
      `2026-11-23T11:59:00Z,${SMART},smart account,NFT lending vault,2,1,2,1000,900.5,-99.5,0,Withdrawn,${HASH(5)},invested 2026-11-23T10:00:00Z ${HASH(3)}; settled 2026-11-23T11:00:00Z ${HASH(4)}; withdrawn 2026-11-23T11:59:00Z ${HASH(5)}`,
      `,${WALLET},wallet,Vault 3,3,1,6,5000,,,,Refunded,,`,
      "",
    ]);
  });

  it("names the file after the account and the day", () => {
    expect(statementFileName("0x70997970C51812dc3A010C7d01b50e0d17dc79C8", new Date(Date.UTC(2026, 10, 23, 12)))).toBe(
      "fundament-statement-0x7099-79C8-2026-11-23.csv",
    );
    expect(isoUtc(NOON)).toBe("2026-11-23T12:00:00Z");
    expect(isoUtc(0)).toBe("");
  });

  it("labels outcomes and keeps positions that hold something or roll over", () => {
    expect(outcomeLabel("withdrawable")).toBe("Ready to withdraw");
    expect(outcomeLabel("in progress")).toBe("In progress");
    const empty = { shares: 0n, withdrawable: 0n, rollOver: false };
    expect(
      visiblePositions([empty, { ...empty, rollOver: true }, { ...empty, shares: 1n }, { ...empty, withdrawable: 1n }]),
    ).toHaveLength(3);
  });

  it("merges the accounts' rounds newest first", () => {
    const strip = ({ account: _account, ...r }: StatementRow): PositionRound => r;
    const merged = statementRows([
      { account: wallet, rows: [strip(row({ poolId: 4n })), strip(row({ poolId: 1n }))] },
      { account: smart, rows: [strip(row({ poolId: 3n }))] },
    ]);
    expect(merged.map((r) => [r.poolId, r.account.role])).toEqual([
      [4n, "wallet"],
      [3n, "smartAccount"],
      [1n, "wallet"],
    ]);
  });
});

describe("the portfolio's accounts and totals", () => {
  it("lists the wallet alone, or the account in use first and the other beside it", () => {
    const owned = { address: SMART, owner: WALLET, deployed: true } as const;
    expect(portfolioAccounts({ wallet: undefined, sender: { kind: "eoa" }, smartAccount: undefined })).toEqual([]);
    expect(portfolioAccounts({ wallet: WALLET, sender: { kind: "pending" }, smartAccount: undefined })).toEqual([]);
    expect(portfolioAccounts({ wallet: WALLET, sender: { kind: "eoa" }, smartAccount: undefined })).toEqual([wallet]);
    // A smart account never deployed holds nothing: not listed.
    expect(
      portfolioAccounts({ wallet: WALLET, sender: { kind: "eoa" }, smartAccount: { ...owned, deployed: false } }),
    ).toEqual([wallet]);
    expect(portfolioAccounts({ wallet: WALLET, sender: { kind: "eoa" }, smartAccount: owned })).toEqual([
      wallet,
      smart,
    ]);
    expect(
      portfolioAccounts({
        wallet: WALLET,
        sender: { kind: "smartAccount", address: SMART, deployed: false },
        smartAccount: undefined,
      }),
    ).toEqual([
      { ...smart, inUse: true },
      { ...wallet, inUse: false },
    ]);
    expect(accountLabel(wallet)).toBe("Wallet 0x7099…79C8");
    expect(accountLabel(smart)).toBe("Smart account 0xa0Ee…9720");
  });

  it("totals the value now, and the profit as value plus withdrawn less deposited (a loss negative)", () => {
    expect(
      portfolioTotals(
        [{ value: 1_000n }, { value: 400n }, { value: 0n }],
        [
          { deposited: 0n, withdrawn: 0n }, // rolled in: not new money
          { deposited: 1_000n, withdrawn: 0n },
          { deposited: 400n, withdrawn: 0n },
          { deposited: 500n, withdrawn: 450n },
        ],
      ),
    ).toEqual({ value: 1_400n, deposited: 1_900n, withdrawn: 450n, profit: -50n });
  });
});
