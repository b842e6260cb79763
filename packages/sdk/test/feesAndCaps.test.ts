// A vault's fees over a high-water mark and its caps, through the SDK: set by an admin, charged at settlement and
// shown per round, and the caps said before any prompt with the room left.
import type { Address } from "viem";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { effectiveFeeRates, settlementFees } from "../src/math/settlementFees.js";
import { getDepositStatus } from "../src/reads/getDepositStatus.js";
import { getVaultRounds } from "../src/reads/getVaultRounds.js";
import { getVaultSettings } from "../src/reads/getVaultSettings.js";
import { getVaults } from "../src/reads/getVaults.js";
import { invest } from "../src/writes/invest.js";
import { setCaps, setFees } from "../src/writes/setFeesAndCaps.js";
import { setRollOver } from "../src/writes/setRollOver.js";
import { accounts, deployment, snapshot } from "./chain.js";
import { as, investAs, mUSDC, publicClient, runRound } from "./fund.js";

const SCALE = 10n ** 18n;

let restore: () => Promise<void>;
beforeEach(async () => {
  restore = await snapshot();
});
afterEach(async () => {
  await restore();
});

describe("fees over a high-water mark", () => {
  it("charges the management fee for the round and no performance fee on a recovery up to the mark", async () => {
    const admin = as(0).context;
    expect((await getVaults(publicClient, { deployment }))[1]?.fees).toEqual({
      managementFeeBps: 0,
      performanceFeeBps: 2_000,
      highWaterMark: SCALE,
    });
    // 3.65 % a year: 0.01 % a day, so 10,000 for a 30-day round pays 30.
    expect(await setFees({ ...admin, vaultId: 2, managementFeeBps: 365, performanceFeeBps: 2_000 })).toMatchObject({
      success: true,
      message: "Fees updated.",
    });
    await investAs(2, 2, 10_000);
    expect(await setRollOver({ ...as(2).context, vaultId: 2, enabled: true })).toMatchObject({ success: true });

    await runRound(2, [8], 8_000n, { confirmLoss: true }); // −20 %
    const [, loss] = await getVaultRounds(publicClient, { deployment, vaultId: 2 }); // newest first: round 2 is open
    expect(loss).toMatchObject({ round: 1, managementFee: mUSDC(30), performanceFee: 0n, highWaterMark: SCALE });
    expect(loss?.fundFee).toBe(mUSDC(30));
    const settings = await getVaultSettings(publicClient, { deployment, vaultId: 2 });
    expect(settings.fees.highWaterMark).toBe(SCALE); // the mark stays: the next round starts below it

    // Before settling, the SDK's estimate of the fees (what the settle form shows) ...
    let estimate: ReturnType<typeof settlementFees> | undefined;
    const estimateAtLock = async () => {
      const s = await getVaultSettings(publicClient, { deployment, vaultId: 2 });
      const rates = effectiveFeeRates(s.currentPool.lockedFeeRates, s.fees);
      estimate = settlementFees({
        total: (s.currentPool.preLockupTotal * 13_000n) / 10_000n,
        principal: s.currentPool.preLockupTotal,
        totalShares: s.currentPool.totalShares,
        startSharePrice: s.currentPool.startSharePrice,
        highWaterMark: s.fees.highWaterMark,
        ...rates,
        lockupStartTime: s.currentPool.lockupStartTime,
        lockupEndTime: s.currentPool.lockupEndTime,
        settledAt: s.currentPool.lockupEndTime,
      });
    };
    await runRound(2, [8], 13_000n, { whileLocked: estimateAtLock }); // 7,970 × 1.3 = 10,361: above the mark
    const [, recovery] = await getVaultRounds(publicClient, { deployment, vaultId: 2 });
    expect(recovery?.round).toBe(2);
    const principal = recovery?.principal ?? 0n;
    const management = (principal * 365n * 30n * 86_400n) / (10_000n * 365n * 86_400n);
    expect(recovery?.managementFee).toBe(management);
    // Only the profit above the mark (10,000 shares × 1.0) is charged: 20 % of (10,361 − fee − 10,000).
    const aboveMark = (recovery?.returned ?? 0n) - management - mUSDC(10_000);
    expect(recovery?.performanceFee).toBe((aboveMark * 2_000n) / 10_000n);
    expect(recovery?.performanceFee).toBeLessThan(((recovery?.grossProfit ?? 0n) * 2_000n) / 10_000n);
    // ... is what the contract charged, to the unit.
    expect(estimate).toEqual({
      managementFee: recovery?.managementFee,
      performanceFee: recovery?.performanceFee,
      highWaterMark: recovery?.highWaterMark,
      investorsTotal: recovery?.investorsTotal,
    });
    expect((await getVaults(publicClient, { deployment }))[1]?.fees.highWaterMark).toBeGreaterThan(SCALE);
  });

  it("refuses fees above the contract's caps before any prompt", async () => {
    const { context, prompts } = as(0);
    const result = await setFees({ ...context, vaultId: 1, managementFeeBps: 501, performanceFeeBps: 2_000 });
    expect(result).toMatchObject({
      success: false,
      message:
        "Enter a management fee of at most 5% a year and a performance fee of at most 50%: the contract caps them there.",
    });
    expect(prompts).toHaveLength(0);
  });
});

