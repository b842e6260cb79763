// The limits the error texts name (src/fundLimits.ts) against the deployed contract: the public BASIS_POINTS read, and
// for the internal constants a simulated call on each side of every bound, which must revert with the limit's own
// error beyond it and not at it. A limit changed in InvestmentFund.sol fails here instead of leaving a wrong text.
import { type Address, BaseError } from "viem";
import { simulateContract } from "viem/actions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundGovernorAbi, investmentFundAbi } from "../src/abi/index.js";
import { governorAddress } from "../src/deployment/deployment.js";
import { type FundErrorName, revertOf } from "../src/errors.js";
import { fundLimits } from "../src/fundLimits.js";
import { accounts, deployment, snapshot } from "./chain.js";
import { as, publicClient } from "./fund.js";

const fund = { address: deployment.investmentFund, abi: investmentFundAbi } as const;
const governor = { address: governorAddress(deployment), abi: fundGovernorAbi } as const;
const admin = accounts[0];
const {
  BASIS_POINTS,
  MAX_NAME_LENGTH,
  MAX_WALLET_TYPE_LENGTH,
  MAX_TRADING_WALLETS,
  MAX_DESCRIPTION_LENGTH,
  MIN_VOTING_PERIOD,
  MAX_VOTING_PERIOD,
  MIN_LOCKUP_PERIOD,
  MAX_LOCKUP_PERIOD,
  MAX_CHALLENGE_WINDOW,
  MAX_MANAGEMENT_FEE_BPS,
  MAX_PERFORMANCE_FEE_BPS,
} = fundLimits;

/** The fund's custom error a simulated call reverts with; null when it would go through. */
async function revertName(simulation: Promise<unknown>): Promise<FundErrorName | null> {
  try {
    await simulation;
    return null;
  } catch (error) {
    if (!(error instanceof BaseError)) throw error;
    const revert = revertOf(error);
    if (!revert) throw error;
    return revert.errorName;
  }
}

const bytes = (length: number) => "x".repeat(length);
let restore: () => Promise<void>;
let vaultId: bigint;

beforeAll(async () => {
  restore = await snapshot();
  // A vault of its own, with no trading wallets, so the bounds of addTradingWallet are probed alone.
  const { context } = as(0);
  const { request, result } = await simulateContract(publicClient, {
    ...fund,
    functionName: "createVault",
    args: ["Limits", 1n, BigInt(MIN_LOCKUP_PERIOD)],
    account: admin,
  });
  await publicClient.waitForTransactionReceipt({
    hash: await context.walletClient.writeContract({ ...request, chain: context.walletClient.chain }),
  });
  vaultId = result;
});
afterAll(async () => {
  await restore();
});

