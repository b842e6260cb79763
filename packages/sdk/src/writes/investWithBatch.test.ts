import { type Address, erc20Abi, toFunctionSelector } from "viem";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { accounts, deployment, snapshot } from "../../test/chain.js";
import { mUSDC, publicClient } from "../../test/fund.js";
import { testWallet } from "../../test/testWallet.js";
import { getPositions } from "../reads/getPositions.js";
import { batchMessages, investWithBatch } from "./investWithBatch.js";

// Against the anvil of test/globalSetup.ts, with the wallet package's test wallet (EIP-5792 on or off).
const INVEST = toFunctionSelector("invest(uint256,uint256)");
const APPROVE = "0x095ea7b3";
const principal = async (index: number, vaultId: number) =>
  (await getPositions(publicClient, { deployment, account: accounts[index] as Address }))[vaultId - 1]?.principal;
const allowance = (index: number) =>
  publicClient.readContract({
    address: deployment.investmentToken as Address,
    abi: erc20Abi,
    functionName: "allowance",
    args: [accounts[index] as Address, deployment.investmentFund],
  });

let restore: () => Promise<void>;
beforeEach(async () => {
  restore = await snapshot();
});
afterEach(async () => {
  await restore();
});

describe("investWithBatch (EIP-5792)", () => {
  it("approves and invests in one confirmation: both calls mined, one prompt, the position holds the amount", async () => {
    const { context, control, prompts } = testWallet(5, { batching: true });
    const steps: string[] = [];
    const submitted: string[] = [];
    const result = await investWithBatch({
      ...context,
      vaultId: 1,
      amount: "1,000",
      onStep: (step) => steps.push(step),
      onBatchSubmitted: (id) => submitted.push(id),
    });
    expect(result).toMatchObject({
      success: true,
      message: "Investment transaction submitted successfully!",
      path: "batch",
      unsupported: false,
      approvalHash: null,
    });
    expect(steps).toEqual(["checking", "batching"]);
    expect(submitted).toEqual([result.batchId]);
    expect(result.calls.map((c) => [c.call, c.state])).toEqual([
      ["approve", "succeeded"],
      ["invest", "succeeded"],
    ]);
    expect(result.hash).toBe(result.calls[1]?.hash);
    expect(prompts()).toEqual(["wallet_sendCalls"]);
    expect(control.transactions.map((t) => [t.data.slice(0, 10), t.batchId])).toEqual([
      [APPROVE, result.batchId],
      [INVEST, result.batchId],
    ]);
    expect(await principal(5, 1)).toBe(mUSDC(1_000));
  });

  it("batches the investment alone when the allowance already covers it", async () => {
    const { context, walletClient, control } = testWallet(5, { batching: true });
    await publicClient.waitForTransactionReceipt({
      hash: await walletClient.writeContract({
        address: deployment.investmentToken as Address,
        abi: erc20Abi,
        functionName: "approve",
        args: [deployment.investmentFund, mUSDC(500)],
      }),
    });
    control.transactions.length = 0;
    const result = await investWithBatch({ ...context, vaultId: 2, amount: 500 });
    expect(result).toMatchObject({ success: true, path: "batch" });
    expect(result.calls.map((c) => c.call)).toEqual(["invest"]);
    expect(control.transactions.map((t) => t.data.slice(0, 10))).toEqual([INVEST]);
    expect(await principal(5, 2)).toBe(mUSDC(500));
  });

  it("reports a wallet without EIP-5792 as unsupported, with nothing sent", async () => {
    const { context, control, prompts } = testWallet(5, { batching: false });
    const result = await investWithBatch({ ...context, vaultId: 1, amount: "1000" });
    expect(result).toMatchObject({
      success: false,
      unsupported: true,
      message: batchMessages.unsupported,
      batchId: null,
      calls: [],
    });
    expect(prompts()).toEqual([]);
    expect(control.transactions).toEqual([]);
  });

  it("reports a rejection in the spec's words, sends nothing, and does not call it unsupported", async () => {
    const { context, control } = testWallet(5, { batching: true });
    control.rejectNext("wallet_sendCalls");
    const result = await investWithBatch({ ...context, vaultId: 1, amount: "1000" });
    expect(result).toMatchObject({ success: false, unsupported: false, message: "User rejected the transaction." });
    expect(control.transactions).toEqual([]);
    expect(await allowance(5)).toBe(0n);
  });

  it("stops before the prompt with the fund's reason (not whitelisted), and sends nothing", async () => {
    const { context, prompts } = testWallet(6, { batching: true });
    const result = await investWithBatch({ ...context, vaultId: 1, amount: "1000" });
    expect(result).toMatchObject({
      success: false,
      unsupported: false,
      message: "This wallet is not whitelisted to invest. Ask the fund's admin to whitelist it.",
    });
    expect(prompts()).toEqual([]);
  });

  it("says so when the approval was mined but the investment reverted (a non-atomic wallet), and each call's state", async () => {
    const { context, control } = testWallet(5, { batching: true });
    // The wallet sends the investment call with too little gas: it is mined and reverts after the approval.
    control.starveGasNext(INVEST);
    const result = await investWithBatch({ ...context, vaultId: 1, amount: "1000" });
    expect(result).toMatchObject({
      success: false,
      hash: null,
      message:
        "The approval was mined but the investment failed: nothing was invested, and the fund may now spend up to 1000 mUSDC of your tokens. Invest again to use the approval.",
    });
    expect(result.calls.map((c) => [c.call, c.state])).toEqual([
      ["approve", "succeeded"],
      ["invest", "reverted"],
    ]);
    expect(await allowance(5)).toBe(mUSDC(1_000));
    expect(await principal(5, 1)).toBe(0n);
  });

  it("says nothing changed when the batch's first call reverted and the rest never ran", async () => {
    const { context, control } = testWallet(5, { batching: true });
    control.starveGasNext(APPROVE);
    const result = await investWithBatch({ ...context, vaultId: 1, amount: "1000" });
    expect(result).toMatchObject({ success: false, message: batchMessages.nothingChanged });
    expect(result.calls.map((c) => c.state)).toEqual(["reverted", "not executed"]);
    expect(await allowance(5)).toBe(0n);
  });
});
