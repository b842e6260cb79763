// @ts-check
/**
 * The moves of a round, as the seed makes them: deposits, roll-over choices, withdrawals, the lockup, the wait for its
 * end, and the settlement with its NAV report (vetoed once by the guardian where the demo wants it).
 */
import { devAccountIndex } from "@fundament/test-chain";
import { formatUnits } from "viem";
import { buildSettlementReport } from "../lib/round-report.mjs";
import { FUTURES_VAULT, GUARDIAN, LOST, NFT_VAULT, SETTLE_MARGIN } from "./constants.mjs";
import { fmt, readFund, readTradingWallets, sendFund, sendToken, travel, units, vaultName } from "./context.mjs";

/** @typedef {import("./context.mjs").SeedContext} SeedContext */

/**
 * Deposits into the vault's open pool.
 * @param {SeedContext} context
 * @param {bigint} vaultId @param {ReadonlyArray<readonly [number, number]>} deposits [account, whole tokens]
 */
export async function investAll(context, vaultId, deposits) {
  const poolId = await readFund(context, "currentPoolId", [vaultId]);
  for (const [index, whole] of deposits) {
    await sendToken(context, index, {
      functionName: "approve",
      args: [context.deployment.investmentFund, units(context, whole)],
    });
    await sendFund(context, index, { functionName: "invest", args: [vaultId, units(context, whole)] });
  }
  context.log(
    `  ${vaultName(vaultId)} pool ${poolId} deposits: ${deposits.map(([i, w]) => `account ${i} ${w.toLocaleString("en-US")}`).join(", ")}`,
  );
}

/**
 * Starts the lockup of the vault's open pool: its money goes to the trading wallets.
 * @param {SeedContext} context @param {bigint} vaultId
 */
export async function lock(context, vaultId) {
  const poolId = await readFund(context, "currentPoolId", [vaultId]);
  await sendFund(context, 0, { functionName: "startLockupPeriod", args: [vaultId] });
  const info = await readFund(context, "getPoolInfo", [poolId]);
  context.log(
    `  ${vaultName(vaultId)} pool ${poolId} (round ${info.round}) locked with ${fmt(context, info.preLockupTotal)}`,
  );
}

/**
 * @param {SeedContext} context
 * @param {bigint} vaultId @param {ReadonlyArray<number>} accounts @param {boolean} enabled
 */
export async function rollOver(context, vaultId, accounts, enabled) {
  for (const index of accounts) {
    await sendFund(context, index, { functionName: "setRollOver", args: [vaultId, enabled] });
  }
  context.log(`  ${vaultName(vaultId)}: roll-over ${enabled ? "on" : "off"} for account ${accounts.join(", ")}`);
}

/** @param {SeedContext} context @param {bigint} vaultId @param {ReadonlyArray<number>} accounts */
export async function withdrawAll(context, vaultId, accounts) {
  for (const index of accounts) await sendFund(context, index, { functionName: "withdraw", args: [vaultId] });
  context.log(`  ${vaultName(vaultId)}: account ${accounts.join(", ")} withdrew`);
}

/**
 * Waits until both vaults' locked pools may be settled.
 * @param {SeedContext} context
 */
export async function waitForLockupEnd(context) {
  const latest = await context.publicClient.getBlock();
  let end = 0n;
  for (const vaultId of [FUTURES_VAULT, NFT_VAULT]) {
    const [, , isLocked, lockupEndTime] = await readFund(context, "getCurrentPoolData", [vaultId]);
    if (isLocked && lockupEndTime > end) end = lockupEndTime;
  }
  const seconds = Number(end - latest.timestamp) + SETTLE_MARGIN;
  await travel(context, seconds);
  context.log(`  ${(seconds / 86_400).toFixed(1)} days passed`);
}

/**
 * Settles the vault's locked round: its trading wallets return what they received plus `profitBps`, the admin
 * collects it and proposes the settlement with the round's NAV report (kept in `context.reports`, published to the API
 * once it runs). In a vault with a challenge window the proposal waits it, then account 3 finalises it. With `vetoed`,
 * the desk first proposes without the last `vetoed` token units (not collected yet), the guardian vetoes that, and the
 * desk collects them and proposes again.
 * @param {SeedContext} context
 * @param {bigint} vaultId @param {bigint} profitBps
 * @param {{ amount: string, note: string }[]} [manualItems] parts of the return the report declares, not observed
 * @param {bigint} [vetoed]
 */
