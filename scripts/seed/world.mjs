// @ts-check
/**
 * The parts of the demo world, in the order the seed builds them (see `scripts/seed.mjs` for what it leaves): the
 * investors' money, the trading wallets, the vaults' rounds, the futures vault's fees and caps, and the hand-over to
 * the timelock with one change left waiting there. Governance is in `governance.mjs`.
 */
import { devAccount } from "@fundament/test-chain";
import { encodeFunctionData, zeroHash } from "viem";
import {
  DEMO_CHANGE_SALT,
  FAUCET_AMOUNT,
  FUTURES_INVESTOR_CAP,
  FUTURES_MANAGEMENT_FEE_BPS,
  FUTURES_ROUND_CAP,
  FUTURES_VAULT,
  INVESTORS,
  LATE_INTEREST,
  NFT_CHALLENGE_WINDOW,
  NFT_LOAN_NOTE,
  NFT_VAULT,
  PENDING_LOCKUP_DAYS,
  RETURNS_BPS,
  TRADING_WALLETS,
} from "./constants.mjs";
import {
  fmt,
  readFund,
  readTimelockDelay,
  readToken,
  sendFund,
  sendTimelock,
  sendToken,
  units,
  vaultName,
} from "./context.mjs";
import { investAll, lock, rollOver, settleWithReport, waitForLockupEnd, withdrawAll } from "./rounds.mjs";

/** @typedef {import("./context.mjs").SeedContext} SeedContext */

/**
 * Faucet and whitelist (fund-wide: whitelisted once, they may invest in any vault).
 * @param {SeedContext} context
 */
export async function fundInvestors(context) {
  for (const index of INVESTORS) {
    const investor = devAccount(index).address;
    await sendToken(context, index, { functionName: "mint", args: [investor, units(context, FAUCET_AMOUNT)] });
    await sendFund(context, 0, { functionName: "whitelistInvestor", args: [investor] });
  }
  context.log(
    `  minted ${FAUCET_AMOUNT.toLocaleString("en-US")} ${context.symbol} to accounts 1-5 and whitelisted them`,
  );
}

/**
 * Each vault's own trading wallet; the NFT vault's settlements wait a day (the deployer is still the top role).
 * @param {SeedContext} context
 */
export async function addTradingWallets(context) {
  await sendFund(context, 0, { functionName: "setChallengeWindow", args: [NFT_VAULT, NFT_CHALLENGE_WINDOW] });
  context.log(`  NFT lending settlements wait ${Number(NFT_CHALLENGE_WINDOW) / 3_600} hours, open to a veto`);
  for (const [vaultId, index, walletType, allocation] of TRADING_WALLETS) {
    await sendFund(context, 0, {
      functionName: "addTradingWallet",
      args: [vaultId, devAccount(index).address, walletType, allocation],
    });
    context.log(`  ${vaultName(vaultId)} trading wallet: account ${index} ${walletType} ${Number(allocation) / 100}%`);
  }
}

/**
 * Round 1 of both vaults, run side by side and settled. Accounts 1 and 3 roll over in futures, account 5 in NFT
 * lending. The NFT desk's interest came from a loan repaid outside what the API can see: its report declares it. It was
 * first proposed before that interest was collected: the guardian vetoed it, and the desk proposed again.
 * @param {SeedContext} context
 */
export async function runFirstRounds(context) {
  await rollOver(context, FUTURES_VAULT, [1, 3], true);
  await rollOver(context, NFT_VAULT, [5], true);
  await investAll(context, FUTURES_VAULT, [
    [1, 5_000],
    [2, 12_000],
    [3, 8_000],
    [4, 20_000],
  ]);
  await investAll(context, NFT_VAULT, [
    [2, 6_000],
    [4, 10_000],
    [5, 9_000],
  ]);
  await lock(context, FUTURES_VAULT);
  await lock(context, NFT_VAULT);
  await waitForLockupEnd(context);
  await settleWithReport(context, FUTURES_VAULT, RETURNS_BPS.futures[0]);
  await settleWithReport(
    context,
    NFT_VAULT,
    RETURNS_BPS.nft[0],
    [{ amount: String(LATE_INTEREST), note: NFT_LOAN_NOTE }],
    units(context, LATE_INTEREST),
  );
}

/**
 * The fund wallet claims the fees accrued so far; returns what it received.
 * @param {SeedContext} context
 */
