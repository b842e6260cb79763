// @ts-check
/**
 * Seeds demo state on the local chain (31337) through the fund's real calls: both vaults with history,
 * positions that roll over and positions that were withdrawn, and proposals in every state.
 *
 *   node scripts/seed.mjs     # RPC_URL (default http://127.0.0.1:8545) and contracts/deployments/31337.json
 *
 * What it leaves (with the default 30-day lockup; pool ids are global, in the order the rounds open):
 * - Crypto futures trading vault (vault 1, trading wallet account 7): round 1 = pool 1 settled at +6%,
 *   round 2 = pool 3 settled at -4% (a loss), round 3 = pool 5 open, below the high-water mark round 1 set, with a
 *   management fee of 1 % a year and caps (100,000 a round, 25,000 per investor) from round 3. Accounts 1 and 3 roll over from round 1; account
 *   1 rolls on into round 3, account 3 turned roll-over off during round 2 and withdrew; account 5 joins in
 *   round 2 and rolls into round 3; account 2 withdraws after each round and re-invests; account 4 leaves its
 *   round-1 payout unwithdrawn.
 * - NFT lending vault (vault 2, trading wallet account 8): round 1 = pool 2 settled at +3%, round 2 = pool 4
 *   locked, its lockup ending one lockup period after the chain's "now". Account 5 rolls from round 1 into
 *   round 2; accounts 2 and 4 withdrew; accounts 1 and 3 joined in round 2.
 * - Every settled round carries the hash of its NAV report, built from the chain (`summary.reports`, published to
 *   the API by `npm start`); the NFT vault's round 1 report declares 150 mUSDC of loan interest as a manual item.
 * - The NFT lending vault's settlements wait a one-day challenge window (`NFT_CHALLENGE_WINDOW`; the futures vault
 *   keeps the local chain's 0, final at once). Its round 1 was first proposed without the loan interest, which had not
 *   been collected yet: the guardian (account 6) vetoed it, the desk collected the rest and proposed again, and
 *   account 3 finalised it after the window.
 * - The fund wallet (account 9) claimed the fees of the first round of each vault; the futures vault's round 2 lost
 *   money and charged none, so nothing is accrued.
 * - Five proposals: one passed and executed, one rejected, two open for seven days, and one whose on-chain action
 *   (queued in the timelock, executed after its delay) raised the quorum to 20 %.
 *
 * Every transaction is sent from one of anvil's unlocked dev accounts (eth_sendTransaction), and time moves
 * with `evm_increaseTime` + `evm_mine`: the seed moves the chain clock `seedClockAdvance(lockup)` seconds
 * (about two lockup periods). Start anvil with its genesis that far in the past (`seedGenesisTimestamp`, as
 * `npm start` does) and the chain clock ends at the wall clock; otherwise it ends that far ahead.
 *
 * Cast: account 0 is the admin (deployer), accounts 1-5 are investors, account 7 is the futures vault's
 * trading wallet, account 8 the NFT lending vault's, account 9 is the fund wallet.
 *
 * `seed` composes one named step per part of the demo world, each taking the context `createSeedContext` builds once:
 * `seed/world.mjs` (investors, trading wallets, rounds, fees, the hand-over), `seed/governance.mjs` (proposals),
 * `seed/rounds.mjs` (a round's moves: deposits, lockup, settlement with its report), `seed/summary.mjs` (the summary),
 * with the shared helpers (typed reads, send-and-wait, time travel) in `seed/context.mjs` and the demo's numbers in
 * `seed/constants.mjs`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LOCAL_CHAIN_ID } from "@fundament/test-chain";
import { DEFAULT_LOCKUP_PERIOD_DURATION, DEFAULT_RPC_URL, LOCAL_TIMELOCK_DELAY } from "./deploy.mjs";
import { loadDotEnv } from "./lib/chain.mjs";
import { isMain, runCli } from "./lib/cli.mjs";
import { DEPLOYMENTS_DIR } from "./lib/paths.mjs";
import { GOVERNANCE_WAIT, NFT_CHALLENGE_WINDOW, PENDING_LOCKUP_DAYS, SETTLE_MARGIN } from "./seed/constants.mjs";
import { createSeedContext, formatAmount } from "./seed/context.mjs";
import { proposeGovernance } from "./seed/governance.mjs";
import { summarize } from "./seed/summary.mjs";
import {
  addTradingWallets,
  claimFundFees,
  fundInvestors,
  handOverWithPendingChange,
  lockNftRoundTwo,
  openFuturesRoundThree,
  runFirstRounds,
  runSecondRounds,
} from "./seed/world.mjs";

export {
  FUTURES_VAULT,
  NFT_CHALLENGE_WINDOW,
  NFT_LOAN_NOTE,
  NFT_VAULT,
  PENDING_LOCKUP_DAYS,
  POOL_STATES,
  SEEDED_QUORUM,
} from "./seed/constants.mjs";
export { formatAmount } from "./seed/context.mjs";

/** @typedef {import("viem").Address} Address */
/** @typedef {import("./deploy.mjs").Deployment} Deployment */

