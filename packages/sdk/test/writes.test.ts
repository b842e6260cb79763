import { custom, erc20Abi, http, parseUnits } from "viem";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { investmentFundAbi } from "../src/abi/index.js";
import { createFundPublicClient } from "../src/chains/createFundPublicClient.js";
import { resultMessages } from "../src/messages.js";
import { getAdmins } from "../src/reads/getAdmins.js";
import { getInvestorView } from "../src/reads/getInvestorView.js";
import { getPoolReturns } from "../src/reads/getPoolReturns.js";
import { getProposals } from "../src/reads/getProposals.js";
import { getTradingWallets } from "../src/reads/getTradingWallets.js";
import { getVaults } from "../src/reads/getVaults.js";
import { addTradingWallet } from "../src/writes/addTradingWallet.js";
import { collectFundsFromTradingWallet } from "../src/writes/collectFundsFromTradingWallet.js";
import { createProposal } from "../src/writes/createProposal.js";
import { emergencyWithdraw } from "../src/writes/emergencyWithdraw.js";
import { endLockupPeriod } from "../src/writes/endLockupPeriod.js";
import { executeProposal } from "../src/writes/executeProposal.js";
import { grantAdmin } from "../src/writes/grantAdmin.js";
import { invest } from "../src/writes/invest.js";
import { removeInvestorFromWhitelist } from "../src/writes/removeInvestorFromWhitelist.js";
import { removeTradingWallet } from "../src/writes/removeTradingWallet.js";
import { revokeAdmin } from "../src/writes/revokeAdmin.js";
import { setEmergencyState } from "../src/writes/setEmergencyState.js";
import { startLockupPeriod } from "../src/writes/startLockupPeriod.js";
import { vote } from "../src/writes/vote.js";
import { whitelistInvestor } from "../src/writes/whitelistInvestor.js";
import { withdraw } from "../src/writes/withdraw.js";
import { accounts, chain, deployment, rpcUrl, snapshot, testClient, type WalletBehaviour, wallet } from "./chain.js";

const publicClient = createFundPublicClient({ chainId: chain.id, rpcUrl });
const upstream = http(rpcUrl)({ chain, retryCount: 0 });
const mUSDC = (whole: number) => parseUnits(String(whole), 6);
const as = (index: number, behaviour?: WalletBehaviour) => {
  const { walletClient, prompts } = wallet(index, behaviour);
  return { context: { deployment, publicClient, walletClient }, prompts };
};
const fund = { address: deployment.investmentFund, abi: investmentFundAbi } as const;
const isWhitelisted = (index: number) =>
  publicClient.readContract({ ...fund, functionName: "isWhitelisted", args: [accounts[index] as `0x${string}`] });

let restore: () => Promise<void>;
beforeEach(async () => {
  restore = await snapshot();
});
afterEach(async () => {
  await restore();
});

