// The fund's own "can this wallet deposit this now?" (`getDepositStatus`), in the catalogue's words, checked against
// what `invest` then does on the chain.
import type { Address } from "viem";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { investmentFundAbi } from "../src/abi/index.js";
import { formatChangeTime } from "../src/format/secondsToDate.js";
import { getDepositStatus } from "../src/reads/getDepositStatus.js";
import { invest } from "../src/writes/invest.js";
import { startLockupPeriod } from "../src/writes/startLockupPeriod.js";
import { accounts, deployment, snapshot } from "./chain.js";
import { as, investAs, mUSDC, publicClient } from "./fund.js";

let restore: () => Promise<void>;
beforeEach(async () => {
  restore = await snapshot();
});
afterEach(async () => {
  await restore();
});

const statusOf = (index: number, amount: bigint, vaultId = 1) =>
  getDepositStatus(publicClient, {
    deployment,
    vaultId,
    account: accounts[index] as Address,
    amount,
    context: { decimals: 6, symbol: "mUSDC" },
  });

describe("getDepositStatus", () => {
  it("says open, below the minimum, not whitelisted and locked until when, as invest then does", async () => {
    expect(await statusOf(2, mUSDC(500))).toEqual({
      status: "open",
      until: null,
      minimumInvestment: mUSDC(100),
      available: null,
      message: null,
    });
    expect(await statusOf(2, mUSDC(99))).toMatchObject({
      status: "belowMinimum",
      message: "The minimum investment is 100 mUSDC.",
    });
    const outsider = await statusOf(9, mUSDC(500));
    expect(outsider).toMatchObject({ status: "notWhitelisted" });
    expect(outsider.message).toBe((await invest({ ...as(9).context, vaultId: 1, amount: "500" })).message);

    await investAs(2, 1, 500);
    expect(await startLockupPeriod({ ...as(0).context, vaultId: 1 })).toMatchObject({ success: true });
    const locked = await statusOf(2, mUSDC(500));
    const [, , , lockupEndTime] = await publicClient.readContract({
      address: deployment.investmentFund,
      abi: investmentFundAbi,
      functionName: "getCurrentPoolData",
      args: [1n],
    });
    expect(locked).toMatchObject({
      status: "locked",
      until: Number(lockupEndTime),
      message: `This vault's round is locked until ${formatChangeTime(lockupEndTime)}: its funds are with the traders.`,
    });
    expect(await statusOf(2, mUSDC(500), 2)).toMatchObject({ status: "open" });
  });
});
