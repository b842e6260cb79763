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
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { devAccount, devAccountIndex, LOCAL_CHAIN_ID } from "@fundament/test-chain";
import {
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  formatUnits,
  http,
  parseUnits,
  zeroHash,
} from "viem";
import { DEFAULT_LOCKUP_PERIOD_DURATION, DEFAULT_RPC_URL, LOCAL_TIMELOCK_DELAY } from "./deploy.mjs";
import { connect, loadDotEnv } from "./lib/chain.mjs";
import { isMain, runCli } from "./lib/cli.mjs";
import { loadArtifact, loadFundAbi } from "./lib/foundry.mjs";
import { DEPLOYMENTS_DIR } from "./lib/paths.mjs";
import { buildSettlementReport } from "./lib/round-report.mjs";

/** @typedef {import("viem").Address} Address */
/** @typedef {import("./deploy.mjs").Deployment} Deployment */
/** @typedef {import("./lib/abis.mjs").InvestmentFundAbi} InvestmentFundAbi */
/** @typedef {import("./lib/abis.mjs").FundGovernorAbi} FundGovernorAbi */
/** @typedef {import("./lib/abis.mjs").FundTimelockAbi} FundTimelockAbi */
/** @typedef {import("./lib/abis.mjs").MockUsdcAbi} MockUsdcAbi */
/** @template {import("viem").Abi} abi @typedef {import("./lib/abis.mjs").WriteCall<abi>} WriteCall */

/** The vault ids the constructor creates. */
export const FUTURES_VAULT = 1n;
export const NFT_VAULT = 2n;
/** The pending change the seed leaves in the timelock: the futures vault's lockup becomes this many days. */
export const PENDING_LOCKUP_DAYS = 45n;
/** Its salt (a fixed one, so the change's id is known). */
const DEMO_CHANGE_SALT = /** @type {import("viem").Hex} */ (`0x${"d3".repeat(32)}`);

/** Whole tokens each investor (accounts 1-5) receives from the faucet. */
const FAUCET_AMOUNT = 50_000;
/** Trading wallets: vault, dev account index, type, allocation in basis points. */
const TRADING_WALLETS = /** @type {const} */ ([
  [FUTURES_VAULT, 7, "Futures", 10_000n],
  [NFT_VAULT, 8, "NFT lending", 10_000n],
]);
/** What each settled round returns over its principal, in basis points, by vault. */
/** Where a trading wallet's losses go: an address nobody holds the key of. */
const LOST = "0x000000000000000000000000000000000000dEaD";
/** The futures vault's management fee from round 3 (basis points a year) and its caps (whole tokens). */
const FUTURES_MANAGEMENT_FEE_BPS = 100n;
const FUTURES_ROUND_CAP = 100_000;
const FUTURES_INVESTOR_CAP = 25_000;
const RETURNS_BPS = /** @type {const} */ ({ futures: [600n, -400n], nft: [300n] });

/** The NFT lending vault's challenge window (seconds): its settlements wait a day, open to the guardian's veto. */
export const NFT_CHALLENGE_WINDOW = 86_400n;
/** The local guardian (deploy.mjs grants it GUARDIAN_ROLE), who vetoes the NFT vault's first proposal. */
const GUARDIAN = 6;
/** Whole tokens of the NFT vault's round 1 return (its loan interest) the desk had not collected at its first proposal. */
const LATE_INTEREST = 150;

/** The manual item of the NFT vault's round 1 report (declared by the operator, not observed by the API). */
export const NFT_LOAN_NOTE =
  "Interest of NFT loan #7 (CryptoPunk collateral), repaid to the desk wallet from a lending protocol";

/** Pool states as the contract's `PoolState` enum numbers them. */
export const POOL_STATES = /** @type {const} */ (["none", "open", "locked", "settled"]);

const ONE_HOUR = 3_600;
const SEVEN_DAYS = 7 * 24 * ONE_HOUR;
/** Extra seconds after each lockup end before settling. */
const SETTLE_MARGIN = 60;
/** How long the seed waits for the short proposals to close. */
const GOVERNANCE_WAIT = 2 * ONE_HOUR;
/** The quorum the seed's proposal with an action sets (basis points): executed through the timelock. */
export const SEEDED_QUORUM = 2_000n;

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
 * Seeds the demo state.
 * @param {{ rpcUrl?: string, deployment: Deployment, log?: (line: string) => void }} parameters
 * @returns {Promise<SeedSummary>}
 */
