import { type Address, parseEther } from "viem";
import { entryPoint08Abi } from "viem/account-abstraction";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, snapshot } from "../../test/chain.js";
import { as, balanceOf, mUSDC, publicClient, runRound, travel } from "../../test/fund.js";
import { promptingWallet, type SmartAccountStack, startSmartAccountStack } from "../../test/smartAccount.js";
import { fundGovernorAbi, fundPaymasterAbi, mockUsdcAbi } from "../abi/index.js";
import type { Deployment } from "../deployment/deployment.js";
import { governorAddress } from "../deployment/deployment.js";
import { getPositions } from "../reads/getPositions.js";
import { getSmartAccountAddress } from "../smartAccount/getSmartAccountAddress.js";
import { createProposal } from "./createProposal.js";
import { executeProposal } from "./executeProposal.js";
import { investWithSmartAccount } from "./investWithSmartAccount.js";
import { moveSmartAccountTokens } from "./moveSmartAccountTokens.js";
import { removeInvestorFromWhitelist } from "./removeInvestorFromWhitelist.js";
import { setRollOver } from "./setRollOver.js";
import { vote } from "./vote.js";
import { whitelistInvestor } from "./whitelistInvestor.js";
import { withdraw } from "./withdraw.js";

// Every investor-facing fund write from the owner's smart account (`smartAccount` on the write context): one
// signature each, the account holding 0 ETH, the fund's refusals said before the prompt. One anvil snapshot around
// the file: Alto keeps its own view of the chain, so the tests run in order on one state.
let restore: () => Promise<void>;
let stack: SmartAccountStack;
let deployment: Deployment;
const OWNER = 6; // not whitelisted, holds no tokens in the base state
let smartAccount: Address;
let proposalId: bigint;

beforeAll(async () => {
  restore = await snapshot();
  stack = await startSmartAccountStack();
  deployment = stack.deployment;
  smartAccount = await getSmartAccountAddress(publicClient, { deployment, owner: accounts[OWNER] });
  // A budget for the file's seven operations (the stack's default covers a few).
  await publicClient.waitForTransactionReceipt({
    hash: await as(0).context.walletClient.writeContract({
      address: deployment.fundPaymaster as Address,
      abi: fundPaymasterAbi,
      functionName: "setSponsorBudget",
      args: [parseEther("1")],
    }),
  });
});
afterAll(async () => {
  await stack?.stop();
  await restore?.();
});

/** The owner's wallet as a write context that sends through the smart account, and the prompts it saw. */
const viaSmartAccount = () => {
  const { walletClient, prompts } = promptingWallet(OWNER);
  return { context: { deployment, publicClient, walletClient, smartAccount: {} }, prompts };
};
const governor = () => ({ address: governorAddress(deployment), abi: fundGovernorAbi }) as const;
const position = async () => (await getPositions(publicClient, { deployment, account: smartAccount }))[0];
const noEth = async () => expect(await publicClient.getBalance({ address: smartAccount })).toBe(0n);
/** The smart account's ETH: its balance plus its deposit at the EntryPoint (where a self-paid op's refund goes). */
const ethHeld = async () =>
  (await publicClient.getBalance({ address: smartAccount })) +
  (await publicClient.readContract({
    address: deployment.entryPoint as Address,
    abi: entryPoint08Abi,
    functionName: "balanceOf",
    args: [smartAccount],
  }));
const sponsored = () =>
  publicClient.readContract({
    address: deployment.fundPaymaster as Address,
    abi: fundPaymasterAbi,
    functionName: "sponsoredGas",
    args: [smartAccount],
  });

