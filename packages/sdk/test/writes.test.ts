import { type Address, custom, erc20Abi, http } from "viem";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { investmentFundAbi } from "../src/abi/index.js";
import { createFundPublicClient } from "../src/chains/createFundPublicClient.js";
import { resultMessages } from "../src/messages.js";
import { getAdmins } from "../src/reads/getAdmins.js";
import { getFundSettings } from "../src/reads/getFundSettings.js";
import { getInvestorView } from "../src/reads/getInvestorView.js";
import { getPoolReturns } from "../src/reads/getPoolReturns.js";
import { getPositionHistory } from "../src/reads/getPositionHistory.js";
import { getPositions } from "../src/reads/getPositions.js";
import { getProposals } from "../src/reads/getProposals.js";
import { getTradingWallets } from "../src/reads/getTradingWallets.js";
import { getVaultRounds } from "../src/reads/getVaultRounds.js";
import { getVaultSettings } from "../src/reads/getVaultSettings.js";
import { getVaults } from "../src/reads/getVaults.js";
import { addTradingWallet } from "../src/writes/addTradingWallet.js";
import { claimFundFees } from "../src/writes/claimFundFees.js";
import { collectFundsFromTradingWallet } from "../src/writes/collectFundsFromTradingWallet.js";
import { createProposal } from "../src/writes/createProposal.js";
import { createVault, type NewVaultInput, parseNewVault } from "../src/writes/createVault.js";
import { emergencyWithdraw } from "../src/writes/emergencyWithdraw.js";
import { endLockupPeriod } from "../src/writes/endLockupPeriod.js";
import { executeProposal } from "../src/writes/executeProposal.js";
import { grantAdmin } from "../src/writes/grantAdmin.js";
import { invest } from "../src/writes/invest.js";
import { removeInvestorFromWhitelist } from "../src/writes/removeInvestorFromWhitelist.js";
import { removeTradingWallet } from "../src/writes/removeTradingWallet.js";
import { revokeAdmin } from "../src/writes/revokeAdmin.js";
import { setEmergencyState } from "../src/writes/setEmergencyState.js";
import { setLockupPeriodDuration } from "../src/writes/setLockupPeriodDuration.js";
import { setMinimumInvestment } from "../src/writes/setMinimumInvestment.js";
import { setRollOver } from "../src/writes/setRollOver.js";
import { startLockupPeriod } from "../src/writes/startLockupPeriod.js";
import { vote } from "../src/writes/vote.js";
import { whitelistInvestor } from "../src/writes/whitelistInvestor.js";
import { withdraw } from "../src/writes/withdraw.js";
import { accounts, chain, deployment, rpcUrl, snapshot } from "./chain.js";
import { as, balanceOf, investAs, mUSDC, publicClient, runRound, TEST_REPORT, traderReturns, travel } from "./fund.js";

// Every test starts from the base state of test/globalSetup.ts (no deposits yet) and is undone afterwards.
const upstream = http(rpcUrl)({ chain, retryCount: 0 });
const fund = { address: deployment.investmentFund, abi: investmentFundAbi } as const;
const isWhitelisted = (index: number) =>
  publicClient.readContract({ ...fund, functionName: "isWhitelisted", args: [accounts[index] as Address] });
const position = async (index: number, vaultId: number) =>
  (await getPositions(publicClient, { deployment, account: accounts[index] as Address }))[vaultId - 1];

let restore: () => Promise<void>;
beforeEach(async () => {
  restore = await snapshot();
});
afterEach(async () => {
  await restore();
});