describe("caps", () => {
  const statusOf = (index: number, amount: bigint) =>
    getDepositStatus(publicClient, {
      deployment,
      vaultId: 1,
      account: accounts[index] as Address,
      amount,
      context: { decimals: 6, symbol: "mUSDC" },
    });

  it("says which cap stops a deposit and how much more fits, as invest then does", async () => {
    expect(await statusOf(2, mUSDC(500))).toMatchObject({ status: "open", available: null });
    expect(await setCaps({ ...as(0).context, vaultId: 1, depositCap: "6000", investorCap: "4000" })).toMatchObject({
      success: true,
      message: "Caps updated.",
    });
    expect((await getVaultSettings(publicClient, { deployment, vaultId: 1 })).caps).toEqual({
      depositCap: mUSDC(6_000),
      investorCap: mUSDC(4_000),
    });
    await investAs(2, 1, 3_000);

    const mine = await statusOf(2, mUSDC(1_500));
    expect(mine).toMatchObject({
      status: "aboveInvestorCap",
      available: mUSDC(1_000),
      message: "This vault caps each investor's funds in a round: you can add at most 1000 mUSDC.",
    });
    expect((await invest({ ...as(2).context, vaultId: 1, amount: "1500" })).message).toBe(mine.message);

    const theirs = await statusOf(3, mUSDC(3_500));
    expect(theirs).toMatchObject({
      status: "vaultCapReached",
      available: mUSDC(3_000),
      message: "This vault's round is nearly full: at most 3000 mUSDC more fits under its cap.",
    });
    expect((await invest({ ...as(3).context, vaultId: 1, amount: "3500" })).message).toBe(theirs.message);
    await investAs(3, 1, 3_000);
    expect(await statusOf(4, mUSDC(100))).toMatchObject({
      status: "vaultCapReached",
      available: 0n,
      message: "This vault's round is full: it has reached its cap. Deposits open again with the next round.",
    });

    // Removing the caps (the timelock's, here the deployer's top role) opens the vault again.
    expect(await setCaps({ ...as(0).context, vaultId: 1, depositCap: null, investorCap: null })).toMatchObject({
      success: true,
    });
    expect(await statusOf(4, mUSDC(100))).toMatchObject({ status: "open", available: null });
  });
});

describe("a scheduled fee or cap change in words (Pending changes)", () => {
  it("names the vault, the new rates and caps, and when raised fees apply", async () => {
    const { describeFundChange } = await import("../src/format/describeFundChange.js");
    const token = { decimals: 6, symbol: "mUSDC" };
    expect(describeFundChange({ functionName: "setFees", args: [1n, 150n, 2_500n] }, token)).toEqual({
      summary:
        "the fees become 1.5% a year (management) and 25% of profit above the high-water mark (performance), for rounds locked after the change",
      vaultId: 1n,
    });
    expect(describeFundChange({ functionName: "setCaps", args: [2n, 0n, mUSDC(30_000)] }, token)).toEqual({
      summary: "the round cap becomes none and the per-investor cap 30000 mUSDC",
      vaultId: 2n,
    });
  });
});