export async function claimFundFees(context) {
  const fundWallet = await readFund(context, "fundWallet", []);
  const feesBefore = await readToken(context, "balanceOf", [fundWallet]);
  await sendFund(context, 0, { functionName: "claimFundFees", args: [] });
  const fundFeesClaimed = (await readToken(context, "balanceOf", [fundWallet])) - feesBefore;
  context.log(`  fund fees claimed: ${fmt(context, fundFeesClaimed)} to the fund wallet`);
  return fundFeesClaimed;
}

/**
 * Futures round 2: account 2 takes its payout and re-invests, account 4 leaves its payout in pool 1, account 5 joins
 * with roll-over on; account 3 turns roll-over off while the round is locked and leaves at its settlement (a loss).
 * NFT round 2 takes deposits while futures round 2 runs.
 * @param {SeedContext} context
 */
export async function runSecondRounds(context) {
  await withdrawAll(context, FUTURES_VAULT, [2]);
  await withdrawAll(context, NFT_VAULT, [2, 4]);
  await rollOver(context, FUTURES_VAULT, [5], true);
  await investAll(context, FUTURES_VAULT, [
    [2, 10_000],
    [5, 4_000],
  ]);
  await investAll(context, NFT_VAULT, [
    [1, 8_000],
    [3, 5_000],
  ]);
  await lock(context, FUTURES_VAULT);
  // Account 3 changes its mind while the round is locked: it leaves at this round's settlement.
  await rollOver(context, FUTURES_VAULT, [3], false);
  await waitForLockupEnd(context);
  await settleWithReport(context, FUTURES_VAULT, RETURNS_BPS.futures[1]);
  await withdrawAll(context, FUTURES_VAULT, [2, 3]);
}

/**
 * Futures round 3 takes deposits. Round 2 lost 4 %: round 3 starts below the high-water mark round 1 set, so its gains
 * up to the mark pay no performance fee. From round 3 the vault also charges a management fee of 1 % a year, and caps
 * a round at 100,000 and each investor at 25,000 (the deployer still holds the top role here).
 * @param {SeedContext} context
 */
export async function openFuturesRoundThree(context) {
  await sendFund(context, 0, { functionName: "setFees", args: [FUTURES_VAULT, FUTURES_MANAGEMENT_FEE_BPS, 2_000n] });
  await sendFund(context, 0, {
    functionName: "setCaps",
    args: [FUTURES_VAULT, units(context, FUTURES_ROUND_CAP), units(context, FUTURES_INVESTOR_CAP)],
  });
  context.log(
    `  futures vault: management fee ${Number(FUTURES_MANAGEMENT_FEE_BPS) / 100}% a year, round cap ${FUTURES_ROUND_CAP.toLocaleString("en-US")}, ${FUTURES_INVESTOR_CAP.toLocaleString("en-US")} per investor`,
  );
  await investAll(context, FUTURES_VAULT, [[2, 7_000]]);
}

/**
 * NFT round 2 goes to its trading wallet: its lockup ends one lockup period from the chain's now.
 * @param {SeedContext} context
 */
export async function lockNftRoundTwo(context) {
  await lock(context, NFT_VAULT);
}

/**
 * The hand-over: the deployer gives up the default admin role, so the FundTimelock is the only holder and every change
 * that touches invested money waits its delay. Then one such change waits there for investors to see: the futures
 * vault's lockup becomes 45 days (its open round's investors can refund before it applies).
 * @param {SeedContext} context
 */
export async function handOverWithPendingChange(context) {
  const { deployment, abis } = context;
  if (!deployment.handedOver) {
    await sendFund(context, 0, { functionName: "renounceRole", args: [zeroHash, devAccount(0).address] });
  }
  const delay = await readTimelockDelay(context);
  const change = encodeFunctionData({
    abi: abis.fund,
    functionName: "setLockupPeriodDuration",
    args: [FUTURES_VAULT, PENDING_LOCKUP_DAYS * 86_400n],
  });
  await sendTimelock(context, 0, {
    functionName: "schedule",
    args: [deployment.investmentFund, 0n, change, zeroHash, DEMO_CHANGE_SALT, delay],
  });
  context.log(`  handed over to the timelock; pending: futures lockup -> ${PENDING_LOCKUP_DAYS} days after ${delay}s`);
}