export async function seed({ rpcUrl = DEFAULT_RPC_URL, deployment, log = () => {} }) {
  const { chainId, chain, publicClient } = await connect(rpcUrl);
  if (chainId !== LOCAL_CHAIN_ID)
    throw new Error(`seed runs on the local chain (${LOCAL_CHAIN_ID}) only, not ${chainId}`);
  if (deployment.chainId !== chainId) throw new Error(`deployment is for chain ${deployment.chainId}, not ${chainId}`);

  const wallet = createWalletClient({ chain, transport: http(rpcUrl) });
  const testClient = createTestClient({ chain, mode: "anvil", transport: http(rpcUrl) });
  const fundAbi = /** @type {InvestmentFundAbi} */ (loadFundAbi());
  const tokenAbi = /** @type {MockUsdcAbi} */ (loadArtifact("MockUSDC.sol", "MockUSDC").abi);
  const governorAbi = /** @type {FundGovernorAbi} */ (loadArtifact("FundGovernor.sol", "FundGovernor").abi);
  const fund = deployment.investmentFund;
  const governor = deployment.fundGovernor;
  const timelockAbi = /** @type {FundTimelockAbi} */ (loadArtifact("FundTimelock.sol", "FundTimelock").abi);
  const timelock = deployment.fundTimelock;
  const token = deployment.investmentToken;

  const fundCode = await publicClient.getCode({ address: fund });
  if (!fundCode || fundCode === "0x") throw new Error(`no InvestmentFund at ${fund} on ${rpcUrl}: deploy first`);

  /**
   * A view of the fund, its arguments and result typed from the ABI.
   * @template {import("viem").ContractFunctionName<InvestmentFundAbi, "pure" | "view">} functionName
   * @template {import("viem").ContractFunctionArgs<InvestmentFundAbi, "pure" | "view", functionName>} args
   * @param {functionName} functionName
   * @param {args} args
   */
  const readFund = (functionName, args) =>
    publicClient.readContract({ address: fund, abi: fundAbi, functionName, args });
  /**
   * A view of the fund's governor (proposals and votes), typed likewise.
   * @template {import("viem").ContractFunctionName<FundGovernorAbi, "pure" | "view">} functionName
   * @template {import("viem").ContractFunctionArgs<FundGovernorAbi, "pure" | "view", functionName>} args
   * @param {functionName} functionName
   * @param {args} args
   */
  const readGovernor = (functionName, args) =>
    publicClient.readContract({ address: governor, abi: governorAbi, functionName, args });
  /**
   * A view of the token, typed likewise.
   * @template {import("viem").ContractFunctionName<MockUsdcAbi, "pure" | "view">} functionName
   * @template {import("viem").ContractFunctionArgs<MockUsdcAbi, "pure" | "view", functionName>} args
   * @param {functionName} functionName
   * @param {args} args
   */
  const readToken = (functionName, args) =>
    publicClient.readContract({ address: token, abi: tokenAbi, functionName, args });

  if ((await readFund("poolCount", [])) !== 2n) {
    throw new Error("the fund has run rounds already: seed a fresh deployment");
  }

  /**
   * Sends a transaction from an unlocked dev account and waits for it to be mined. Its callers check the call against
   * the contract's ABI (`sendFund`, `sendToken`).
   * @param {number} from dev account index
   * @param {import("viem").ContractFunctionParameters & { address: Address }} call
   */
  async function send(from, { address, abi, functionName, args = [] }) {
    const account = devAccount(from).address;
    // Gas estimated against the pending block, where the transaction lands: against the latest one, a call that
    // moves the sender's voting power looks cheaper than it is (it would update the checkpoint written in that
    // block instead of adding one), and a withdraw right after another one ran out of gas. Plus a fifth, as the
    // SDK does.
    const estimate = await publicClient.estimateContractGas({
      account,
      address,
      abi,
      functionName,
      args,
      blockTag: "pending",
    });
    const gas = estimate + estimate / 5n;
    const hash = await wallet.writeContract({ account, address, abi, functionName, args, gas });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${functionName} from account ${from} reverted (tx ${hash})`);
    return receipt;
  }
  /** @param {number} from @param {WriteCall<InvestmentFundAbi>} call */
  const sendFund = (from, call) => send(from, { address: fund, abi: fundAbi, ...call });
  /** @param {number} from @param {WriteCall<FundGovernorAbi>} call */
  const sendGovernor = (from, call) => send(from, { address: governor, abi: governorAbi, ...call });
  /** @param {number} from @param {WriteCall<FundTimelockAbi>} call */
  const sendTimelock = (from, call) => send(from, { address: timelock, abi: timelockAbi, ...call });
  /** @param {number} from @param {WriteCall<MockUsdcAbi>} call */
  const sendToken = (from, call) => send(from, { address: token, abi: tokenAbi, ...call });

  /**
   * A pool's trading wallets (`getTradingWallets`: three lists of the same length) as one list.
   * @param {bigint} poolId
   */
  async function readTradingWallets(poolId) {
    const [wallets, allocations, walletTypes] = await readFund("getTradingWallets", [poolId]);
    return wallets.map((address, i) => {
      const allocation = allocations[i];
      const walletType = walletTypes[i];
      if (allocation === undefined || walletType === undefined) {
        throw new Error(`getTradingWallets(${poolId}) returned lists of different lengths`);
      }
      return { address, allocation, walletType };
    });
  }

  /** @param {number} seconds */
  async function travel(seconds) {
    await testClient.increaseTime({ seconds });
    await testClient.mine({ blocks: 1 });
  }

  const decimals = await readToken("decimals", []);
  const symbol = await readToken("symbol", []);
  /** The settled rounds' NAV reports, for the API once it runs. @type {import("./lib/round-report.mjs").SettlementReport[]} */
  const reports = [];
  /** @param {number} whole */
  const units = (whole) => parseUnits(String(whole), decimals);
  /** @param {bigint} amount */
  const fmt = (amount) => `${formatAmount(amount, decimals)} ${symbol}`;
  /** @param {bigint} vaultId */
  const vaultName = (vaultId) => (vaultId === FUTURES_VAULT ? "futures" : "NFT lending");

  /**
   * Deposits into the vault's open pool.
   * @param {bigint} vaultId @param {ReadonlyArray<readonly [number, number]>} deposits [account, whole tokens]
   */
  const investAll = async (vaultId, deposits) => {
    const poolId = await readFund("currentPoolId", [vaultId]);
    for (const [index, whole] of deposits) {
      await sendToken(index, { functionName: "approve", args: [fund, units(whole)] });
      await sendFund(index, { functionName: "invest", args: [vaultId, units(whole)] });
    }
    log(
      `  ${vaultName(vaultId)} pool ${poolId} deposits: ${deposits.map(([i, w]) => `account ${i} ${w.toLocaleString("en-US")}`).join(", ")}`,
    );
  };

  /** @param {bigint} vaultId */
  const lock = async (vaultId) => {
    const poolId = await readFund("currentPoolId", [vaultId]);
    await sendFund(0, { functionName: "startLockupPeriod", args: [vaultId] });
    const info = await readFund("getPoolInfo", [poolId]);
    log(`  ${vaultName(vaultId)} pool ${poolId} (round ${info.round}) locked with ${fmt(info.preLockupTotal)}`);
  };

  /**
   * The vault's trading wallets return what they received plus `profitBps` and approve the fund; the admin collects
   * it (all but `withheld` token units of the last wallet, which it keeps for now) and returns what was collected.
   * @param {bigint} vaultId @param {bigint} poolId @param {bigint} profitBps @param {bigint} withheld
   */
  const collectReturns = async (vaultId, poolId, profitBps, withheld) => {
    const info = await readFund("getPoolInfo", [poolId]);
    const total = info.preLockupTotal;
    const wallets = await readTradingWallets(poolId);
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
      if (amount > share) await sendToken(index, { functionName: "mint", args: [wallet, amount - share] });
      if (amount < share) await sendToken(index, { functionName: "transfer", args: [LOST, share - amount] });
      await sendToken(index, { functionName: "approve", args: [fund, amount] });
      const now = last ? amount - withheld : amount;
      await sendFund(0, { functionName: "collectFundsFromTradingWallet", args: [vaultId, wallet, now] });
      collected += now;
    }
    return collected;
  };

  /**
   * Proposes the round's settlement at what was collected, with its NAV report built from the chain first; final at
   * once in a vault without a challenge window. Returns the report.
   * @param {bigint} vaultId @param {bigint} poolId @param {bigint} collected
   * @param {{ amount: string, note: string }[]} manualItems
   */
  const proposeSettlement = async (vaultId, poolId, collected, manualItems) => {
    const report = await buildSettlementReport(publicClient, deployment, vaultId, poolId, manualItems);
    if (report.total !== formatUnits(collected, decimals)) {
      throw new Error(
        `round ${poolId}'s report claims ${report.total}, but ${formatUnits(collected, decimals)} came back`,
      );
    }
    const { preLockupTotal } = await readFund("getPoolInfo", [poolId]);
    const functionName = collected < preLockupTotal ? "endLockupPeriodAtLoss" : "endLockupPeriod";
    await sendFund(0, { functionName, args: [vaultId, collected, report.hash] });
    return report;
  };

  /**
   * Settles the vault's locked round: its trading wallets return what they received plus `profitBps`, the admin
   * collects it and proposes the settlement with the round's NAV report (kept in `reports`, published to the API once
   * it runs). In a vault with a challenge window the proposal waits it, then account 3 finalises it. With `vetoed`, the
   * desk first proposes without the last `vetoed` token units (not collected yet), the guardian vetoes that, and the
   * desk collects them and proposes again.
   * @param {bigint} vaultId @param {bigint} profitBps
   * @param {{ amount: string, note: string }[]} [manualItems] parts of the return the report declares, not observed
   * @param {bigint} [vetoed]
   */
  const settle = async (vaultId, profitBps, manualItems = [], vetoed = 0n) => {
    const poolId = await readFund("currentPoolId", [vaultId]);
    let collected = await collectReturns(vaultId, poolId, profitBps, vetoed);
    if (vetoed > 0n) {
      await proposeSettlement(vaultId, poolId, collected, []);
      await sendFund(GUARDIAN, { functionName: "vetoSettlement", args: [vaultId] });
      log(`  ${vaultName(vaultId)} pool ${poolId}: a proposal at ${fmt(collected)} vetoed by the guardian`);
      const [wallet] = (await readTradingWallets(poolId)).slice(-1);
      if (!wallet) throw new Error(`pool ${poolId} has no trading wallet`);
      await sendFund(0, { functionName: "collectFundsFromTradingWallet", args: [vaultId, wallet.address, vetoed] });
      collected += vetoed;
    }
    reports.push(await proposeSettlement(vaultId, poolId, collected, manualItems));
    const { challengeWindow } = await readFund("getVault", [vaultId]);
    if (challengeWindow > 0n) {
      await travel(Number(challengeWindow));
      await sendFund(3, { functionName: "finalizeSettlement", args: [vaultId] });
    }
    const settled = await readFund("getPoolInfo", [poolId]);
    log(
      `  ${vaultName(vaultId)} pool ${poolId} (round ${settled.round}) settled: ${fmt(collected)} returned, investors' share ${fmt(settled.postLockupTotal)}, ${fmt(settled.rolledOver)} rolled into pool ${await readFund("currentPoolId", [vaultId])}`,
    );
  };

  /** @param {bigint} vaultId @param {ReadonlyArray<number>} accounts @param {boolean} enabled */
  const rollOver = async (vaultId, accounts, enabled) => {
    for (const index of accounts) await sendFund(index, { functionName: "setRollOver", args: [vaultId, enabled] });
    log(`  ${vaultName(vaultId)}: roll-over ${enabled ? "on" : "off"} for account ${accounts.join(", ")}`);
  };

  /** @param {bigint} vaultId @param {ReadonlyArray<number>} accounts */
  const withdrawAll = async (vaultId, accounts) => {
    for (const index of accounts) await sendFund(index, { functionName: "withdraw", args: [vaultId] });
    log(`  ${vaultName(vaultId)}: account ${accounts.join(", ")} withdrew`);
  };

  /** Waits until both vaults' locked pools may be settled. */
  const waitForLockupEnd = async () => {
    const latest = await publicClient.getBlock();
    let end = 0n;
    for (const vaultId of [FUTURES_VAULT, NFT_VAULT]) {
      const [, , isLocked, lockupEndTime] = await readFund("getCurrentPoolData", [vaultId]);
      if (isLocked && lockupEndTime > end) end = lockupEndTime;
    }
    const seconds = Number(end - latest.timestamp) + SETTLE_MARGIN;
    await travel(seconds);
    log(`  ${(seconds / 86_400).toFixed(1)} days passed`);
  };

  // 1. Faucet and whitelist (fund-wide: whitelisted once, they may invest in any vault).
  for (const index of [1, 2, 3, 4, 5]) {
    await sendToken(index, { functionName: "mint", args: [devAccount(index).address, units(FAUCET_AMOUNT)] });
    await sendFund(0, { functionName: "whitelistInvestor", args: [devAccount(index).address] });
  }
  log(`  minted ${FAUCET_AMOUNT.toLocaleString("en-US")} ${symbol} to accounts 1-5 and whitelisted them`);

  // 2. Each vault's own trading wallet; the NFT vault's settlements wait a day (the deployer is still the top role).
  await sendFund(0, { functionName: "setChallengeWindow", args: [NFT_VAULT, NFT_CHALLENGE_WINDOW] });
  log(`  NFT lending settlements wait ${Number(NFT_CHALLENGE_WINDOW) / 3_600} hours, open to a veto`);
  for (const [vaultId, index, walletType, allocation] of TRADING_WALLETS) {
    await sendFund(0, {
      functionName: "addTradingWallet",
      args: [vaultId, devAccount(index).address, walletType, allocation],
    });
    log(`  ${vaultName(vaultId)} trading wallet: account ${index} ${walletType} ${Number(allocation) / 100}%`);
  }

  // 3. Round 1 of both vaults. Accounts 1 and 3 roll over in futures, account 5 in NFT lending.
  await rollOver(FUTURES_VAULT, [1, 3], true);
  await rollOver(NFT_VAULT, [5], true);
  await investAll(FUTURES_VAULT, [
    [1, 5_000],
    [2, 12_000],
    [3, 8_000],
    [4, 20_000],
  ]);
  await investAll(NFT_VAULT, [
    [2, 6_000],
    [4, 10_000],
    [5, 9_000],
  ]);
  await lock(FUTURES_VAULT);
  await lock(NFT_VAULT);
  await waitForLockupEnd();
  await settle(FUTURES_VAULT, RETURNS_BPS.futures[0]);
  // The NFT desk's interest came from a loan repaid outside what the API can see: its report declares it.
  // It was first proposed before that interest was collected: the guardian vetoed it, and the desk proposed again.
  await settle(
    NFT_VAULT,
    RETURNS_BPS.nft[0],
    [{ amount: String(LATE_INTEREST), note: NFT_LOAN_NOTE }],
    units(LATE_INTEREST),
  );
  const fundWallet = await readFund("fundWallet", []);
  const feesBefore = await readToken("balanceOf", [fundWallet]);
  await sendFund(0, { functionName: "claimFundFees", args: [] });
  const fundFeesClaimed = (await readToken("balanceOf", [fundWallet])) - feesBefore;
  log(`  fund fees claimed: ${fmt(fundFeesClaimed)} to the fund wallet`);

  // 4. Futures round 2: account 2 takes its payout and re-invests, account 4 leaves its payout in pool 1,
  // account 5 joins with roll-over on. NFT round 2 takes deposits while futures round 2 runs.
  await withdrawAll(FUTURES_VAULT, [2]);
  await withdrawAll(NFT_VAULT, [2, 4]);
  await rollOver(FUTURES_VAULT, [5], true);
  await investAll(FUTURES_VAULT, [
    [2, 10_000],
    [5, 4_000],
  ]);
  await investAll(NFT_VAULT, [
    [1, 8_000],
    [3, 5_000],
  ]);
  await lock(FUTURES_VAULT);
  // Account 3 changes its mind while the round is locked: it leaves at this round's settlement.
  await rollOver(FUTURES_VAULT, [3], false);
  await waitForLockupEnd();
  await settle(FUTURES_VAULT, RETURNS_BPS.futures[1]);
  await withdrawAll(FUTURES_VAULT, [2, 3]);

  // 5. Futures round 3 takes deposits. Round 2 lost 4 %: round 3 starts below the high-water mark round 1 set, so its
  // gains up to the mark pay no performance fee. From round 3 the vault also charges a management fee of 1 % a year,
  // and caps a round at 100,000 and each investor at 25,000 (the deployer still holds the top role here).
  await sendFund(0, { functionName: "setFees", args: [FUTURES_VAULT, FUTURES_MANAGEMENT_FEE_BPS, 2_000n] });
  await sendFund(0, {
    functionName: "setCaps",
    args: [FUTURES_VAULT, units(FUTURES_ROUND_CAP), units(FUTURES_INVESTOR_CAP)],
  });
  log(
    `  futures vault: management fee ${Number(FUTURES_MANAGEMENT_FEE_BPS) / 100}% a year, round cap ${FUTURES_ROUND_CAP.toLocaleString("en-US")}, ${FUTURES_INVESTOR_CAP.toLocaleString("en-US")} per investor`,
  );
  await investAll(FUTURES_VAULT, [[2, 7_000]]);

  // 6. Governance. Every proposer invested in an earlier block, as createProposal requires.
  /** @param {number} proposer @param {string} text @param {number} seconds @returns {Promise<bigint>} */
  const propose = async (proposer, text, seconds) => {
    await sendGovernor(proposer, { functionName: "createProposal", args: [text, BigInt(seconds)] });
    return await readGovernor("proposalCount", []);
  };
  /** @param {bigint} id @param {ReadonlyArray<readonly [number, boolean]>} ballots */
  const voteAll = async (id, ballots) => {
    for (const [voter, support] of ballots) await sendGovernor(voter, { functionName: "vote", args: [id, support] });
  };

  const passed = await propose(
    1,
    "Add a second futures trading wallet running a market-neutral basis strategy, with a 30% allocation from the next round.",
    ONE_HOUR,
  );
  await voteAll(passed, [
    [1, true],
    [2, true],
    [5, false],
  ]);
  const rejected = await propose(
    2,
    "Raise the NFT lending vault's minimum investment from 100 to 1,000 mUSDC.",
    ONE_HOUR,
  );
  await voteAll(rejected, [
    [1, true],
    [4, false],
    [5, false],
  ]);
  await travel(GOVERNANCE_WAIT);
  await sendGovernor(1, { functionName: "executeProposal", args: [passed] });

  const leverage = await propose(
    3,
    "Cap leverage on the futures trading wallet at 3x for the next lockup period.",
    SEVEN_DAYS,
  );
  await voteAll(leverage, [
    [3, true],
    [2, true],
  ]);
  const audit = await propose(
    5,
    "Publish a monthly proof-of-reserves report for every trading wallet, reviewed by an independent auditor.",
    SEVEN_DAYS,
  );
  await voteAll(audit, [
    [5, true],
    [4, false],
  ]);
  await proposalThatActs();
  log("  proposals: 1 passed and executed, 1 rejected, 2 open for 7 days, 1 whose action changed the quorum");

  // 7. NFT round 2 goes to its trading wallet: its lockup ends one lockup period from the chain's now.
  await lock(NFT_VAULT);

  // 8. The hand-over: the deployer gives up the default admin role, so the FundTimelock is the only holder and every
  // change that touches invested money waits its delay. Then one such change waits there for investors to see: the
  // futures vault's lockup becomes 45 days (its open round's investors can refund before it applies).
  if (!deployment.handedOver) {
    await sendFund(0, { functionName: "renounceRole", args: [zeroHash, devAccount(0).address] });
  }
  const delay = await publicClient.readContract({ address: timelock, abi: timelockAbi, functionName: "getMinDelay" });
  const change = encodeFunctionData({
    abi: fundAbi,
    functionName: "setLockupPeriodDuration",
    args: [FUTURES_VAULT, PENDING_LOCKUP_DAYS * 86_400n],
  });
  await sendTimelock(0, {
    functionName: "schedule",
    args: [fund, 0n, change, zeroHash, DEMO_CHANGE_SALT, delay],
  });
  log(`  handed over to the timelock; pending: futures lockup -> ${PENDING_LOCKUP_DAYS} days after ${delay}s`);

  return summarize();

  /**
   * Governance that acts: a proposal whose action raises the quorum passes (for, abstain, a reason), is queued in the
   * timelock, waits its delay and is executed; the governor's quorum is then `SEEDED_QUORUM`.
   */
  async function proposalThatActs() {
    const action = encodeFunctionData({ abi: governorAbi, functionName: "setQuorum", args: [SEEDED_QUORUM] });
    /** @type {[Address[], bigint[], import("viem").Hex[]]} */
    const actions = [[governor], [0n], [action]];
    await sendGovernor(4, {
      functionName: "propose",
      args: [
        ...actions,
        "Raise the quorum to 20 % of what investors hold, so that no decision passes with less than a fifth of the fund behind it.",
        BigInt(ONE_HOUR),
      ],
    });
    const id = await readGovernor("proposalCount", []);
    await sendGovernor(4, { functionName: "castVote", args: [id, 1, "Decisions should carry real weight."] });
    await sendGovernor(1, { functionName: "castVote", args: [id, 1, ""] });
    await sendGovernor(5, { functionName: "castVote", args: [id, 2, "No view either way."] });
    await travel(GOVERNANCE_WAIT);
    await sendGovernor(1, { functionName: "queue", args: [id, ...actions] });
    const wait = await publicClient.readContract({ address: timelock, abi: timelockAbi, functionName: "getMinDelay" });
    await travel(Number(wait));
    await sendGovernor(1, { functionName: "execute", args: [id, ...actions] });
  }

  /** @returns {Promise<SeedSummary>} */
  async function summarize() {
    const vaultCount = await readFund("vaultCount", []);
    const poolCount = await readFund("poolCount", []);
    /** @type {VaultSummary[]} */
    const vaults = [];
    for (let vaultId = 1n; vaultId <= vaultCount; vaultId++) {
      const vault = await readFund("getVault", [vaultId]);
      /** @type {RoundSummary[]} */
      const rounds = [];
      for (let poolId = 1n; poolId <= poolCount; poolId++) {
        const info = await readFund("getPoolInfo", [poolId]);
        if (info.vaultId !== vaultId) continue;
        rounds.push({
          poolId,
          round: Number(info.round),
          state: POOL_STATES[Number(info.state)] ?? "none",
          totalFunds: info.totalFunds,
          preLockupTotal: info.preLockupTotal,
          collected: info.collected,
          postLockupTotal: info.postLockupTotal,
          profitGenerated: info.profitGenerated,
          fundFee: info.fundFee,
          rolledOver: info.rolledOver,
          lockupEndTime: Number(info.lockupEndTime),
        });
      }
      const tradingWallets = await readTradingWallets(vault.currentPoolId);
      vaults.push({
        vaultId,
        name: vault.name,
        currentPoolId: vault.currentPoolId,
        round: Number(vault.round),
        rounds,
        tradingWallets,
      });
    }
    const count = Number(await readGovernor("proposalCount", []));
    /** @type {ProposalSummary[]} */
    const proposals = [];
    for (let id = 1; id <= count; id++) {
      const [, description, votesFor, votesAgainst, , endTime, executed, active] = await readGovernor(
        "getProposalDetails",
        [BigInt(id)],
      );
      const status = active ? "active" : executed ? "passed" : "rejected";
      proposals.push({ id, description, votesFor, votesAgainst, endTime: Number(endTime), executed, active, status });
    }
    /** @type {InvestorSummary[]} */
    const investors = [];
    for (const index of [1, 2, 3, 4, 5]) {
      const address = devAccount(index).address;
      const [investedAmount, , , totalWithdrawn, votingPower] = await readFund("getInvestorData", [address]);
      /** @type {PositionSummary[]} */
      const positions = [];
      for (let vaultId = 1n; vaultId <= vaultCount; vaultId++) {
        const p = await readFund("getPosition", [address, vaultId]);
        if (p.shares === 0n) continue;
        positions.push({
          vaultId,
          poolId: p.poolId,
          shares: p.shares,
          principal: p.principal,
          rollOver: p.rollOver,
          value: p.value,
          withdrawable: p.withdrawable,
          poolState: POOL_STATES[Number(p.poolState)] ?? "none",
        });
      }
      investors.push({ account: index, address, investedAmount, totalWithdrawn, votingPower, positions });
    }
    return {
      decimals,
      symbol,
      vaults,
      investors,
      fundFeesClaimed,
      fundFeesAccrued: await readFund("fundFeesAccrued", []),
      chainTime: Number((await publicClient.getBlock()).timestamp),
      proposals,
      reports,
    };
  }
}

/**
 * `1234.5` style token amount with thousands separators and 2 decimals.
 * @param {bigint} amount
 * @param {number} decimals
 */
export function formatAmount(amount, decimals) {
  return Number(formatUnits(amount, decimals)).toLocaleString("en-US", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
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
