import type { PositionRound } from "@fundament/sdk";
import { describe, expect, it } from "vitest";
import { outcomeLabel, statementFileName, statementToCsv, visiblePositions } from "./portfolio.helpers";

const row = (change: Partial<PositionRound>): PositionRound => ({
  vaultId: 1,
  poolId: 3n,
  round: 2,
  principal: 5_000_000_000n,
  payout: 5_225_000_000n,
  profit: 225_000_000n,
  fees: 56_250_000n,
  outcome: "rolled",
  withdrawn: 0n,
  lockupStartTime: 0,
  lockupEndTime: 0,
  ...change,
});

describe("the portfolio statement", () => {
  it("writes one CSV row per vault and round, amounts as plain decimals, a loss negative", () => {
    const csv = statementToCsv(
      [
        row({ poolId: 5n, round: 3, payout: 0n, profit: 0n, outcome: "in progress", principal: 5_225_000_000n }),
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
        }),
        row({ vaultId: 3, poolId: 6n, round: 1, outcome: "refunded", payout: 0n, profit: 0n }),
      ],
      (id) => (id === 1 ? "Crypto futures trading vault" : id === 2 ? "NFT lending vault" : `Vault ${id}`),
      { decimals: 6, symbol: "mUSDC" },
    );
    expect(csv.split("\r\n")).toEqual([
      "vault,vault id,round,pool id,principal (mUSDC),payout (mUSDC),profit or loss (mUSDC),fees (mUSDC),outcome",
      "Crypto futures trading vault,1,3,5,5225,,,,In progress",
      "Crypto futures trading vault,1,2,3,5000,5225,225,56.25,Rolled over",
      "NFT lending vault,2,1,2,1000,900.5,-99.5,0,Withdrawn",
      "Vault 3,3,1,6,5000,,,,Refunded",
      "",
    ]);
  });

  it("names the file after the account and the day", () => {
    expect(statementFileName("0x70997970C51812dc3A010C7d01b50e0d17dc79C8", new Date(Date.UTC(2026, 10, 23, 12)))).toBe(
      "fundament-statement-0x7099-79C8-2026-11-23.csv",
    );
  });

  it("labels outcomes and keeps positions that hold something or roll over", () => {
    expect(outcomeLabel("withdrawable")).toBe("Ready to withdraw");
    expect(outcomeLabel("in progress")).toBe("In progress");
    const empty = { shares: 0n, withdrawable: 0n, rollOver: false };
    expect(
      visiblePositions([empty, { ...empty, rollOver: true }, { ...empty, shares: 1n }, { ...empty, withdrawable: 1n }]),
    ).toHaveLength(3);
  });
});