describe("fund writes from a smart account (anvil + Alto)", () => {
  it("the fund's own refusal comes first for a smart account off the whitelist, before any prompt", async () => {
    const { context, prompts } = viaSmartAccount();
    const result = await withdraw({ ...context, vaultId: 1 });
    expect(result).toEqual({ hash: null, success: false, message: "There is nothing to withdraw.", kind: "reverted" });
    expect(prompts).toEqual([]);
  });

  it("setRollOver: one signature, the smart account's position changes, the owner's EOA is untouched", async () => {
    const admin = { ...as(0).context, deployment };
    expect(await whitelistInvestor({ ...admin, investor: smartAccount })).toMatchObject({ success: true });
    await publicClient.waitForTransactionReceipt({
      hash: await as(0).context.walletClient.writeContract({
        address: deployment.investmentToken as Address,
        abi: mockUsdcAbi,
        functionName: "mint",
        args: [smartAccount, mUSDC(1_000)],
      }),
    });
    const invested = await investWithSmartAccount({
      ...viaSmartAccount().context,
      vaultId: 1,
      amount: "500",
    });
    expect(invested).toMatchObject({ success: true });

    const { context, prompts } = viaSmartAccount();
    const submitted: string[] = [];
    const userOps: string[] = [];
    const result = await setRollOver({
      ...context,
      smartAccount: { onUserOperationSubmitted: (hash) => userOps.push(hash) },
      vaultId: 1,
      enabled: true,
      onSubmitted: (hash) => submitted.push(hash),
    });
    expect(result).toMatchObject({
      success: true,
      message: "Roll-over turned on: your position moves into the vault's next round at each settlement.",
    });
    expect(prompts).toEqual(["eth_signTypedData_v4"]);
    expect(userOps).toHaveLength(1);
    // The hash is the mined bundle's transaction, and its sender is the bundler, not the owner.
    expect(submitted).toEqual([result.hash]);
    const tx = await publicClient.getTransaction({ hash: result.hash as `0x${string}` });
    expect(tx.from).not.toBe(accounts[OWNER]);
    expect(await position()).toMatchObject({ rollOver: true, principal: mUSDC(500) });
    const [ownersOwn] = await getPositions(publicClient, { deployment, account: accounts[OWNER] });
    expect(ownersOwn).toMatchObject({ rollOver: false, principal: 0n });
    await noEth();

    const off = await setRollOver({ ...viaSmartAccount().context, vaultId: 1, enabled: false });
    expect(off).toMatchObject({ success: true });
    expect(await position()).toMatchObject({ rollOver: false });
  });

  it("createProposal and vote: one signature each, as the smart account with its voting power", async () => {
    const created = await createProposal({
      ...viaSmartAccount().context,
      description: "Raise the futures vault's allocation",
      start: 0,
      end: 3_600_000,
    });
    expect(created).toMatchObject({ success: true, message: "Proposal transaction submitted" });
    expect(created.proposalId).not.toBeNull();
    proposalId = created.proposalId as bigint;

    const { context, prompts } = viaSmartAccount();
    const result = await vote({ ...context, proposalId, choice: "for" });
    expect(result).toMatchObject({ success: true, message: "Voting transaction submitted" });
    expect(prompts).toEqual(["eth_signTypedData_v4"]);
    expect(
      await publicClient.readContract({ ...governor(), functionName: "hasVoted", args: [proposalId, smartAccount] }),
    ).toBe(true);
    const details = await publicClient.readContract({
      ...governor(),
      functionName: "getProposalDetails",
      args: [proposalId],
    });
    expect(details[2]).toBe(mUSDC(500));
    await noEth();
  });

  it("the fund's refusal comes from the simulation from the smart account, before any prompt", async () => {
    const { context, prompts } = viaSmartAccount();
    const again = await vote({ ...context, proposalId, choice: "against" });
    expect(again.success).toBe(false);
    expect(again.message).toMatch(/already voted/i);
    expect(prompts).toEqual([]);
  });

  it("withdraw after a settled round: one signature, the payout comes back to the smart account", async () => {
    await runRound(1, [7, 6], 11_000n);
    const payout = (await position())?.withdrawable ?? 0n;
    expect(payout).toBeGreaterThan(mUSDC(500)); // principal plus its share of a 10% profit
    const before = await balanceOf(smartAccount);
    const ownerBefore = await balanceOf(accounts[OWNER]);
    const { context, prompts } = viaSmartAccount();
    const result = await withdraw({ ...context, vaultId: 1 });
    expect(result).toMatchObject({ success: true, message: "Withdrawal transaction submitted successfully!" });
    expect(prompts).toEqual(["eth_signTypedData_v4"]);
    expect(await balanceOf(smartAccount)).toBe(before + payout);
    expect(await balanceOf(accounts[OWNER])).toBe(ownerBefore);
    await noEth();
  });

  it("executeProposal after the voting period, from the smart account", async () => {
    await travel(3_601);
    const { context, prompts } = viaSmartAccount();
    expect(await executeProposal({ ...context, proposalId })).toMatchObject({
      success: true,
      message: "Proposal executed.",
    });
    expect(prompts).toEqual(["eth_signTypedData_v4"]);
  });

  it("moves the smart account's tokens to the owner's wallet in one sponsored operation", async () => {
    const held = await balanceOf(smartAccount);
    expect(held).toBeGreaterThan(0n);
    const ownerBefore = await balanceOf(accounts[OWNER]);
    const { context, prompts } = viaSmartAccount();
    const moved = await moveSmartAccountTokens(context);
    expect(moved).toMatchObject({
      success: true,
      amount: held,
      message: `Moved ${Number(held) / 1e6} mUSDC from your smart account to your wallet.`,
    });
    expect(prompts).toEqual(["eth_signTypedData_v4"]);
    expect(await balanceOf(smartAccount)).toBe(0n);
    expect(await balanceOf(accounts[OWNER])).toBe(ownerBefore + held);
    await noEth();

    const nothing = viaSmartAccount();
    expect(await moveSmartAccountTokens(nothing.context)).toMatchObject({
      success: false,
      message: "Your smart account holds no mUSDC to move.",
      amount: 0n,
    });
    expect(nothing.prompts).toEqual([]);
  });

  it("off the whitelist, it still withdraws and moves its tokens out: told how much ETH, then paying its own gas", async () => {
    const admin = { ...as(0).context, deployment };
    await publicClient.waitForTransactionReceipt({
      hash: await as(0).context.walletClient.writeContract({
        address: deployment.investmentToken as Address,
        abi: mockUsdcAbi,
        functionName: "mint",
        args: [smartAccount, mUSDC(300)],
      }),
    });
    const invested = await investWithSmartAccount({ ...viaSmartAccount().context, vaultId: 1, amount: "300" });
    expect(invested).toMatchObject({ success: true, gasPayment: "sponsored" });
    await runRound(1, [7, 6], 11_000n);
    const payout = (await position())?.withdrawable ?? 0n;
    expect(payout).toBeGreaterThan(mUSDC(300));
    expect(await removeInvestorFromWhitelist({ ...admin, investor: smartAccount })).toMatchObject({ success: true });

    // 0 ETH and no sponsorship: nothing is sent, and the person is told what to do.
    const broke = viaSmartAccount();
    const refused = await withdraw({ ...broke.context, vaultId: 1 });
    expect(refused).toMatchObject({ success: false, hash: null });
    const pattern = new RegExp(
      `^Your smart account \\(${smartAccount}\\) needs about (\\d+\\.\\d+) ETH to pay for this itself: the fund does not sponsor it \\(not on the whitelist\\)\\. Send ETH to it from your wallet, then try again\\.$`,
    );
    const needed = pattern.exec(refused.message);
    expect(needed, refused.message).not.toBeNull();
    const neededWei = parseEther(needed?.[1] ?? "0");
    expect(neededWei).toBeGreaterThan(0n);
    expect(neededWei).toBeLessThan(parseEther("0.01"));
    expect(broke.prompts).toEqual([]);

    // The owner sends it the ETH it asked for (a plain transfer from the EOA): the withdrawal goes through, self-paid.
    await publicClient.waitForTransactionReceipt({
      hash: await as(OWNER).context.walletClient.sendTransaction({
        account: accounts[OWNER] as Address,
        chain: undefined,
        to: smartAccount,
        value: neededWei,
      }),
    });
    const sponsoredBefore = await sponsored();
    const before = await balanceOf(smartAccount);
    const { context, prompts } = viaSmartAccount();
    const payments: string[] = [];
    const result = await withdraw({ ...context, smartAccount: { onGasPayment: (p) => payments.push(p) }, vaultId: 1 });
    expect(result).toMatchObject({ success: true, message: "Withdrawal transaction submitted successfully!" });
    expect(payments).toEqual(["selfPaid"]);
    expect(prompts).toEqual(["eth_signTypedData_v4"]);
    expect(await balanceOf(smartAccount)).toBe(before + payout);
    // The paymaster paid nothing: its book for the account did not move; the account's own ETH paid.
    expect(await sponsored()).toBe(sponsoredBefore);
    const left = await ethHeld();
    expect(left).toBeLessThan(neededWei);
    console.info(
      `self-paid withdraw: asked for ${needed?.[1]} ETH up front, cost ${result.hash ? neededWei - left : 0n} wei (gas price on anvil)`,
    );

    // Its tokens out to the owner's wallet: what is left of the ETH (the withdrawal's refund, at the EntryPoint) does
    // not cover another operation's maximum cost, and the shortfall it is told counts that deposit in.
    const short = await moveSmartAccountTokens(viaSmartAccount().context);
    const more = /needs about (\d+\.\d+) ETH .*\(not on the whitelist\)/.exec(short.message);
    expect(more, short.message).not.toBeNull();
    const moreWei = parseEther(more?.[1] ?? "0");
    expect(moreWei).toBeLessThan(neededWei);
    await publicClient.waitForTransactionReceipt({
      hash: await as(OWNER).context.walletClient.sendTransaction({
        account: accounts[OWNER] as Address,
        chain: undefined,
        to: smartAccount,
        value: moreWei,
      }),
    });
    const moved = await moveSmartAccountTokens(viaSmartAccount().context);
    expect(moved).toMatchObject({ success: true, gasPayment: "selfPaid", amount: before + payout });
    expect(await balanceOf(smartAccount)).toBe(0n);
    expect(await sponsored()).toBe(sponsoredBefore);
  });
});