describe("invest (two steps)", () => {
  it("approves, waits for the receipt, invests in the chosen vault, and the figures update", async () => {
    const { context, prompts } = as(5);
    const steps: string[] = [];
    const submitted: string[] = [];
    const result = await invest({
      ...context,
      vaultId: 2,
      amount: "1,000.50",
      onStep: (step) => steps.push(step),
      onApprovalSubmitted: (hash) => submitted.push(hash),
      onSubmitted: (hash) => submitted.push(hash),
    });
    expect(result).toMatchObject({ success: true, message: "Investment transaction submitted successfully!" });
    expect(result.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(submitted).toEqual([result.approvalHash, result.hash]);
    expect(steps).toEqual(["checking", "approving", "investing"]);
    expect(prompts).toHaveLength(2);
    expect((await getInvestorView(publicClient, { deployment, account: accounts[5] })).raw.investedAmount).toBe(
      1_000_500_000n,
    );
    const [futures, nft] = await getVaults(publicClient, { deployment });
    expect([futures?.tvlUsd, nft?.tvlUsd]).toEqual([0, 1_000.5]);
    expect(await position(5, 2)).toMatchObject({ poolId: 2n, round: 1, principal: 1_000_500_000n, poolState: "open" });
  });

  it("holds a position in both vaults at once", async () => {
    await investAs(5, 1, 1_000);
    await investAs(5, 2, 2_000);
    const positions = await getPositions(publicClient, { deployment, account: accounts[5] });
    expect(positions.map((p) => [p.vaultId, p.poolId, p.principal])).toEqual([
      [1, 1n, mUSDC(1_000)],
      [2, 2n, mUSDC(2_000)],
    ]);
    expect((await getInvestorView(publicClient, { deployment, account: accounts[5] })).votingPower).toBe(3_000);
  });

  it("skips the approval when the allowance already covers the amount", async () => {
    const { context, prompts } = as(5);
    await publicClient.waitForTransactionReceipt({
      hash: await context.walletClient.writeContract({
        address: deployment.investmentToken as Address,
        abi: erc20Abi,
        functionName: "approve",
        args: [deployment.investmentFund, mUSDC(500)],
      }),
    });
    prompts.length = 0;
    const result = await invest({ ...context, vaultId: 1, amount: 500 });
    expect(result).toMatchObject({ success: true, approvalHash: null, message: resultMessages.invest });
    expect(prompts).toHaveLength(1);
  });

  it.each([
    [
      "a wallet that is not whitelisted",
      6,
      1,
      "1000",
      "This wallet is not whitelisted to invest. Ask the fund's admin to whitelist it.",
      "reverted",
    ],
    ["an amount below the minimum", 5, 1, "99.99", "The minimum investment is 100 mUSDC.", "reverted"],
    ["a vault that does not exist", 5, 3, "1000", "There is no vault 3.", "reverted"],
    ["no vault", 5, 0, "1000", "Choose a vault.", "invalid"],
    ["an amount that is not a number", 5, 1, "ten", "Enter an amount, like 1000 or 1000.50.", "invalid"],
    ["more decimals than the token has", 5, 1, "100.0000001", "Use at most 6 decimal places.", "invalid"],
    ["zero", 5, 1, "0", "Enter an amount above zero.", "invalid"],
  ])("stops before any wallet prompt for %s", async (_case, index, vaultId, amount, message, kind) => {
    const { context, prompts } = as(index);
    const result = await invest({ ...context, vaultId, amount });
    expect(result).toEqual({ hash: null, success: false, message, kind, approvalHash: null });
    expect(prompts).toHaveLength(0);
  });

  /** A public client whose node answers eth_simulateV1 with `error` (a JSON-RPC error object), and all else as anvil. */
  const withoutSimulate = (error: { code: number; message: string }) =>
    createFundPublicClient({
      chainId: chain.id,
      rpcUrl,
      transport: custom({
        async request(args) {
          if (args.method === "eth_simulateV1") throw error;
          return upstream.request(args as never);
        },
      }),
    });

  it("invests on a node without eth_simulateV1 (the investment is simulated after the approval)", async () => {
    const { context, prompts } = as(5);
    const publicClient = withoutSimulate({ code: -32601, message: "the method eth_simulateV1 does not exist" });
    const result = await invest({ ...context, publicClient, vaultId: 1, amount: "1000" });
    expect(result).toMatchObject({ success: true, kind: null, message: resultMessages.invest });
    expect(prompts).toHaveLength(2);
  });

  it("on a node without eth_simulateV1, the fund's getDepositStatus still refuses before any prompt", async () => {
    await investAs(1, 1, 1_000);
    expect((await startLockupPeriod({ ...as(0).context, vaultId: 1 })).success).toBe(true);
    const { context, prompts } = as(5);
    const publicClient = withoutSimulate({ code: -32601, message: "the method eth_simulateV1 does not exist" });
    const locked = await invest({ ...context, publicClient, vaultId: 1, amount: "1000" });
    expect(locked).toMatchObject({ success: false, approvalHash: null });
    expect(locked.message).toMatch(/^This vault's round is locked until .* UTC: its funds are with the traders\.$/);
    const below = await invest({ ...context, publicClient, vaultId: 2, amount: "99" });
    expect(below.message).toBe("The minimum investment is 100 mUSDC.");
    expect(prompts).toHaveLength(0);
  });

  it("stops before any prompt when the node fails the simulation, as an RPC failure", async () => {
    const { context, prompts } = as(5);
    const publicClient = withoutSimulate({ code: -32603, message: "internal error" });
    const result = await invest({ ...context, publicClient, vaultId: 1, amount: "1000" });
    expect(result).toMatchObject({ hash: null, success: false, kind: "rpc" });
    expect(prompts).toHaveLength(0);
  });

  it("stops before any prompt while the vault is locked; the other vault still takes deposits", async () => {
    await investAs(1, 1, 1_000);
    expect((await startLockupPeriod({ ...as(0).context, vaultId: 1 })).success).toBe(true);
    const { context, prompts } = as(5);
    const result = await invest({ ...context, vaultId: 1, amount: "1000" });
    expect(result.message).toBe(
      "This vault's pool is locked until its lockup period ends: its funds are with the traders.",
    );
    expect(prompts).toHaveLength(0);
    expect((await invest({ ...context, vaultId: 2, amount: "1000" })).success).toBe(true);
  });

  it("reports a wallet rejection as 'User rejected the transaction.'", async () => {
    const { context, prompts } = as(5, { reject: true });
    expect(await invest({ ...context, vaultId: 1, amount: "1000" })).toEqual({
      hash: null,
      success: false,
      message: "User rejected the transaction.",
      kind: "rejected",
      approvalHash: null,
    });
    expect(prompts).toHaveLength(1);
  });

  it("stops with 'Approval transaction failed!' when the approval's receipt is reverted, and never invests", async () => {
    const { context, prompts } = as(5, { starveApprovals: true });
    const result = await invest({ ...context, vaultId: 1, amount: "1000" });
    expect(result).toMatchObject({ hash: null, success: false, message: "Approval transaction failed!" });
    const receipt = await publicClient.getTransactionReceipt({ hash: result.approvalHash as `0x${string}` });
    expect(receipt.status).toBe("reverted");
    expect(prompts).toHaveLength(1);
    expect((await getInvestorView(publicClient, { deployment, account: accounts[5] })).investedAmount).toBe(0);
  });

  it("repeats investments in consecutive blocks without running out of gas", async () => {
    for (const amount of [100, 200, 300]) await investAs(5, 1, amount);
    expect((await position(5, 1))?.principal).toBe(mUSDC(600));
  });
});

describe("rounds per vault", () => {
  it("runs a whole round in each vault through the SDK, independently: lock, collect, settle, withdraw", async () => {
    const admin = as(0).context;
    await investAs(1, 1, 10_000);
    await investAs(2, 2, 4_000);
    expect(await startLockupPeriod({ ...admin, vaultId: 1 })).toMatchObject({
      success: true,
      message: "Lockup period started.",
    });
    // vault 1 locked: its 10,000 went to its own trading wallets (60/40), nothing to vault 2's
    expect(await balanceOf(accounts[7])).toBe(mUSDC(6_000));
    expect(await balanceOf(accounts[6])).toBe(mUSDC(4_000));
    expect(await balanceOf(accounts[8])).toBe(0n);
    const [locked, open] = await getVaults(publicClient, { deployment });
    expect(locked).toMatchObject({ status: "locked", tvlUsd: 10_000, acceptsDeposits: false });
    expect(open).toMatchObject({ status: "open", round: 1, acceptsDeposits: true });
    expect(
      (await endLockupPeriod({ ...admin, vaultId: 1, totalReturned: 0n, reportHash: TEST_REPORT, confirmLoss: true }))
        .message,
    ).toBe("The lockup period has not ended yet.");
    await travel(30 * 24 * 3600 + 1);
    let collected = 0n;
    for (const [index, amount] of [
      [7, mUSDC(6_600)],
      [6, mUSDC(4_400)],
    ] as const) {
      await traderReturns(index, amount);
      const ready = await getPoolReturns(publicClient, { deployment, vaultId: 1 });
      expect(ready).toMatchObject({ vaultId: 1, poolId: 1n, collected, principal: mUSDC(10_000), isLocked: true });
      expect(ready.wallets.find((w) => w.walletAddress === accounts[index])).toMatchObject({ collectable: amount });
      expect(
        await collectFundsFromTradingWallet({ ...admin, vaultId: 1, wallet: accounts[index], amount }),
      ).toMatchObject({ success: true, message: "Funds collected from the trading wallet." });
      collected += amount;
    }
    expect((await getPoolReturns(publicClient, { deployment, vaultId: 1 })).collected).toBe(mUSDC(11_000));
    expect(
      await endLockupPeriod({ ...admin, vaultId: 1, totalReturned: collected, reportHash: TEST_REPORT }),
    ).toMatchObject({
      success: true,
      message: "Pool settled successfully.",
    });
    // the next round opened at once with the next free pool id; vault 2 is untouched
    const [futures, nft] = await getVaults(publicClient, { deployment });
    expect(futures).toMatchObject({ poolId: 3n, round: 2, status: "open", tvlUsd: 0, rewardsUsd: 800 });
    expect(futures?.rewardsGrossUsd).toBe(1_000);
    expect(nft).toMatchObject({ poolId: 2n, round: 1, tvlUsd: 4_000, rewardsUsd: 0 });
    expect(await position(1, 1)).toMatchObject({ poolId: 1n, value: mUSDC(10_800), poolState: "settled" });
    expect(await withdraw({ ...as(1).context, vaultId: 1 })).toMatchObject({ success: true });
    expect((await withdraw({ ...as(1).context, vaultId: 1 })).message).toBe("There is nothing to withdraw.");
    expect(await balanceOf(accounts[1])).toBe(mUSDC(50_800));

    // vault 2's round, later, with its own wallet
    await runRound(2, [8], 10_500n);
    expect(await withdraw({ ...as(2).context, vaultId: 2 })).toMatchObject({ success: true });
    expect(await balanceOf(accounts[2])).toBe(mUSDC(46_000 + 4_160)); // 4,000 + 80% of 200
    expect((await getVaultRounds(publicClient, { deployment, vaultId: 2 })).map((r) => [r.poolId, r.round])).toEqual([
      [4n, 2],
      [2n, 1],
    ]);
    // the fund's share (200 + 40) accrues until anyone claims it for the fund wallet
    expect((await getFundSettings(publicClient, { deployment })).fundFeesAccrued).toBe(mUSDC(240));
    const before = await balanceOf(accounts[9]);
    expect(await claimFundFees(as(3).context)).toMatchObject({
      success: true,
      message: "Fund fees sent to the fund wallet.",
    });
    expect((await balanceOf(accounts[9])) - before).toBe(mUSDC(240));
    expect((await claimFundFees(as(3).context)).message).toBe("There are no fund fees to claim.");
  });

  it("rolls a position over by the investor's standing choice, then lets it leave at a settlement", async () => {
    const investor = as(1).context;
    await investAs(1, 1, 10_000);
    await investAs(2, 1, 10_000);
    expect(await setRollOver({ ...investor, vaultId: 1, enabled: true })).toMatchObject({
      success: true,
      message: "Roll-over turned on: your position moves into the vault's next round at each settlement.",
    });
    await runRound(1, [7, 6], 11_000n); // +10%: investors get +8%
    expect(await position(1, 1)).toMatchObject({
      poolId: 3n,
      round: 2,
      value: mUSDC(10_800),
      rollOver: true,
      poolState: "open",
    });
    // account 2 did not roll: its payout waits in round 1, and it must withdraw before investing or rolling
    expect((await invest({ ...as(2).context, vaultId: 1, amount: "1000" })).message).toBe(
      "Your payout from pool 1 of this vault is settled and waiting: withdraw it first.",
    );
    expect((await setRollOver({ ...as(2).context, vaultId: 1, enabled: true })).message).toBe(
      "Your payout from pool 1 of this vault is settled and waiting: withdraw it first.",
    );
    const [futures] = await getVaults(publicClient, { deployment });
    expect(futures).toMatchObject({ round: 2, tvlUsd: 10_800, rewardsUsd: 1_600 });

    // round 2: account 1 turns roll-over off while the pool is locked, so it leaves at this settlement
    await runRound(1, [7, 6], 10_000n, {
      whileLocked: async () => {
        expect(await setRollOver({ ...investor, vaultId: 1, enabled: false })).toMatchObject({ success: true });
      },
    });
    expect(await position(1, 1)).toMatchObject({ poolId: 3n, value: mUSDC(10_800), poolState: "settled" });
    expect((await withdraw(investor as never)).message).toBe("Choose a vault.");
    expect(await withdraw({ ...investor, vaultId: 1 })).toMatchObject({ success: true });
    const history = await getPositionHistory(publicClient, { deployment, account: accounts[1] });
    expect(history.map((r) => [r.round, r.outcome, r.principal, r.payout, r.profit, r.withdrawn])).toEqual([
      [2, "withdrawn", mUSDC(10_800), mUSDC(10_800), 0n, mUSDC(10_800)],
      [1, "rolled", mUSDC(10_000), mUSDC(10_800), mUSDC(800), 0n],
    ]);
  });

  it("refuses a loss without confirmLoss (before any prompt) and settles it with confirmLoss", async () => {
    await investAs(3, 2, 5_000);
    const admin = as(0);
    expect((await startLockupPeriod({ ...admin.context, vaultId: 2 })).success).toBe(true);
    await travel(30 * 24 * 3600 + 1);
    await traderReturns(8, mUSDC(4_000));
    expect(
      (await collectFundsFromTradingWallet({ ...admin.context, vaultId: 2, wallet: accounts[8], amount: mUSDC(4_000) }))
        .success,
    ).toBe(true);
    admin.prompts.length = 0;
    expect(
      await endLockupPeriod({ ...admin.context, vaultId: 2, totalReturned: mUSDC(4_000), reportHash: TEST_REPORT }),
    ).toEqual({
      hash: null,
      success: false,
      message:
        "The returned amount (4000 mUSDC) is below the pool's principal (5000 mUSDC): settling it is a loss for the investors. Confirm the loss to settle.",
      kind: "invalid",
    });
    expect(admin.prompts).toHaveLength(0);
    expect(
      await endLockupPeriod({
        ...admin.context,
        vaultId: 2,
        totalReturned: mUSDC(4_000),
        reportHash: TEST_REPORT,
        confirmLoss: true,
      }),
    ).toMatchObject({ success: true, message: "Pool settled at a loss." });
    const [, nft] = await getVaults(publicClient, { deployment });
    expect(nft).toMatchObject({ round: 2, rewardsUsd: -1_000, rewardsGrossUsd: -1_000, settledRounds: 1 });
    expect(nft?.roundReturns).toEqual([{ round: 1, poolId: 2n, returnPercent: -20, days: 30 }]);
    expect(await position(3, 2)).toMatchObject({ withdrawable: mUSDC(4_000) });
    const [row] = await getPositionHistory(publicClient, { deployment, account: accounts[3] });
    expect(row).toMatchObject({ outcome: "withdrawable", profit: -mUSDC(1_000) });
  });

  it("settles a profit normally even with confirmLoss set", async () => {
    await investAs(3, 2, 5_000);
    await runRound(2, [8], 10_200n, { confirmLoss: true });
    expect((await getVaultRounds(publicClient, { deployment, vaultId: 2 }))[1]).toMatchObject({
      status: "settled",
      grossProfit: mUSDC(100),
    });
  });

  it("refunds a deposit while the pool is open, and refuses a withdrawal while it is locked", async () => {
    await investAs(4, 1, 2_000);
    await investAs(5, 1, 1_000);
    expect(await withdraw({ ...as(4).context, vaultId: 1 })).toMatchObject({ success: true });
    expect(await balanceOf(accounts[4])).toBe(mUSDC(50_000));
    expect((await startLockupPeriod({ ...as(0).context, vaultId: 1 })).success).toBe(true);
    expect((await withdraw({ ...as(5).context, vaultId: 1 })).message).toBe(
      "This vault's pool is locked until its lockup period ends: its funds are with the traders.",
    );
    const [row] = await getPositionHistory(publicClient, { deployment, account: accounts[4] });
    expect(row).toMatchObject({ outcome: "refunded", withdrawn: mUSDC(2_000), payout: 0n });
  });
});

describe("governance", () => {
  beforeEach(async () => {
    await investAs(1, 1, 6_000);
    await investAs(2, 2, 10_000);
    await travel(1);
  });

  it("creates a proposal whose voting lasts end minus start in whole seconds", async () => {
    const start = new Date("2026-12-01T10:00:00.000Z");
    const end = new Date("2026-12-03T10:30:00.900Z"); // 2 days 30 minutes and 0.9 s → 174,600 s
    const result = await createProposal({ ...as(1).context, description: "  Rebalance the NFT book.  ", start, end });
    expect(result).toMatchObject({ success: true, message: "Proposal transaction submitted", proposalId: 1n });
    const [created] = (await getProposals(publicClient, { deployment, limit: 1 })).proposals;
    expect(created?.description).toBe("Rebalance the NFT book.");
    expect((created?.votingInfo.timeFrame.end ?? 0) - (created?.votingInfo.timeFrame.start ?? 0)).toBe(174_600);
    expect(created).toMatchObject({ status: "active", state: "active" });
  });

  it.each([
    ["an end before the start", "Something", 0, -1, "The end time must be after the start time.", "invalid"],
    ["an empty description", "   ", 0, 7200, "Enter a proposal description.", "invalid"],
    [
      "a voting period under an hour",
      "Something",
      0,
      60,
      "The voting period must be between 1 hour and 90 days.",
      "reverted",
    ],
  ])("refuses %s with a clear message", async (_case, description, from, to, message, kind) => {
    const { context, prompts } = as(1);
    const result = await createProposal({ ...context, description, start: from * 1000, end: to * 1000 });
    expect(result).toEqual({ hash: null, success: false, message, kind, proposalId: null });
    expect(prompts).toHaveLength(0);
  });

  it("votes with the principal across vaults, once; executes a succeeded proposal after its end", async () => {
    const { proposalId } = await createProposal({ ...as(1).context, description: "A", start: 0, end: 3_600_000 });
    expect(proposalId).toBe(1n);
    expect(await vote({ ...as(1).context, proposalId: 1n, choice: "for" })).toMatchObject({
      success: true,
      message: "Voting transaction submitted",
    });
    expect((await vote({ ...as(2).context, proposalId: 1, choice: "against" })).success).toBe(true);
    const [tallied] = (await getProposals(publicClient, { deployment })).proposals;
    expect(tallied?.votingInfo).toMatchObject({ votesForCount: 6_000, votesAgainstCount: 10_000 });
    const { context, prompts } = as(1);
    expect(await vote({ ...context, proposalId: 1n, choice: "for" })).toEqual({
      hash: null,
      success: false,
      message: "You have already voted on this proposal.",
      kind: "reverted",
    });
    expect(prompts).toHaveLength(0);
    expect((await executeProposal({ ...as(1).context, proposalId: 1n })).message).toBe(
      "Voting on this proposal has not ended yet.",
    );
    await travel(3_601);
    expect((await getProposals(publicClient, { deployment })).proposals[0]).toMatchObject({
      status: "rejected",
      state: "defeated",
      canExecute: false,
    });
    expect((await executeProposal({ ...as(1).context, proposalId: 1n })).message).toBe(
      "This proposal did not pass: it needs more votes for than against and its quorum.",
    );

    const second = await createProposal({ ...as(2).context, description: "B", start: 0, end: 3_600_000 });
    expect((await vote({ ...as(2).context, proposalId: second.proposalId ?? 0n, choice: "for" })).success).toBe(true);
    await travel(3_601);
    expect((await getProposals(publicClient, { deployment, limit: 1 })).proposals[0]).toMatchObject({
      state: "succeeded",
      canExecute: true,
    });
    expect((await executeProposal({ ...as(3).context, proposalId: 2n })).success).toBe(true);
    expect((await getProposals(publicClient, { deployment, limit: 1 })).proposals[0]).toMatchObject({
      status: "passed",
      state: "executed",
    });
  });
});

describe("receipts", () => {
  it("fails with 'Event not fount' when the receipt lacks the expected event", async () => {
    await investAs(1, 1, 1_000);
    await travel(1);
    // A node that answers with the receipt of another transaction (no ProposalCreated in it).
    const other = await whitelistInvestor({ ...as(0).context, investor: accounts[6] });
    const lying = createFundPublicClient({
      chainId: chain.id,
      rpcUrl,
      transport: custom({
        async request(args) {
          if (args.method === "eth_getTransactionReceipt") {
            return upstream.request({ method: "eth_getTransactionReceipt", params: [other.hash] } as never);
          }
          return upstream.request(args as never);
        },
      }),
    });
    const result = await createProposal({
      ...as(1).context,
      publicClient: lying,
      description: "Anything",
      start: 0,
      end: 7_200_000,
    });
    expect(result).toEqual({ hash: null, success: false, message: "Event not fount", kind: "rpc", proposalId: null });
  });
});

describe("createVault", () => {
  it("creates a vault from an admin's typed fields, reports its id from VaultCreated, and it reads back", async () => {
    const { context, prompts } = as(0);
    const result = await createVault({ ...context, name: "  Test vault 3 ", minimumInvestment: "100", lockupDays: 14 });
    expect(result).toMatchObject({ success: true, message: 'Vault "Test vault 3" created.', kind: null, vaultId: 3 });
    expect(result.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(prompts).toHaveLength(1);
    expect(await getVaultSettings(publicClient, { deployment, vaultId: 3 })).toMatchObject({
      name: "Test vault 3",
      minimumInvestment: mUSDC(100),
      lockupPeriodDuration: 14n * 86_400n,
      currentPool: { isLocked: false },
    });
    const vaults = await getVaults(publicClient, { deployment });
    expect(vaults.map((v) => [v.vaultId, v.name, v.lockPeriodDays])).toEqual([
      [1, "Crypto futures trading vault", 30],
      [2, "NFT lending vault", 30],
      [3, "Test vault 3", 14],
    ]);
    // Its first round takes deposits at once, at its own minimum; it has no trading wallets yet.
    expect((await invest({ ...as(1).context, vaultId: 3, amount: "99" })).message).toBe(
      "The minimum investment is 100 mUSDC.",
    );
    await investAs(1, 3, 100);
    expect(await getTradingWallets(publicClient, { deployment, vaultId: 3 })).toEqual([]);
  });

  it("refuses bad fields in plain words before any prompt, and a wallet without the admin role", async () => {
    const { context, prompts } = as(0);
    const refused = async (fields: Partial<NewVaultInput>) =>
      (await createVault({ ...context, name: "Vault", minimumInvestment: "100", lockupDays: 14, ...fields })).message;
    expect(await refused({ name: "   " })).toBe("Enter a name for the vault.");
    expect(await refused({ name: "x".repeat(32) })).toBe(
      "Shorten the name to at most 31 characters (letters such as é count as two).",
    );
    expect(await refused({ minimumInvestment: "0" })).toBe("Enter a minimum investment above zero.");
    expect(await refused({ minimumInvestment: "0.0000001" })).toBe("Use at most 6 decimal places.");
    expect(await refused({ minimumInvestment: "lots" })).toBe("Enter an amount, like 1000 or 1000.50.");
    expect(await refused({ minimumInvestment: 2n ** 88n })).toBe("That minimum investment is too large.");
    expect(await refused({ lockupDays: 0 })).toBe("Enter a lockup of 1 to 365 days.");
    expect(await refused({ lockupDays: "366" })).toBe("Enter a lockup of 1 to 365 days.");
    expect(await refused({ lockupDays: 1.5 })).toBe("Enter the lockup in whole days, e.g. 30.");
    expect(prompts).toHaveLength(0);
    expect(await createVault({ ...as(1).context, name: "Mine", minimumInvestment: 1n, lockupDays: 1 })).toEqual({
      hash: null,
      success: false,
      message: "This wallet is not allowed to do that.",
      kind: "reverted",
      vaultId: null,
    });
    expect(await publicClient.readContract({ ...fund, functionName: "vaultCount" })).toBe(2n);
  });

  it("parses every field at once, at the contract's bounds (31 bytes, a uint88 minimum, 1 to 365 days)", async () => {
    const token = { decimals: 6 };
    expect(parseNewVault({ name: "", minimumInvestment: "0", lockupDays: "0" }, token)).toEqual({
      errors: {
        name: "Enter a name for the vault.",
        minimumInvestment: "Enter a minimum investment above zero.",
        lockupDays: "Enter a lockup of 1 to 365 days.",
      },
    });
    // 31 bytes, the largest uint88 and 365 days: what the contract still accepts.
    const edge = parseNewVault(
      { name: `${"é".repeat(15)}x`, minimumInvestment: 2n ** 88n - 1n, lockupDays: "365" },
      token,
    );
    expect(edge).toEqual({
      vault: {
        name: `${"é".repeat(15)}x`,
        minimumInvestment: 2n ** 88n - 1n,
        lockupDays: 365,
        lockupPeriodDuration: 31_536_000n,
      },
    });
    if (!("vault" in edge)) throw new Error("unreachable");
    const { vault } = edge;
    expect(
      (
        await publicClient.simulateContract({
          ...fund,
          functionName: "createVault",
          args: [vault.name, vault.minimumInvestment, vault.lockupPeriodDuration],
          account: accounts[0],
        })
      ).result,
    ).toBe(3n);
    expect(parseNewVault({ name: `${"é".repeat(16)}`, minimumInvestment: "1,000.5", lockupDays: 1 }, token)).toEqual({
      errors: { name: "Shorten the name to at most 31 characters (letters such as é count as two)." },
    });
  });

  it("fails with 'Event not fount' when the receipt lacks VaultCreated", async () => {
    const other = await whitelistInvestor({ ...as(0).context, investor: accounts[6] });
    const lying = createFundPublicClient({
      chainId: chain.id,
      rpcUrl,
      transport: custom({
        async request(args) {
          if (args.method === "eth_getTransactionReceipt") {
            return upstream.request({ method: "eth_getTransactionReceipt", params: [other.hash] } as never);
          }
          return upstream.request(args as never);
        },
      }),
    });
    const result = await createVault({
      ...as(0).context,
      publicClient: lying,
      name: "Test vault 3",
      minimumInvestment: 100_000_000n,
      lockupDays: 14,
    });
    expect(result).toEqual({ hash: null, success: false, message: "Event not fount", kind: "rpc", vaultId: null });
  });
});

describe("admin actions", () => {
  it("whitelists and delists an investor wallet, normalising the address", async () => {
    const admin = as(0).context;
    expect(await whitelistInvestor({ ...admin, investor: `  ${accounts[6].toLowerCase()} ` })).toMatchObject({
      success: true,
      message: "Wallet whitelisted successfully.",
    });
    expect(await isWhitelisted(6)).toBe(true);
    expect(await removeInvestorFromWhitelist({ ...admin, investor: accounts[6] })).toMatchObject({
      success: true,
      message: "Wallet removed from whitelist.",
    });
    expect(await isWhitelisted(6)).toBe(false);
    expect(await whitelistInvestor({ ...admin, investor: "0x1234" })).toEqual({
      hash: null,
      success: false,
      message: "Enter a valid wallet address: 0x followed by 40 hexadecimal characters.",
      kind: "invalid",
    });
  });

  it("grants and revokes admin, the list follows from events, and the default admin stays protected", async () => {
    const admin = as(0).context;
    expect((await grantAdmin({ ...admin, account: accounts[6] })).message).toBe("Admin wallet added successfully.");
    expect(await getAdmins(publicClient, { deployment })).toEqual([
      { name: "Admin 1", address: accounts[0] },
      { name: "Admin 2", address: accounts[6] },
    ]);
    expect((await revokeAdmin({ ...as(6).context, account: accounts[0] })).message).toBe(
      "The admin role of the fund's default admin cannot be removed.",
    );
    expect((await revokeAdmin({ ...admin, account: accounts[6] })).message).toBe("Admin wallet removed successfully.");
    expect(await getAdmins(publicClient, { deployment })).toEqual([{ name: "Admin 1", address: accounts[0] }]);
    expect((await revokeAdmin({ ...admin, account: accounts[0] })).message).toBe("The last admin cannot be removed.");
  });

  it("refuses every admin action from a wallet without the role, before any prompt", async () => {
    const { context, prompts } = as(1);
    const results = await Promise.all([
      whitelistInvestor({ ...context, investor: accounts[6] }),
      grantAdmin({ ...context, account: accounts[1] }),
      addTradingWallet({ ...context, vaultId: 1, wallet: accounts[5], walletType: "Spot", allocation: 100 }),
      removeTradingWallet({ ...context, vaultId: 1, index: 0 }),
      startLockupPeriod({ ...context, vaultId: 1 }),
      setLockupPeriodDuration({ ...context, vaultId: 1, seconds: 7_200 }),
      setMinimumInvestment({ ...context, vaultId: 1, amount: 50n }),
      endLockupPeriod({ ...context, vaultId: 1, totalReturned: 0n, reportHash: TEST_REPORT }),
    ]);
    for (const result of results) {
      expect(result).toEqual({
        hash: null,
        success: false,
        message: "This wallet is not allowed to do that.",
        kind: "reverted",
      });
    }
    expect(prompts).toHaveLength(0);
  });

  it("adds and removes a vault's trading wallets without touching the other vault", async () => {
    const admin = as(0).context;
    expect(
      (await addTradingWallet({ ...admin, vaultId: 1, wallet: accounts[5], walletType: "Spot", allocation: 100 }))
        .message,
    ).toBe("Allocations would exceed 100% (10,000 basis points).");
    expect(await removeTradingWallet({ ...admin, vaultId: 1, index: 1 })).toMatchObject({
      success: true,
      message: "Trading wallet removed successfully.",
    });
    expect(
      await addTradingWallet({ ...admin, vaultId: 1, wallet: accounts[5], walletType: "Options", allocation: "4,000" }),
    ).toMatchObject({ success: true, message: "Trading wallet added successfully." });
    expect(await getTradingWallets(publicClient, { deployment, vaultId: 1 })).toEqual([
      { walletAddress: accounts[7], allocation: 6_000, walletType: "Futures", index: 0 },
      { walletAddress: accounts[5], allocation: 4_000, walletType: "Options", index: 1 },
    ]);
    expect(await getTradingWallets(publicClient, { deployment, vaultId: 2 })).toEqual([
      { walletAddress: accounts[8], allocation: 10_000, walletType: "NFT lending", index: 0 },
    ]);
    expect(
      (await addTradingWallet({ ...admin, vaultId: 2, wallet: accounts[5], walletType: "X", allocation: 0 })).message,
    ).toBe("Enter an allocation between 1 and 10,000 basis points.");
  });

  it("sets a vault's lockup period and minimum investment, the other vault keeps its own", async () => {
    const admin = as(0).context;
    expect(await setLockupPeriodDuration({ ...admin, vaultId: 2, seconds: 7 * 24 * 3600 })).toMatchObject({
      success: true,
      message: "Lockup period updated.",
    });
    expect(await setMinimumInvestment({ ...admin, vaultId: 2, amount: "250" })).toMatchObject({
      success: true,
      message: "Minimum investment updated.",
    });
    expect(await getVaultSettings(publicClient, { deployment, vaultId: 2 })).toMatchObject({
      lockupPeriodDuration: 604_800n,
      minimumInvestment: mUSDC(250),
    });
    expect(await getVaultSettings(publicClient, { deployment, vaultId: 1 })).toMatchObject({
      lockupPeriodDuration: 2_592_000n,
      minimumInvestment: mUSDC(100),
    });
    const [futures, nft] = await getVaults(publicClient, { deployment });
    expect([futures?.lockPeriodDays, nft?.lockPeriodDays]).toEqual([30, 7]);
    expect((await invest({ ...as(1).context, vaultId: 2, amount: "200" })).message).toBe(
      "The minimum investment is 250 mUSDC.",
    );
    expect((await setLockupPeriodDuration({ ...admin, vaultId: 1, seconds: 60 })).message).toBe(
      "The lockup period must be between 1 hour and 365 days.",
    );
    expect((await setMinimumInvestment({ ...admin, vaultId: 1, amount: 0n })).message).toBe(
      "Enter a minimum investment above zero.",
    );
  });

  it("turns the emergency state on; investors exit with emergencyWithdraw and deposits stop", async () => {
    await investAs(5, 2, 1_000);
    const admin = as(0).context;
    expect(await setEmergencyState({ ...admin, emergencyState: true })).toMatchObject({
      success: true,
      message: "Emergency state turned on.",
    });
    expect((await invest({ ...as(5).context, vaultId: 1, amount: 1000 })).message).toBe(
      "The fund is in an emergency state: deposits and lockups are paused.",
    );
    expect((await getVaults(publicClient, { deployment })).map((v) => v.acceptsDeposits)).toEqual([false, false]);
    expect((await emergencyWithdraw({ ...as(5).context, vaultId: 2 })).success).toBe(true);
    expect((await getInvestorView(publicClient, { deployment, account: accounts[5] })).investedAmount).toBe(0);
    expect(await balanceOf(accounts[5])).toBe(mUSDC(50_000));
  });
});
