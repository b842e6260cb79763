import { type Address, erc20Abi, http, parseEther } from "viem";
import { createBundlerClient, entryPoint08Abi } from "viem/account-abstraction";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, snapshot } from "../../test/chain.js";
import { as, balanceOf, mUSDC, publicClient } from "../../test/fund.js";
import { promptingWallet, type SmartAccountStack, startSmartAccountStack } from "../../test/smartAccount.js";
import { fundPaymasterAbi, investmentFundAbi, mockUsdcAbi } from "../abi/index.js";
import type { Deployment } from "../deployment/deployment.js";
import { getPositions } from "../reads/getPositions.js";
import { paymasterRefusal } from "../smartAccount/describeSmartAccountError.js";
import { getSmartAccountAddress } from "../smartAccount/getSmartAccountAddress.js";
import { isSmartAccountDeployed } from "../smartAccount/isSmartAccountDeployed.js";
import { toFundSmartAccount } from "../smartAccount/toFundSmartAccount.js";
import { investWithSmartAccount } from "./investWithSmartAccount.js";
import { whitelistInvestor } from "./whitelistInvestor.js";

// One anvil snapshot around the whole file: Alto keeps its own view of the chain, so the tests run in order on one
// state (EntryPoint, factory, paymaster, bundler), and the snapshot is reverted once Alto has stopped.
let restore: () => Promise<void>;
let stack: SmartAccountStack;
let deployment: Deployment;
const OWNER = 6; // not whitelisted, holds no tokens in the base state

beforeAll(async () => {
  restore = await snapshot();
  stack = await startSmartAccountStack();
  deployment = stack.deployment;
});
afterAll(async () => {
  await stack?.stop();
  await restore?.();
});

const admin = () => ({ ...as(0).context, deployment });
const paymaster = () => ({ address: deployment.fundPaymaster as Address, abi: fundPaymasterAbi }) as const;
const send = async (request: Parameters<ReturnType<typeof as>["context"]["walletClient"]["writeContract"]>[0]) => {
  const hash = await as(0).context.walletClient.writeContract(request);
  expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
};

