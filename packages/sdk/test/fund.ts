/** Helpers the integration tests share: wallets as write contexts, traders returning funds, time travel. */
import { type Address, erc20Abi, formatUnits, keccak256, parseUnits, toHex } from "viem";
import { expect } from "vitest";
import { investmentFundAbi, mockUsdcAbi } from "../src/abi/index.js";
import { createFundPublicClient } from "../src/chains/createFundPublicClient.js";
import { buildRoundReport } from "../src/report/buildRoundReport.js";
import { hashRoundReport } from "../src/report/hashRoundReport.js";
import { collectFundsFromTradingWallet } from "../src/writes/collectFundsFromTradingWallet.js";
import { endLockupPeriod } from "../src/writes/endLockupPeriod.js";
import { invest } from "../src/writes/invest.js";
import { startLockupPeriod } from "../src/writes/startLockupPeriod.js";
import { accounts, chain, deployment, rpcUrl, testClient, type WalletBehaviour, wallet } from "./chain.js";

export const publicClient = createFundPublicClient({ chainId: chain.id, rpcUrl });
export const token = { address: deployment.investmentToken as Address, abi: erc20Abi } as const;

/** Whole tokens of the 6-decimal test token in token units. */
export const mUSDC = (whole: number) => parseUnits(String(whole), 6);
/** A report hash for settlements whose report a test does not look at. */
export const TEST_REPORT = keccak256(toHex("a test round's NAV report"));
/** The vault's current pool id. */
export const currentPoolId = (vaultId: number) =>
  publicClient.readContract({
    address: deployment.investmentFund,
    abi: investmentFundAbi,
    functionName: "currentPoolId",
    args: [BigInt(vaultId)],
  });

/** A write context for dev account `index`, and the wallet prompts it recorded. */
export const as = (index: number, behaviour?: WalletBehaviour) => {
  const { walletClient, prompts } = wallet(index, behaviour);
  return { context: { deployment, publicClient, walletClient }, prompts };
};

export async function travel(seconds: number) {
  await testClient.increaseTime({ seconds });
  await testClient.mine({ blocks: 1 });
}

/** Invests through the SDK and expects success. */
export async function investAs(index: number, vaultId: number, amount: number | string) {
  const result = await invest({ ...as(index).context, vaultId, amount: String(amount) });
  expect(result, `invest ${amount} by ${index} in vault ${vaultId}`).toMatchObject({ success: true });
}

/** Token balance of an address, in token units. */
export const balanceOf = (address: Address) =>
  publicClient.readContract({ ...token, functionName: "balanceOf", args: [address] });

/** A trading wallet makes its balance `amount` (minting or burning the difference) and approves the fund for it. */
export async function traderReturns(index: number, amount: bigint) {
  const trader = wallet(index).walletClient;
  const address = accounts[index] as Address;
  const held = await balanceOf(address);
  if (held < amount) {
    await publicClient.waitForTransactionReceipt({
      hash: await trader.writeContract({
        address: token.address,
        abi: mockUsdcAbi,
        functionName: "mint",
        args: [address, amount - held],
      }),
    });
  } else if (held > amount) {
    await publicClient.waitForTransactionReceipt({
      hash: await trader.writeContract({
        ...token,
        functionName: "transfer",
        args: ["0x000000000000000000000000000000000000dEaD", held - amount],
      }),
    });
  }
  await publicClient.waitForTransactionReceipt({
    hash: await trader.writeContract({ ...token, functionName: "approve", args: [deployment.investmentFund, amount] }),
  });
}

/**
 * Runs a vault's round to settlement through the SDK writes: lock, wait out the lockup, each trading wallet returns
 * `returnBps` of what it received (10,000 = break-even), the admin collects from each and settles. Returns what came
 * back.
 */
export async function runRound(
  vaultId: number,
  traders: readonly number[],
  returnBps: bigint,
  { confirmLoss = false, whileLocked }: { confirmLoss?: boolean; whileLocked?: () => Promise<void> } = {},
): Promise<bigint> {
  const admin = as(0).context;
  const before = await Promise.all(traders.map((index) => balanceOf(accounts[index] as Address)));
  expect(await startLockupPeriod({ ...admin, vaultId })).toMatchObject({ success: true });
  await whileLocked?.();
  await travel(30 * 24 * 3600 + 1);
  let collected = 0n;
  for (const [i, index] of traders.entries()) {
    const received = (await balanceOf(accounts[index] as Address)) - (before[i] ?? 0n);
    const amount = (received * returnBps) / 10_000n;
    await traderReturns(index, (before[i] ?? 0n) + amount);
    // collect only what this round returns (the trader may hold tokens from before)
    expect(
      await collectFundsFromTradingWallet({ ...admin, vaultId, wallet: accounts[index] as Address, amount }),
    ).toMatchObject({ success: true });
    collected += amount;
  }
  const report = await buildRoundReport(publicClient, {
    deployment,
    poolId: await currentPoolId(vaultId),
    exchange: null,
  });
  expect(report.total).toBe(formatUnits(collected, 6));
  const reportHash = hashRoundReport(report);
  expect(await endLockupPeriod({ ...admin, vaultId, totalReturned: collected, reportHash, confirmLoss })).toMatchObject(
    {
      success: true,
    },
  );
  return collected;
}
