// A settlement that waits its vault's challenge window: proposed through endLockupPeriod, visible to every reader,
// vetoed by an admin (a guardian may too), proposed again, refused before its time and final after it.
import { type Address, type Hex, keccak256, toHex } from "viem";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { investmentFundAbi } from "../src/abi/index.js";
import { formatChangeTime } from "../src/format/secondsToDate.js";
import { getVaultRounds } from "../src/reads/getVaultRounds.js";
import { getVaultSettings } from "../src/reads/getVaultSettings.js";
import { getVaults } from "../src/reads/getVaults.js";
import { collectFundsFromTradingWallet } from "../src/writes/collectFundsFromTradingWallet.js";
import { endLockupPeriod } from "../src/writes/endLockupPeriod.js";
import { setChallengeWindow, setSettlementBounds } from "../src/writes/setSettlementSafety.js";
import { cosignSettlement, finalizeSettlement, vetoSettlement } from "../src/writes/settlementChallenge.js";
import { withdraw } from "../src/writes/withdraw.js";
import { accounts, deployment, snapshot, wallet } from "./chain.js";
import { as, balanceOf, investAs, mUSDC, publicClient, runRound, TEST_REPORT, traderReturns, travel } from "./fund.js";

const WINDOW = 6 * 3600;
/** A dev account that is no trading wallet of vault 2 and holds no position here: made the guardian where needed. */
const GUARDIAN = 5;
const fund = { address: deployment.investmentFund, abi: investmentFundAbi } as const;

let restore: () => Promise<void>;
beforeEach(async () => {
  restore = await snapshot();
  // The deployer is still the top role on the test chain: the change a timelock would schedule, made at once.
  const { walletClient } = wallet(0);
  await publicClient.waitForTransactionReceipt({
    hash: await walletClient.writeContract({ ...fund, functionName: "setChallengeWindow", args: [2n, BigInt(WINDOW)] }),
  });
});
afterEach(async () => {
  await restore();
});

const nftVault = async () => (await getVaults(publicClient, { deployment }))[1];