export async function settleWithReport(context, vaultId, profitBps, manualItems = [], vetoed = 0n) {
  const poolId = await readFund(context, "currentPoolId", [vaultId]);
  let collected = await collectReturns(context, vaultId, poolId, profitBps, vetoed);
  if (vetoed > 0n) collected += await vetoAndCollectTheRest(context, vaultId, poolId, collected, vetoed);
  context.reports.push(await proposeSettlement(context, vaultId, poolId, collected, manualItems));
  const { challengeWindow } = await readFund(context, "getVault", [vaultId]);
  if (challengeWindow > 0n) {
    await travel(context, Number(challengeWindow));
    await sendFund(context, 3, { functionName: "finalizeSettlement", args: [vaultId] });
  }
  const settled = await readFund(context, "getPoolInfo", [poolId]);
  context.log(
    `  ${vaultName(vaultId)} pool ${poolId} (round ${settled.round}) settled: ${fmt(context, collected)} returned, investors' share ${fmt(context, settled.postLockupTotal)}, ${fmt(context, settled.rolledOver)} rolled into pool ${await readFund(context, "currentPoolId", [vaultId])}`,
  );
}

/**
 * The vault's trading wallets return what they received plus `profitBps` and approve the fund; the admin collects
 * it (all but `withheld` token units of the last wallet, which it keeps for now) and returns what was collected.
 * @param {SeedContext} context
 * @param {bigint} vaultId @param {bigint} poolId @param {bigint} profitBps @param {bigint} withheld
 */
async function collectReturns(context, vaultId, poolId, profitBps, withheld) {
  const fund = context.deployment.investmentFund;
  const info = await readFund(context, "getPoolInfo", [poolId]);
  const total = info.preLockupTotal;
  const wallets = await readTradingWallets(context, poolId);
  let sent = 0n;
  let collected = 0n;
  for (const [i, { address: wallet, allocation }] of wallets.entries()) {
    // What startLockupPeriod sent this wallet (the last one receives the rounding dust).
    const last = i + 1 === wallets.length;
    const share = last ? total - sent : (total * allocation) / 10_000n;
    sent += share;
    const index = devAccountIndex(wallet);
    const amount = share + (share * profitBps) / 10_000n;
    // A profit is minted to the wallet; a loss leaves it for good (sent to a burn address: lost on the exchange).
    if (amount > share) await sendToken(context, index, { functionName: "mint", args: [wallet, amount - share] });
    if (amount < share) await sendToken(context, index, { functionName: "transfer", args: [LOST, share - amount] });
    await sendToken(context, index, { functionName: "approve", args: [fund, amount] });
    const now = last ? amount - withheld : amount;
    await sendFund(context, 0, { functionName: "collectFundsFromTradingWallet", args: [vaultId, wallet, now] });
    collected += now;
  }
  return collected;
}

/**
 * The desk proposes the settlement at what it has `collected` so far; the guardian vetoes it, and the desk collects the
 * `withheld` rest from the last trading wallet. Returns what it collected now (`withheld`).
 * @param {SeedContext} context
 * @param {bigint} vaultId @param {bigint} poolId @param {bigint} collected @param {bigint} withheld
 */
async function vetoAndCollectTheRest(context, vaultId, poolId, collected, withheld) {
  await proposeSettlement(context, vaultId, poolId, collected, []);
  await sendFund(context, GUARDIAN, { functionName: "vetoSettlement", args: [vaultId] });
  context.log(
    `  ${vaultName(vaultId)} pool ${poolId}: a proposal at ${fmt(context, collected)} vetoed by the guardian`,
  );
  const [wallet] = (await readTradingWallets(context, poolId)).slice(-1);
  if (!wallet) throw new Error(`pool ${poolId} has no trading wallet`);
  await sendFund(context, 0, {
    functionName: "collectFundsFromTradingWallet",
    args: [vaultId, wallet.address, withheld],
  });
  return withheld;
}

/**
 * Proposes the round's settlement at what was collected, with its NAV report built from the chain first; final at
 * once in a vault without a challenge window. Returns the report.
 * @param {SeedContext} context
 * @param {bigint} vaultId @param {bigint} poolId @param {bigint} collected
 * @param {{ amount: string, note: string }[]} manualItems
 */
async function proposeSettlement(context, vaultId, poolId, collected, manualItems) {
  const { publicClient, deployment, decimals } = context;
  const report = await buildSettlementReport(publicClient, deployment, vaultId, poolId, manualItems);
  if (report.total !== formatUnits(collected, decimals)) {
    throw new Error(
      `round ${poolId}'s report claims ${report.total}, but ${formatUnits(collected, decimals)} came back`,
    );
  }
  const { preLockupTotal } = await readFund(context, "getPoolInfo", [poolId]);
  const functionName = collected < preLockupTotal ? "endLockupPeriodAtLoss" : "endLockupPeriod";
  await sendFund(context, 0, { functionName, args: [vaultId, collected, report.hash] });
  return report;
}