describe("investWithSmartAccount (anvil + Alto)", () => {
  let smartAccount: Address;
  /** The first operation's gas (it deployed the account). */
  let firstGas = 0n;

  it("predicts the owner's smart account address before it exists, as the factory and permissionless agree", async () => {
    smartAccount = await getSmartAccountAddress(publicClient, { deployment, owner: accounts[OWNER] });
    const account = await toFundSmartAccount({
      deployment,
      publicClient,
      owner: promptingWallet(OWNER).walletClient,
    });
    expect(account.address).toBe(smartAccount);
    expect(await isSmartAccountDeployed(publicClient, { address: smartAccount })).toBe(false);
    expect(await publicClient.getBalance({ address: smartAccount })).toBe(0n);
  });

  it("refuses a smart account that is not whitelisted, before any prompt and at the paymaster", async () => {
    const { walletClient, prompts } = promptingWallet(OWNER);
    const result = await investWithSmartAccount({ deployment, publicClient, walletClient, vaultId: 1, amount: "500" });
    expect(result).toMatchObject({ success: false, hash: null, userOpHash: null, smartAccount });
    expect(result.message).toBe(
      `Your smart account ${smartAccount} is not whitelisted to invest. Ask the fund's admin to whitelist it.`,
    );
    expect(prompts).toEqual([]);

    // Straight to the bundler, past the SDK's checks: the paymaster itself refuses, and the SDK says why.
    const account = await toFundSmartAccount({ deployment, publicClient, owner: walletClient });
    const bundler = createBundlerClient({ account, client: publicClient, transport: http(stack.bundlerUrl) });
    const error = await bundler
      .sendUserOperation({
        calls: [
          {
            to: deployment.investmentToken as Address,
            abi: erc20Abi,
            functionName: "approve",
            args: [deployment.investmentFund, 1n],
          },
        ],
        paymaster: deployment.fundPaymaster,
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(paymasterRefusal(error)).toBe(
      `The fund does not sponsor this smart account (${smartAccount}): it is not whitelisted. Ask the fund's admin to whitelist it.`,
    );
  });

  it("says the smart account must hold the tokens", async () => {
    expect(await whitelistInvestor({ ...admin(), investor: smartAccount })).toMatchObject({ success: true });
    const { walletClient, prompts } = promptingWallet(OWNER);
    const result = await investWithSmartAccount({ deployment, publicClient, walletClient, vaultId: 1, amount: "500" });
    expect(result.message).toBe(
      "Your smart account holds 0 mUSDC: send it at least 500 mUSDC more from your wallet first.",
    );
    expect(prompts).toEqual([]);
  });

  it("the first operation deploys the account and invests, one signature, 0 ETH held, gas paid by the paymaster", async () => {
    await send({
      address: deployment.investmentToken as Address,
      abi: mockUsdcAbi,
      functionName: "mint",
      args: [smartAccount, mUSDC(2_000)],
    });
    const depositBefore = await publicClient.readContract({ ...paymaster(), functionName: "getDeposit" });
    const ownerEthBefore = await publicClient.getBalance({ address: accounts[OWNER] });
    const { walletClient, prompts } = promptingWallet(OWNER);
    const steps: string[] = [];
    const submitted: string[] = [];
    const result = await investWithSmartAccount({
      deployment,
      publicClient,
      walletClient,
      vaultId: 1,
      amount: "500",
      onStep: (step) => steps.push(step),
      onSubmitted: (hash) => submitted.push(hash),
    });
    expect(result).toMatchObject({
      success: true,
      message: "Investment transaction submitted successfully!",
      smartAccount,
      deployedAccount: true,
      gasPayment: "sponsored",
    });
    expect(submitted).toEqual([result.userOpHash]);
    expect(steps).toEqual(["checking", "signing", "bundling"]);
    expect(prompts).toEqual(["eth_signTypedData_v4"]);
    expect(result.actualGasUsed).toBeGreaterThan(100_000n);
    firstGas = result.actualGasUsed ?? 0n;
    expect(await isSmartAccountDeployed(publicClient, { address: smartAccount })).toBe(true);
    const [futures] = await getPositions(publicClient, { deployment, account: smartAccount });
    expect(futures).toMatchObject({ principal: mUSDC(500), poolState: "open" });
    expect(await balanceOf(smartAccount)).toBe(mUSDC(1_500));
    // Nobody but the paymaster paid: the account and its owner hold the ETH they had, the paymaster's deposit paid.
    expect(await publicClient.getBalance({ address: smartAccount })).toBe(0n);
    expect(await publicClient.getBalance({ address: accounts[OWNER] })).toBe(ownerEthBefore);
    // The paymaster's deposit at the EntryPoint paid the operation (within 5% of the receipt's cost: the EntryPoint
    // settles the postOp's gas and its unused-gas penalty around the figure it reports), and its budget book says so.
    const paid = depositBefore - (await publicClient.readContract({ ...paymaster(), functionName: "getDeposit" }));
    const cost = result.actualGasCost ?? 0n;
    expect(paid > (cost * 95n) / 100n && paid < (cost * 105n) / 100n, `paid ${paid} vs cost ${cost}`).toBe(true);
    const booked = await publicClient.readContract({
      ...paymaster(),
      functionName: "sponsoredGas",
      args: [smartAccount],
    });
    expect(booked > 0n && booked <= cost, `booked ${booked} vs cost ${cost}`).toBe(true);
  });

  it("a second operation does not deploy again; a refused signature sends nothing", async () => {
    const refused = promptingWallet(OWNER, { reject: true });
    const rejected = await investWithSmartAccount({
      deployment,
      publicClient,
      walletClient: refused.walletClient,
      vaultId: 1,
      amount: "100",
    });
    expect(rejected).toMatchObject({ success: false, message: "User rejected the transaction.", userOpHash: null });
    const { walletClient } = promptingWallet(OWNER);
    const again = await investWithSmartAccount({ deployment, publicClient, walletClient, vaultId: 1, amount: "100" });
    expect(again).toMatchObject({ success: true, deployedAccount: false, gasPayment: "sponsored" });
    expect(again.actualGasUsed).toBeLessThan(firstGas);
    const booked = await publicClient.readContract({
      ...paymaster(),
      functionName: "sponsoredGas",
      args: [smartAccount],
    });
    console.info(
      `sponsored invest: first op ${firstGas} gas, later op ${again.actualGasUsed} gas costing ${again.actualGasCost} wei; budget used so far ${booked} wei`,
    );
  });

  it("the fund's refusals come before the prompt (an amount below the vault's minimum)", async () => {
    const { walletClient, prompts } = promptingWallet(OWNER);
    const result = await investWithSmartAccount({ deployment, publicClient, walletClient, vaultId: 2, amount: "50" });
    expect(result).toMatchObject({ success: false, message: "The minimum investment is 100 mUSDC." });
    expect(prompts).toEqual([]);
  });

  it("a used-up budget: told how much ETH before any prompt, then the account pays its own gas", async () => {
    const spent = await publicClient.readContract({
      ...paymaster(),
      functionName: "sponsoredGas",
      args: [smartAccount],
    });
    const needs = new RegExp(
      `^Your smart account \\(${smartAccount}\\) needs about (\\d+\\.\\d+) ETH to pay for this itself: the fund does not sponsor it \\(its gas budget is used up\\)\\. Send ETH to it from your wallet, then try again\\.$`,
    );
    // A little budget left, less than the operation's maximum cost: not sponsored, and the account holds no ETH.
    await send({ ...paymaster(), functionName: "setSponsorBudget", args: [spent + 1_000n] });
    const little = promptingWallet(OWNER);
    const short = await investWithSmartAccount({
      deployment,
      publicClient,
      walletClient: little.walletClient,
      vaultId: 1,
      amount: "100",
    });
    expect(short).toMatchObject({ success: false, hash: null, userOpHash: null, gasPayment: null });
    expect(short.message).toMatch(needs);
    expect(little.prompts).toEqual([]);
    // None left at all: the same.
    await send({ ...paymaster(), functionName: "setSponsorBudget", args: [spent] });
    const none = promptingWallet(OWNER);
    const result = await investWithSmartAccount({
      deployment,
      publicClient,
      walletClient: none.walletClient,
      vaultId: 1,
      amount: "100",
    });
    const needed = needs.exec(result.message);
    expect(needed, result.message).not.toBeNull();
    expect(none.prompts).toEqual([]);

    // Given the ETH it asked for, it invests self-paid: the paymaster's book and deposit do not move.
    const neededWei = parseEther(needed?.[1] ?? "0");
    await publicClient.waitForTransactionReceipt({
      hash: await promptingWallet(OWNER).walletClient.sendTransaction({
        chain: undefined,
        to: smartAccount,
        value: neededWei,
      }),
    });
    const depositBefore = await publicClient.readContract({ ...paymaster(), functionName: "getDeposit" });
    const [before] = await getPositions(publicClient, { deployment, account: smartAccount });
    const paid = promptingWallet(OWNER);
    const selfPaid = await investWithSmartAccount({
      deployment,
      publicClient,
      walletClient: paid.walletClient,
      vaultId: 1,
      amount: "100",
    });
    expect(selfPaid).toMatchObject({
      success: true,
      message: "Investment transaction submitted successfully!",
      gasPayment: "selfPaid",
    });
    expect(paid.prompts).toEqual(["eth_signTypedData_v4"]);
    const [after] = await getPositions(publicClient, { deployment, account: smartAccount });
    expect(after?.principal).toBe((before?.principal ?? 0n) + mUSDC(100));
    expect(await publicClient.readContract({ ...paymaster(), functionName: "getDeposit" })).toBe(depositBefore);
    expect(
      await publicClient.readContract({ ...paymaster(), functionName: "sponsoredGas", args: [smartAccount] }),
    ).toBe(spent);
    // The account paid: what it holds (balance plus its EntryPoint deposit, where the unused prefund went back) is
    // what it was sent less the operation's cost.
    const held =
      (await publicClient.getBalance({ address: smartAccount })) +
      (await publicClient.readContract({
        address: deployment.entryPoint as Address,
        abi: entryPoint08Abi,
        functionName: "balanceOf",
        args: [smartAccount],
      }));
    expect(held).toBe(neededWei - (selfPaid.actualGasCost ?? 0n));
    expect(
      await publicClient.readContract({
        address: deployment.investmentFund,
        abi: investmentFundAbi,
        functionName: "isWhitelisted",
        args: [smartAccount],
      }),
    ).toBe(true);
  });

  it("says so when smart accounts are not set up", async () => {
    const { walletClient } = promptingWallet(OWNER);
    const { entryPoint: _e, accountFactory: _f, fundPaymaster: _p, ...plain } = deployment;
    expect(
      await investWithSmartAccount({ deployment: plain, publicClient, walletClient, vaultId: 1, amount: "1" }),
    ).toMatchObject({
      success: false,
      message: "Smart accounts are not set up on this network.",
    });
    const { bundlerUrl: _b, ...noBundler } = deployment;
    expect(
      await investWithSmartAccount({ deployment: noBundler, publicClient, walletClient, vaultId: 1, amount: "1" }),
    ).toMatchObject({ success: false, message: "No ERC-4337 bundler is configured for this network (BUNDLER_URL)." });
  });
});
