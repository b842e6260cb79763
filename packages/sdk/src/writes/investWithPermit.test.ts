import { type Address, erc20Abi, toFunctionSelector } from "viem";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { accounts, chain, deployment, snapshot } from "../../test/chain.js";
import { mUSDC, publicClient } from "../../test/fund.js";
import { testWallet } from "../../test/testWallet.js";
import { getPositions } from "../reads/getPositions.js";
import { getPermitDomain, investWithPermit, permitMessages } from "./investWithPermit.js";

// Against the anvil of test/globalSetup.ts, with the wallet package's test wallet (typed data on or off).
const INVEST_WITH_PERMIT = toFunctionSelector("investWithPermit(uint256,uint256,uint256,uint8,bytes32,bytes32)");
const INVEST = toFunctionSelector("invest(uint256,uint256)");
const APPROVE = "0x095ea7b3";
const token = deployment.investmentToken as Address;
const principal = async (index: number, vaultId: number) =>
  (await getPositions(publicClient, { deployment, account: accounts[index] as Address }))[vaultId - 1]?.principal;
const allowance = (index: number) =>
  publicClient.readContract({
    address: token,
    abi: erc20Abi,
    functionName: "allowance",
    args: [accounts[index] as Address, deployment.investmentFund],
  });
const selectors = (transactions: { data: string }[]) => transactions.map((t) => t.data.slice(0, 10));

let restore: () => Promise<void>;
beforeEach(async () => {
  restore = await snapshot();
});
afterEach(async () => {
  await restore();
});

describe("getPermitDomain", () => {
  it("reads the token's ERC-5267 domain and the owner's nonce", async () => {
    const permit = await getPermitDomain(publicClient, token, accounts[5], chain.id);
    expect(permit).toEqual({
      nonce: 0n,
      domain: { name: "Mock USD Coin", version: "1", chainId: BigInt(chain.id), verifyingContract: token },
    });
  });

  it("is null for a contract without EIP-2612 (no nonces)", async () => {
    expect(await getPermitDomain(publicClient, deployment.investmentFund, accounts[5], chain.id)).toBeNull();
  });
});

describe("investWithPermit (EIP-2612)", () => {
  it("invests with one signature and one transaction, no approval transaction, and the position holds the amount", async () => {
    const { context, control, prompts } = testWallet(5, { typedData: true });
    const steps: string[] = [];
    const result = await investWithPermit({ ...context, vaultId: 1, amount: "2,500", onStep: (s) => steps.push(s) });
    expect(result).toMatchObject({
      success: true,
      message: "Investment transaction submitted successfully!",
      path: "permit",
      signed: true,
      fallback: null,
      approvalHash: null,
    });
    expect(steps).toEqual(["checking", "signing", "investing"]);
    expect(prompts()).toEqual(["eth_signTypedData_v4", "eth_sendTransaction"]);
    expect(selectors(control.transactions)).toEqual([INVEST_WITH_PERMIT]);
    expect(await principal(5, 1)).toBe(mUSDC(2_500));
    // the permit was used: nonce 1, nothing left approved
    expect((await getPermitDomain(publicClient, token, accounts[5], chain.id))?.nonce).toBe(1n);
    expect(await allowance(5)).toBe(0n);
  });

  it("falls back to the two steps when the wallet cannot sign typed data, and says which path ran", async () => {
    const { context, control, prompts } = testWallet(5, { typedData: false });
    const steps: string[] = [];
    const result = await investWithPermit({ ...context, vaultId: 2, amount: "1000", onStep: (s) => steps.push(s) });
    expect(result).toMatchObject({
      success: true,
      path: "twoStep",
      signed: false,
      fallback: permitMessages.walletCannotSign,
      message: "Investment transaction submitted successfully!",
    });
    expect(result.approvalHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(steps).toEqual(["checking", "signing", "checking", "approving", "investing"]);
    // the refused signature request, then the two transactions
    expect(control.requests.filter((m) => m === "eth_signTypedData_v4")).toHaveLength(1);
    expect(prompts()).toEqual(["eth_signTypedData_v4", "eth_sendTransaction", "eth_sendTransaction"]);
    expect(selectors(control.transactions)).toEqual([APPROVE, INVEST]);
    expect(await principal(5, 2)).toBe(mUSDC(1_000));
  });

  it("a rejected signature is the spec's rejection: no fallback, nothing sent", async () => {
    const { context, control } = testWallet(5, { typedData: true });
    control.rejectNext("eth_signTypedData_v4");
    const result = await investWithPermit({ ...context, vaultId: 1, amount: "1000" });
    expect(result).toMatchObject({
      success: false,
      hash: null,
      message: "User rejected the transaction.",
      path: "permit",
      fallback: null,
    });
    expect(control.transactions).toEqual([]);
  });

  it("a rejected investment after the signature sends nothing, and the unused permit leaves no allowance", async () => {
    const { context, control } = testWallet(5, { typedData: true });
    control.rejectNext("eth_sendTransaction");
    const result = await investWithPermit({ ...context, vaultId: 1, amount: "1000" });
    expect(result).toMatchObject({ success: false, message: "User rejected the transaction." });
    expect(await allowance(5)).toBe(0n);
    expect(await principal(5, 1)).toBe(0n);
  });

  it("a permit the fund cannot use (expired) is refused after the signature, before any transaction", async () => {
    const { context, control, prompts } = testWallet(5, { typedData: true });
    const result = await investWithPermit({ ...context, vaultId: 1, amount: "1000", validForSeconds: -60 });
    expect(result).toMatchObject({
      success: false,
      hash: null,
      message: "The permit was not accepted and the fund is not approved for that amount; sign again.",
    });
    expect(prompts()).toEqual(["eth_signTypedData_v4"]);
    expect(control.transactions).toEqual([]);
  });

  it("stops before the signature with the fund's reason (below the vault's minimum)", async () => {
    const { context, prompts } = testWallet(5, { typedData: true });
    const result = await investWithPermit({ ...context, vaultId: 1, amount: "50" });
    expect(result).toMatchObject({ success: false, message: "The minimum investment is 100 mUSDC." });
    expect(prompts()).toEqual([]);
  });

  it("signs nothing when the allowance already covers the amount: one invest transaction", async () => {
    const { context, walletClient, control, prompts } = testWallet(5, { typedData: true });
    await publicClient.waitForTransactionReceipt({
      hash: await walletClient.writeContract({
        address: token,
        abi: erc20Abi,
        functionName: "approve",
        args: [deployment.investmentFund, mUSDC(700)],
      }),
    });
    control.transactions.length = 0;
    control.requests.length = 0;
    const result = await investWithPermit({ ...context, vaultId: 1, amount: 700 });
    expect(result).toMatchObject({ success: true, path: "twoStep", approvalHash: null, signed: false });
    expect(prompts()).toEqual(["eth_sendTransaction"]);
    expect(selectors(control.transactions)).toEqual([INVEST]);
  });
});