/**
 * Seconds the seed moves the chain clock with `evm_increaseTime` (two futures rounds, the NFT vault's challenge window,
 * the wait for the short proposals, and the proposal with an action: its voting, then the timelock's delay), for a lockup of
 * `lockupPeriodDuration` seconds in both vaults and a timelock delay of `timelockDelay` seconds.
 * @param {bigint | number} [lockupPeriodDuration] default 30 days
 * @param {bigint | number} [timelockDelay] default the local chain's 5 minutes
 */
export function seedClockAdvance(
  lockupPeriodDuration = DEFAULT_LOCKUP_PERIOD_DURATION,
  timelockDelay = LOCAL_TIMELOCK_DELAY,
) {
  return (
    2 * (Number(lockupPeriodDuration) + SETTLE_MARGIN) +
    2 * GOVERNANCE_WAIT +
    Number(timelockDelay) +
    Number(NFT_CHALLENGE_WINDOW)
  );
}

/**
 * The genesis timestamp to start anvil with so that the chain clock is at the wall clock once the seed has
 * run: `seedClockAdvance(lockup, timelockDelay)` seconds before `now`.
 * @param {bigint | number} [lockupPeriodDuration] default 30 days
 * @param {number} [now] Unix seconds; default the wall clock
 * @param {bigint | number} [timelockDelay] default the local chain's 5 minutes
 */
export function seedGenesisTimestamp(lockupPeriodDuration, now = Math.floor(Date.now() / 1000), timelockDelay) {
  return now - seedClockAdvance(lockupPeriodDuration, timelockDelay);
}

/**
 * @typedef {object} ProposalSummary
 * @property {number} id
 * @property {string} description
 * @property {bigint} votesFor
 * @property {bigint} votesAgainst
 * @property {number} endTime
 * @property {boolean} executed
 * @property {boolean} active
 * @property {"active" | "passed" | "rejected"} status the spec's displayed status
 */

/**
 * @typedef {object} RoundSummary
 * @property {bigint} poolId
 * @property {number} round
 * @property {"none" | "open" | "locked" | "settled"} state
 * @property {bigint} totalFunds
 * @property {bigint} preLockupTotal
 * @property {bigint} collected
 * @property {bigint} postLockupTotal
 * @property {bigint} profitGenerated
 * @property {bigint} fundFee
 * @property {bigint} rolledOver
 * @property {number} lockupEndTime
 */

/**
 * @typedef {object} VaultSummary
 * @property {bigint} vaultId
 * @property {string} name
 * @property {bigint} currentPoolId
 * @property {number} round
 * @property {RoundSummary[]} rounds oldest first
 * @property {ReadonlyArray<{ address: Address, allocation: bigint, walletType: string }>} tradingWallets of the current pool
 */

/**
 * @typedef {object} PositionSummary
 * @property {bigint} vaultId
 * @property {bigint} poolId
 * @property {bigint} shares
 * @property {bigint} principal
 * @property {boolean} rollOver
 * @property {bigint} value
 * @property {bigint} withdrawable
 * @property {"none" | "open" | "locked" | "settled"} poolState
 */

/**
 * @typedef {object} InvestorSummary
 * @property {number} account
 * @property {Address} address
 * @property {bigint} investedAmount principal across the vaults
 * @property {bigint} totalWithdrawn
 * @property {bigint} votingPower
 * @property {PositionSummary[]} positions one per vault with shares
 */

/**
 * @typedef {object} SeedSummary
 * @property {number} decimals
 * @property {string} symbol
 * @property {VaultSummary[]} vaults
 * @property {InvestorSummary[]} investors
 * @property {bigint} fundFeesClaimed what the fund wallet received from `claimFundFees`
 * @property {bigint} fundFeesAccrued still to claim
 * @property {number} chainTime the chain clock after seeding (Unix seconds)
 * @property {ProposalSummary[]} proposals
 * @property {import("./lib/round-report.mjs").SettlementReport[]} reports the settled rounds' NAV reports (their
 *   hashes are on chain), to publish to the API (`publishReports`)
 */

/**
 * Reads `contracts/deployments/<chainId>.json`.
 * @param {number} chainId
 * @param {string} [dir]
 * @returns {Deployment}
 */