describe("the fund's limits are the contract's", () => {
  it("BASIS_POINTS is the public constant", async () => {
    expect(await publicClient.readContract({ ...fund, functionName: "BASIS_POINTS" })).toBe(BASIS_POINTS);
  });

  it("MAX_NAME_LENGTH bounds a vault's name (InvalidVaultName)", async () => {
    const create = (name: string) =>
      revertName(
        simulateContract(publicClient, {
          ...fund,
          functionName: "createVault",
          args: [name, 1n, 3_600n],
          account: admin,
        }),
      );
    expect(await create(bytes(MAX_NAME_LENGTH))).toBeNull();
    expect(await create(bytes(MAX_NAME_LENGTH + 1))).toBe("InvalidVaultName");
  });

  it("MAX_WALLET_TYPE_LENGTH and BASIS_POINTS bound a trading wallet (InvalidWalletType, InvalidAllocation)", async () => {
    const add = (walletType: string, allocation: bigint) =>
      revertName(
        simulateContract(publicClient, {
          ...fund,
          functionName: "addTradingWallet",
          args: [vaultId, accounts[9], walletType, allocation],
          account: admin,
        }),
      );
    expect(await add(bytes(MAX_WALLET_TYPE_LENGTH), BASIS_POINTS)).toBeNull();
    expect(await add(bytes(MAX_WALLET_TYPE_LENGTH + 1), 1n)).toBe("InvalidWalletType");
    expect(await add("Futures", BASIS_POINTS + 1n)).toBe("InvalidAllocation");
  });

  it("MAX_TRADING_WALLETS bounds a vault's trading wallets (TooManyTradingWallets)", async () => {
    const { context } = as(0);
    for (let i = 0; i < MAX_TRADING_WALLETS; i++) {
      const wallet: Address = `0x${(0xa11ce0n + BigInt(i)).toString(16).padStart(40, "0")}`;
      const { request } = await simulateContract(publicClient, {
        ...fund,
        functionName: "addTradingWallet",
        args: [vaultId, wallet, "Futures", 1n],
        account: admin,
      });
      await publicClient.waitForTransactionReceipt({
        hash: await context.walletClient.writeContract({ ...request, chain: context.walletClient.chain }),
      });
    }
    expect(
      await revertName(
        simulateContract(publicClient, {
          ...fund,
          functionName: "addTradingWallet",
          args: [vaultId, accounts[9], "Futures", 1n],
          account: admin,
        }),
      ),
    ).toBe("TooManyTradingWallets");
  });

  it("MAX_DESCRIPTION_LENGTH and the voting period bounds bound a proposal (DescriptionTooLong, InvalidVotingPeriod)", async () => {
    // The admin holds no shares: a proposal within every bound is refused for that (NoVotingPower), after them.
    const propose = (description: string, seconds: number) =>
      revertName(
        simulateContract(publicClient, {
          ...governor,
          functionName: "createProposal",
          args: [description, BigInt(seconds)],
          account: admin,
        }),
      );
    expect(await propose(bytes(MAX_DESCRIPTION_LENGTH), MIN_VOTING_PERIOD)).not.toMatch(/DescriptionTooLong|Invalid/);
    expect(await propose(bytes(MAX_DESCRIPTION_LENGTH + 1), MIN_VOTING_PERIOD)).toBe("DescriptionTooLong");
    expect(await propose("Raise the minimum", MAX_VOTING_PERIOD)).not.toMatch(/Invalid/);
    expect(await propose("Raise the minimum", MIN_VOTING_PERIOD - 1)).toBe("InvalidVotingPeriod");
    expect(await propose("Raise the minimum", MAX_VOTING_PERIOD + 1)).toBe("InvalidVotingPeriod");
  });

  it("MIN_LOCKUP_PERIOD and MAX_LOCKUP_PERIOD bound a lockup (InvalidLockupPeriodDuration)", async () => {
    const set = (seconds: number) =>
      revertName(
        simulateContract(publicClient, {
          ...fund,
          functionName: "setLockupPeriodDuration",
          args: [vaultId, BigInt(seconds)],
          account: admin,
        }),
      );
    expect(await set(MIN_LOCKUP_PERIOD)).toBeNull();
    expect(await set(MAX_LOCKUP_PERIOD)).toBeNull();
    expect(await set(MIN_LOCKUP_PERIOD - 1)).toBe("InvalidLockupPeriodDuration");
    expect(await set(MAX_LOCKUP_PERIOD + 1)).toBe("InvalidLockupPeriodDuration");
  });

  it("MAX_CHALLENGE_WINDOW bounds a challenge window, and 0 is allowed on the local chain (InvalidChallengeWindow)", async () => {
    const set = (seconds: number) =>
      revertName(
        simulateContract(publicClient, {
          ...fund,
          functionName: "setChallengeWindow",
          args: [vaultId, BigInt(seconds)],
          account: admin,
        }),
      );
    expect(await set(0)).toBeNull();
    expect(await set(MAX_CHALLENGE_WINDOW)).toBeNull();
    expect(await set(MAX_CHALLENGE_WINDOW + 1)).toBe("InvalidChallengeWindow");
  });

  it("MAX_MANAGEMENT_FEE_BPS and MAX_PERFORMANCE_FEE_BPS cap a vault's fees (FeeAboveCap)", async () => {
    const set = (management: number, performance: number) =>
      revertName(
        simulateContract(publicClient, {
          ...fund,
          functionName: "setFees",
          args: [vaultId, BigInt(management), BigInt(performance)],
          account: admin,
        }),
      );
    expect(await set(MAX_MANAGEMENT_FEE_BPS, MAX_PERFORMANCE_FEE_BPS)).toBeNull();
    expect(await set(MAX_MANAGEMENT_FEE_BPS + 1, 0)).toBe("FeeAboveCap");
    expect(await set(0, MAX_PERFORMANCE_FEE_BPS + 1)).toBe("FeeAboveCap");
  });
});