describe("a settlement waits its challenge window", () => {
  it("is proposed, seen by readers, vetoed, proposed again and final only after the window", async () => {
    const admin = as(0).context;
    await investAs(2, 2, 5_000);
    expect(await nftVault()).toMatchObject({ challengeWindow: WINDOW, proposedSettlement: null });

    // A first proposal at break-even, with a report the admin then finds wrong.
    const wrong = TEST_REPORT;
    await runRound(2, [8], 10_000n);
    const proposed = await nftVault();
    expect(proposed).toMatchObject({ status: "locked", round: 1 });
    expect(proposed?.proposedSettlement).toMatchObject({ totalReturned: mUSDC(5_000), atLoss: false });
    const firstReport = proposed?.proposedSettlement?.reportHash;
    expect(firstReport).toMatch(/^0x[0-9a-f]{64}$/);
    const finalAt = proposed?.proposedSettlement?.finalAt ?? 0;
    const settings = await getVaultSettings(publicClient, { deployment, vaultId: 2 });
    expect(settings.challengeWindow).toBe(BigInt(WINDOW));
    expect(settings.currentPool.proposal?.finalAt).toBe(finalAt);
    const [round] = await getVaultRounds(publicClient, { deployment, vaultId: 2 });
    expect(round).toMatchObject({ round: 1, status: "locked", proposal: { totalReturned: mUSDC(5_000) } });

    // Too early: the contract's refusal names the time it becomes final.
    expect(await finalizeSettlement({ ...as(3).context, vaultId: 2 })).toMatchObject({
      success: false,
      message: `The challenge window is still open: the settlement can be finalised from ${formatChangeTime(finalAt)}.`,
    });
    // Nothing more can be collected, and no second proposal is taken, while this one waits.
    await traderReturns(8, mUSDC(100));
    expect(
      await collectFundsFromTradingWallet({ ...admin, vaultId: 2, wallet: accounts[8] as Address, amount: mUSDC(100) }),
    ).toMatchObject({ success: false, message: expect.stringMatching(/already proposed and waiting/) });
    expect(
      await endLockupPeriod({ ...admin, vaultId: 2, totalReturned: mUSDC(5_000), reportHash: wrong }),
    ).toMatchObject({ success: false, message: expect.stringMatching(/already proposed and waiting/) });

    // An investor cannot veto; an admin (or a guardian) can, and the round stays locked.
    expect(await vetoSettlement({ ...as(2).context, vaultId: 2 })).toMatchObject({ success: false });
    expect(await vetoSettlement({ ...admin, vaultId: 2 })).toMatchObject({
      success: true,
      message: "Settlement vetoed: the round stays locked until a new proposal.",
    });
    expect(await nftVault()).toMatchObject({ status: "locked", proposedSettlement: null });
    expect(await finalizeSettlement({ ...as(3).context, vaultId: 2 })).toMatchObject({
      success: false,
      message: "No settlement of this vault's round is waiting to be finalised or vetoed.",
    });

    // The desk collects the 100 it missed and proposes the corrected 5,100; the proposal says it waits.
    expect(
      await collectFundsFromTradingWallet({ ...admin, vaultId: 2, wallet: accounts[8] as Address, amount: mUSDC(100) }),
    ).toMatchObject({ success: true });
    expect(
      await endLockupPeriod({ ...admin, vaultId: 2, totalReturned: mUSDC(5_100), reportHash: TEST_REPORT }),
    ).toMatchObject({
      success: true,
      message: "Settlement proposed: it becomes final when its challenge window ends, unless it is vetoed.",
    });
    await travel(WINDOW);
    expect(await finalizeSettlement({ ...as(3).context, vaultId: 2 })).toMatchObject({
      success: true,
      message: "Settlement final: the round is settled and the vault's next round is open.",
    });
    expect(await nftVault()).toMatchObject({ status: "open", round: 2, proposedSettlement: null });
    const [, settled] = await getVaultRounds(publicClient, { deployment, vaultId: 2 });
    expect(settled).toMatchObject({ status: "settled", returned: mUSDC(5_100), fundFee: mUSDC(20), proposal: null });
    // The investor leaves with exactly the proposal less the fee.
    const before = await balanceOf(accounts[2] as Address);
    expect(await withdraw({ ...as(2).context, vaultId: 2 })).toMatchObject({ success: true });
    expect((await balanceOf(accounts[2] as Address)) - before).toBe(mUSDC(5_080));
  });

  it("outside the vault's bounds waits for a guardian's co-signature as well as the window", async () => {
    const { walletClient } = wallet(0);
    const guardianRole = keccak256(toHex("GUARDIAN_ROLE"));
    const succeeds = async (hash: Hex) =>
      expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
    await succeeds(
      await walletClient.writeContract({ ...fund, functionName: "setSettlementBounds", args: [2n, 1_000n, 1_500n] }),
    );
    await succeeds(
      await walletClient.writeContract({
        ...fund,
        functionName: "grantRole",
        args: [guardianRole, accounts[GUARDIAN] as Address],
      }),
    );
    expect((await nftVault())?.settlementBounds).toEqual({ maxLossBps: 1_000, maxGainBps: 1_500 });
    await investAs(2, 2, 5_000);
    // A 20 % loss: beyond the 10 % bound.
    await runRound(2, [8], 8_000n, { confirmLoss: true });
    expect((await nftVault())?.proposedSettlement).toMatchObject({ atLoss: true, needsCosign: true, cosigned: false });
    await travel(WINDOW);
    expect(await finalizeSettlement({ ...as(3).context, vaultId: 2 })).toMatchObject({
      success: false,
      message:
        "This settlement lies outside the vault's bounds: it becomes final only once a guardian has co-signed it.",
    });
    // An admin cannot co-sign its own figure; the guardian can.
    expect(await cosignSettlement({ ...as(0).context, vaultId: 2 })).toMatchObject({ success: false });
    expect(await cosignSettlement({ ...as(GUARDIAN).context, vaultId: 2 })).toMatchObject({
      success: true,
      message: "Settlement co-signed: it becomes final once its challenge window ends.",
    });
    expect((await nftVault())?.proposedSettlement).toMatchObject({ needsCosign: true, cosigned: true });
    expect(await finalizeSettlement({ ...as(3).context, vaultId: 2 })).toMatchObject({ success: true });
    const [, settled] = await getVaultRounds(publicClient, { deployment, vaultId: 2 });
    expect(settled).toMatchObject({ status: "settled", returned: mUSDC(4_000), fundFee: 0n });
  });

  it("sets the window and the bounds through the SDK, refusing bad input before any prompt", async () => {
    const admin = as(0).context;
    expect(await setChallengeWindow({ ...admin, vaultId: 1, seconds: 3_600 })).toMatchObject({
      success: true,
      message: "Challenge window updated.",
    });
    expect(await setChallengeWindow({ ...admin, vaultId: 1, seconds: 15 * 86_400 })).toMatchObject({
      success: false,
      message: "Enter a challenge window of at most 14 days.",
    });
    expect(await setSettlementBounds({ ...admin, vaultId: 1, maxLossBps: 2_000, maxGainBps: null })).toMatchObject({
      success: true,
      message: "Settlement bounds updated.",
    });
    expect(await setSettlementBounds({ ...admin, vaultId: 1, maxLossBps: 10_001, maxGainBps: 0 })).toMatchObject({
      success: false,
    });
    const [futures] = await getVaults(publicClient, { deployment });
    expect(futures).toMatchObject({
      challengeWindow: 3_600,
      settlementBounds: { maxLossBps: 2_000, maxGainBps: null },
    });
  });
});