export function readDeployment(chainId, dir = DEPLOYMENTS_DIR) {
  const file = join(dir, `${chainId}.json`);
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`cannot read ${file}: deploy first (node scripts/deploy.mjs)`, { cause: error });
  }
}

/**
 * Seeds the demo state: one step per part of the demo world, in the order the chain must see them (the seeded world's
 * addresses, balances and event blocks are what the tests and the saved snapshot expect).
 * @param {{ rpcUrl?: string, deployment: Deployment, log?: (line: string) => void }} parameters
 * @returns {Promise<SeedSummary>}
 */
export async function seed({ rpcUrl = DEFAULT_RPC_URL, deployment, log = () => {} }) {
  const context = await createSeedContext({ rpcUrl, deployment, log });
  await fundInvestors(context);
  await addTradingWallets(context);
  await runFirstRounds(context);
  const fundFeesClaimed = await claimFundFees(context);
  await runSecondRounds(context);
  await openFuturesRoundThree(context);
  await proposeGovernance(context);
  await lockNftRoundTwo(context);
  await handOverWithPendingChange(context);
  return summarize(context, fundFeesClaimed);
}

/**
 * The seed summary as a few lines of text.
 * @param {SeedSummary} summary
 * @returns {string[]}
 */
export function describeSeed(summary) {
  const { decimals, symbol } = summary;
  /** @param {bigint} amount */
  const fmt = (amount) => `${formatAmount(amount, decimals)} ${symbol}`;
  /** @param {number} seconds */
  const date = (seconds) => new Date(seconds * 1000).toISOString().slice(0, 10);
  /** @type {string[]} */
  const lines = [];
  for (const vault of summary.vaults) {
    const wallets = vault.tradingWallets.map((w) => `${w.walletType} ${Number(w.allocation) / 100}%`).join(", ");
    lines.push(`Vault ${vault.vaultId} ${vault.name} (round ${vault.round}, trading wallets: ${wallets})`);
    for (const r of vault.rounds) {
      const what =
        r.state === "settled"
          ? `in ${fmt(r.preLockupTotal)}, returned ${fmt(r.collected)}, investors' share ${fmt(r.postLockupTotal)}, rolled over ${fmt(r.rolledOver)}`
          : r.state === "locked"
            ? `${fmt(r.preLockupTotal)} with the traders until ${date(r.lockupEndTime)}`
            : `${fmt(r.totalFunds)} deposited`;
      lines.push(`  Round ${r.round}  pool ${r.poolId}  ${r.state.padEnd(7)}  ${what}`);
    }
  }
  for (const investor of summary.investors) {
    const positions = investor.positions
      .map(
        (p) =>
          `vault ${p.vaultId} pool ${p.poolId} ${p.poolState} ${fmt(p.value)}${p.rollOver ? " rolling" : ""}${p.poolState === "settled" ? " withdrawable" : ""}`,
      )
      .join("; ");
    lines.push(
      `Account ${investor.account}  principal ${fmt(investor.investedAmount)}, withdrawn ${fmt(investor.totalWithdrawn)}${positions ? `; ${positions}` : ""}`,
    );
  }
  lines.push(`Fund fees  claimed ${fmt(summary.fundFeesClaimed)}, accrued ${fmt(summary.fundFeesAccrued)}`);
  for (const proposal of summary.proposals) {
    lines.push(
      `Proposal ${proposal.id}  ${proposal.status.padEnd(8)} for ${fmt(proposal.votesFor)} / against ${fmt(proposal.votesAgainst)}  "${truncate(proposal.description, 60)}"`,
    );
  }
  lines.push(
    `Pending    the futures vault's lockup becomes ${PENDING_LOCKUP_DAYS} days once the timelock's delay has passed (Admin → Pending changes)`,
  );
  const offset = summary.chainTime - Math.floor(Date.now() / 1000);
  if (Math.abs(offset) > 3_600) {
    lines.push(`Chain clock ${date(summary.chainTime)}, ${(offset / 86_400).toFixed(1)} days off the wall clock`);
  }
  return lines;
}

/** @param {string} text @param {number} max */
function truncate(text, max) {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

if (isMain(import.meta.url)) {
  runCli(async () => {
    loadDotEnv();
    const rpcUrl = process.env.RPC_URL?.trim() || DEFAULT_RPC_URL;
    const deployment = readDeployment(LOCAL_CHAIN_ID);
    console.log(`Seeding demo state on ${rpcUrl}`);
    const summary = await seed({ rpcUrl, deployment, log: console.log });
    for (const line of describeSeed(summary)) console.log(`  ${line}`);
  });
}