describe("invest (two steps)", () => {
  it("approves, waits for the receipt, invests, and the figures update", async () => {
    const { context, prompts } = as(5);
    const steps: string[] = [];
    const submitted: string[] = [];
    const result = await invest({
      ...context,
      amount: "1,000.50",
      onStep: (step) => steps.push(step),
      onApprovalSubmitted: (hash) => submitted.push(hash),
      onSubmitted: (hash) => submitted.push(hash),
    });
    expect(result).toMatchObject({ success: true, message: "Investment transaction submitted successfully!" });
    expect(result.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(result.approvalHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(submitted).toEqual([result.approvalHash, result.hash]);
    expect(steps).toEqual(["checking", "approving", "investing"]);
    expect(prompts).toHaveLength(2);
    const view = await getInvestorView(publicClient, { deployment, account: accounts[5] });
    expect(view.raw.investedAmount).toBe(mUSDC(4_000) + 1_000_500_000n);
    const [, nft] = await getVaults(publicClient, { deployment });
    expect(nft?.tvlUsd).toBe(21_000.5);
  });

  it("skips the approval when the allowance already covers the amount", async () => {
    const { context, prompts } = as(5);
    const approval = await context.walletClient.writeContract({
      address: deployment.investmentToken as `0x${string}`,
      abi: erc20Abi,
      functionName: "approve",
      args: [deployment.investmentFund, mUSDC(500)],
    });
    await publicClient.waitForTransactionReceipt({ hash: approval });
    prompts.length = 0;
    const result = await invest({ ...context, amount: 500 });
    expect(result).toMatchObject({ success: true, approvalHash: null, message: resultMessages.invest });
    expect(prompts).toHaveLength(1);
  });

  it.each([
    [
      "a wallet that is not whitelisted",
      6,
      "1000",
      "This wallet is not whitelisted to invest. Ask the fund's admin to whitelist it.",
    ],
    ["an amount below the minimum", 5, "99.99", "The minimum investment is 100 mUSDC."],
    ["a settled position not yet withdrawn", 3, "1000", "Withdraw your share of pool 1 before investing again."],
    ["an amount that is not a number", 5, "ten", "Enter an amount, like 1000 or 1000.50."],
    ["more decimals than the token has", 5, "100.0000001", "Use at most 6 decimal places."],
    ["zero", 5, "0", "Enter an amount above zero."],
  ])("stops before any wallet prompt for %s", async (_case, index, amount, message) => {
    const { context, prompts } = as(index);
    const result = await invest({ ...context, amount });
    expect(result).toEqual({ hash: null, success: false, message, approvalHash: null });
    expect(prompts).toHaveLength(0);
  });

  it("stops before any prompt while the pool is locked", async () => {
    expect((await startLockupPeriod(as(0).context)).success).toBe(true);
    const { context, prompts } = as(5);
    const result = await invest({ ...context, amount: "1000" });
    expect(result.message).toBe("The pool is locked until its lockup period ends.");
    expect(prompts).toHaveLength(0);
  });

  it("reports a wallet rejection as 'User rejected the transaction.'", async () => {
    const { context, prompts } = as(5, { reject: true });
    const result = await invest({ ...context, amount: "1000" });
    expect(result).toEqual({
      hash: null,
      success: false,
      message: "User rejected the transaction.",
      approvalHash: null,
    });
    expect(prompts).toHaveLength(1);
  });

  it("stops with 'Approval transaction failed!' when the approval's receipt is reverted, and never invests", async () => {
    const { context, prompts } = as(5, { starveApprovals: true });
    const result = await invest({ ...context, amount: "1000" });
    expect(result).toMatchObject({ hash: null, success: false, message: "Approval transaction failed!" });
    const receipt = await publicClient.getTransactionReceipt({ hash: result.approvalHash as `0x${string}` });
    expect(receipt.status).toBe("reverted");
    expect(prompts).toHaveLength(1);
    expect((await getInvestorView(publicClient, { deployment, account: accounts[5] })).investedAmount).toBe(4_000);
  });
});

describe("governance", () => {
  it("creates a proposal whose voting lasts end minus start in whole seconds", async () => {
    const start = new Date("2026-12-01T10:00:00.000Z");
    const end = new Date("2026-12-03T10:30:00.900Z"); // 2 days 30 minutes and 0.9 s → 174,600 s
    const result = await createProposal({
      ...as(1).context,
      description: "  Rebalance the NFT lending book.  ",
      start,
      end,
    });
    expect(result).toMatchObject({ success: true, message: "Proposal transaction submitted", proposalId: 5n });
    const [created] = (await getProposals(publicClient, { deployment, limit: 1 })).proposals;
    expect(created?.description).toBe("Rebalance the NFT lending book.");
    expect((created?.votingInfo.timeFrame.end ?? 0) - (created?.votingInfo.timeFrame.start ?? 0)).toBe(174_600);
    expect(created?.status).toBe("active");
  });

  it.each([
    ["an end before the start", "Something", 0, -1, "The end time must be after the start time."],
    ["an empty description", "   ", 0, 7200, "Enter a proposal description."],
    ["a voting period under an hour", "Something", 0, 60, "The voting period must be between 1 hour and 90 days."],
  ])("refuses %s with a clear message", async (_case, description, from, to, message) => {
    const { context, prompts } = as(1);
    const result = await createProposal({ ...context, description, start: from * 1000, end: to * 1000 });
    expect(result).toEqual({ hash: null, success: false, message, proposalId: null });
    expect(prompts).toHaveLength(0);
  });

  it("votes 'for' as support and any other choice as against, once per investor", async () => {
    const before = (await getProposals(publicClient, { deployment, limit: 1 })).proposals[0];
    expect(await vote({ ...as(1).context, proposalId: 4n, choice: "for" })).toMatchObject({
      success: true,
      message: "Voting transaction submitted",
    });
    expect((await vote({ ...as(2).context, proposalId: 4, choice: "against" })).success).toBe(true);
    const after = (await getProposals(publicClient, { deployment, limit: 1 })).proposals[0];
    // weights at the block before creation: account 1 had 6,000, account 2 had 10,000
    expect(after?.votingInfo.votesForCount).toBe((before?.votingInfo.votesForCount ?? 0) + 6_000);
    expect(after?.votingInfo.votesAgainstCount).toBe((before?.votingInfo.votesAgainstCount ?? 0) + 10_000);
    const { context, prompts } = as(1);
    expect(await vote({ ...context, proposalId: 4n, choice: "for" })).toEqual({
      hash: null,
      success: false,
      message: "You have already voted on this proposal.",
    });
    expect(prompts).toHaveLength(0);
  });

  it("executes a passed proposal after its end, and refuses an active one", async () => {
    expect((await executeProposal({ ...as(1).context, proposalId: 3n })).message).toBe(
      "Voting on this proposal has not ended yet.",
    );
    await testClient.increaseTime({ seconds: 8 * 24 * 3600 });
    await testClient.mine({ blocks: 1 });
    const [, leverage] = (await getProposals(publicClient, { deployment, limit: 2 })).proposals;
    expect(leverage).toMatchObject({ id: 3n, status: "rejected", canExecute: true });
    expect((await executeProposal({ ...as(1).context, proposalId: 3n })).success).toBe(true);
    expect((await getProposals(publicClient, { deployment, offset: 1, limit: 1 })).proposals[0]?.status).toBe("passed");
  });
});

describe("receipts", () => {
  it("fails with 'Event not fount' when the receipt lacks the expected event", async () => {
    // A node that answers with the receipt of another transaction (no ProposalCreated in it).
    const other = await whitelistInvestor({ ...as(0).context, investor: accounts[6] });
    const { context } = as(1);
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
      ...context,
      publicClient: lying,
      description: "Anything",
      start: 0,
      end: 7_200_000,
    });
    expect(result).toEqual({ hash: null, success: false, message: "Event not fount", proposalId: null });
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
    });
  });

  it("grants and revokes admin, and the admin list follows", async () => {
    const admin = as(0).context;
    expect((await grantAdmin({ ...admin, account: accounts[6] })).message).toBe("Admin wallet added successfully.");
    expect(await getAdmins(publicClient, { deployment, fromEventsOnly: true })).toEqual([
      { name: "Admin 1", address: accounts[0] },
      { name: "Admin 2", address: accounts[6] },
    ]);
    expect((await revokeAdmin({ ...admin, account: accounts[6] })).message).toBe("Admin wallet removed successfully.");
    expect(await getAdmins(publicClient, { deployment, fromEventsOnly: true })).toEqual([
      { name: "Admin 1", address: accounts[0] },
    ]);
    expect((await revokeAdmin({ ...admin, account: accounts[0] })).message).toBe("The last admin cannot be removed.");
  });

  it("refuses every admin action from a wallet without the role, before any prompt", async () => {
    const { context, prompts } = as(1);
    const results = await Promise.all([
      whitelistInvestor({ ...context, investor: accounts[6] }),
      grantAdmin({ ...context, account: accounts[1] }),
      addTradingWallet({ ...context, wallet: accounts[6], walletType: "Spot", allocation: 100 }),
      removeTradingWallet({ ...context, index: 0 }),
      startLockupPeriod(context),
    ]);
    for (const result of results) {
      expect(result).toEqual({ hash: null, success: false, message: "This wallet is not allowed to do that." });
    }
    expect(prompts).toHaveLength(0);
  });

  it("adds and removes trading wallets of the current pool", async () => {
    const admin = as(0).context;
    expect(
      (await addTradingWallet({ ...admin, wallet: accounts[6], walletType: "Spot", allocation: 100 })).message,
    ).toBe("Allocations would exceed 100% (10,000 basis points).");
    expect(await removeTradingWallet({ ...admin, index: 1 })).toMatchObject({
      success: true,
      message: "Trading wallet removed successfully.",
    });
    expect(
      await addTradingWallet({ ...admin, wallet: accounts[6], walletType: "Options", allocation: "4,000" }),
    ).toMatchObject({ success: true, message: "Trading wallet added successfully." });
    expect(await getTradingWallets(publicClient, { deployment })).toEqual([
      { walletAddress: accounts[7], allocation: 6_000, walletType: "Futures", index: 0 },
      { walletAddress: accounts[6], allocation: 4_000, walletType: "Options", index: 1 },
    ]);
    expect((await addTradingWallet({ ...admin, wallet: accounts[6], walletType: "X", allocation: 0 })).message).toBe(
      "Enter an allocation between 1 and 10,000 basis points.",
    );
  });

  it("runs a whole round: lockup, collection, settlement with profit, withdrawal", async () => {
    const admin = as(0).context;
    expect(await startLockupPeriod(admin)).toMatchObject({ success: true, message: "Lockup period started." });
    const [, locked] = await getVaults(publicClient, { deployment });
    expect(locked).toMatchObject({ status: "locked", lockPeriodDays: 30, acceptsDeposits: false });
    expect(locked?.unlockDate).not.toBe("");
    expect((await endLockupPeriod({ ...admin, totalReturned: 0n })).message).toBe(
      "The lockup period has not ended yet.",
    );
    await testClient.increaseTime({ seconds: 30 * 24 * 3600 + 1 });
    await testClient.mine({ blocks: 1 });
    // each trading wallet returns 10% more than it received
    let collected = 0n;
    for (const [index, share] of [
      [7, 6_000n],
      [8, 4_000n],
    ] as const) {
      const amount = (mUSDC(20_000) * share * 11n) / 100_000n;
      const trader = wallet(index).walletClient;
      const token = { address: deployment.investmentToken as `0x${string}`, abi: erc20Abi } as const;
      const mint = [
        {
          type: "function",
          name: "mint",
          stateMutability: "nonpayable",
          inputs: [
            { name: "to", type: "address" },
            { name: "amount", type: "uint256" },
          ],
          outputs: [],
        },
      ] as const;
      await publicClient.waitForTransactionReceipt({
        hash: await trader.writeContract({
          ...token,
          abi: mint,
          functionName: "mint",
          args: [accounts[index], amount],
        }),
      });
      await publicClient.waitForTransactionReceipt({
        hash: await trader.writeContract({
          ...token,
          functionName: "approve",
          args: [deployment.investmentFund, amount],
        }),
      });
      const ready = await getPoolReturns(publicClient, { deployment });
      expect(ready.collected).toBe(collected);
      expect(ready.wallets.find((w) => w.walletAddress === accounts[index])).toMatchObject({
        allowance: amount,
        collectable: amount,
      });
      expect((await collectFundsFromTradingWallet({ ...admin, wallet: accounts[index], amount })).success).toBe(true);
      collected += amount;
      const after = await getPoolReturns(publicClient, { deployment });
      expect(after.collected).toBe(collected);
      expect(after.wallets.find((w) => w.walletAddress === accounts[index])?.collectable).toBe(0n);
    }
    expect(await endLockupPeriod({ ...admin, totalReturned: collected })).toMatchObject({
      success: true,
      message: "Pool settled successfully.",
    });
    const [, settled] = await getVaults(publicClient, { deployment });
    // profit 2,000; investors keep 80%
    expect(settled).toMatchObject({ status: "settled", rewardsUsd: 2_000 });
    const before = await getInvestorView(publicClient, { deployment, account: accounts[5] });
    expect(before.withdrawableAmount).toBe(4_320); // 4,000 × 21,600 / 20,000
    expect((await withdraw(as(5).context)).success).toBe(true);
    const after = await getInvestorView(publicClient, { deployment, account: accounts[5] });
    expect(after.totalWithdrawn).toBe(4_320);
    expect(after.investedAmount).toBe(0);
    expect((await withdraw(as(5).context)).message).toBe("There is nothing to withdraw.");
  });

  it("turns the emergency state on; investors exit with emergencyWithdraw and deposits stop", async () => {
    const admin = as(0).context;
    expect(await setEmergencyState({ ...admin, emergencyState: true })).toMatchObject({
      success: true,
      message: "Emergency state turned on.",
    });
    expect((await invest({ ...as(5).context, amount: 1000 })).message).toBe(
      "The fund is in an emergency state: deposits and lockups are paused.",
    );
    expect((await emergencyWithdraw(as(5).context)).success).toBe(true);
    expect((await getInvestorView(publicClient, { deployment, account: accounts[5] })).investedAmount).toBe(0);
  });
});
