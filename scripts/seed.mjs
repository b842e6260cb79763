// @ts-check
/**
 * Seeds demo state on the local chain (31337): a settled pool with profit, an open pool with
 * investors, and proposals in every state (passed, rejected, active).
 *
 *   node scripts/seed.mjs     # RPC_URL (default http://127.0.0.1:8545) and contracts/deployments/31337.json
 *
 * Every transaction is sent from one of anvil's unlocked dev accounts (eth_sendTransaction), and
 * time moves with `evm_increaseTime` + `evm_mine`, so the chain ends up about 30 days ahead of
 * the wall clock.
 *
 * Cast: account 0 is the admin (deployer), accounts 1-5 are investors, accounts 7 and 8 are the
 * trading wallets, account 9 is the fund wallet.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createTestClient, createWalletClient, formatUnits, http, parseUnits } from "viem";
import { DEFAULT_RPC_URL } from "./deploy.mjs";
import { devAccount, LOCAL_CHAIN_ID } from "./lib/accounts.mjs";
import { connect, loadDotEnv } from "./lib/chain.mjs";
import { isMain, runCli } from "./lib/cli.mjs";
import { loadArtifact } from "./lib/foundry.mjs";
import { DEPLOYMENTS_DIR } from "./lib/paths.mjs";

/** @typedef {import("viem").Address} Address */
/** @typedef {import("./deploy.mjs").Deployment} Deployment */

/** Whole tokens each investor (accounts 1-5) receives from the faucet. */
const FAUCET_AMOUNT = 50_000;
/** Pool 1 deposits, whole tokens, by dev account index. */
const POOL_1_DEPOSITS = /** @type {const} */ ([
  [1, 5_000],
  [2, 12_000],
  [3, 8_000],
  [4, 20_000],
]);
/** Pool 2 deposits, whole tokens, by dev account index (1 and 2 withdraw from pool 1 first). */
const POOL_2_DEPOSITS = /** @type {const} */ ([
  [1, 6_000],
  [2, 10_000],
  [5, 4_000],
]);
/** Trading wallets: dev account index, type, allocation in basis points. */
const TRADING_WALLETS = /** @type {const} */ ([
  [7, "Futures", 6_000n],
  [8, "NFT lending", 4_000n],
]);
/** Return the trading wallets make over the lockup, in basis points of what they received. */
const PROFIT_BPS = 800n;

const ONE_HOUR = 3_600;
const SEVEN_DAYS = 7 * 24 * ONE_HOUR;

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
 * @typedef {object} PoolSummary
 * @property {number} id
 * @property {bigint} totalFunds
 * @property {boolean} isLocked
 * @property {bigint} preLockupTotal
 * @property {bigint} postLockupTotal
 * @property {bigint} profitGenerated
 */

/**
 * @typedef {object} SeedSummary
 * @property {number} decimals
 * @property {string} symbol
 * @property {PoolSummary} settledPool pool 1
 * @property {PoolSummary} openPool pool 2
 * @property {bigint} collected what the trading wallets returned for pool 1
 * @property {bigint} pool2Invested the sum of the pool 2 deposits
 * @property {ReadonlyArray<{ account: number, address: Address, investedAmount: bigint, totalWithdrawn: bigint, votingPower: bigint }>} investors
 * @property {ReadonlyArray<{ address: Address, allocation: bigint, walletType: string }>} tradingWallets of pool 2
 * @property {ProposalSummary[]} proposals
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
  const fundAbi = loadArtifact("InvestmentFund.sol", "InvestmentFund").abi;
  const tokenAbi = loadArtifact("MockUSDC.sol", "MockUSDC").abi;
  const fund = deployment.investmentFund;
  const token = deployment.investmentToken;

  const fundCode = await publicClient.getCode({ address: fund });
  if (!fundCode || fundCode === "0x") throw new Error(`no InvestmentFund at ${fund} on ${rpcUrl}: deploy first`);
  if (((await read(fund, fundAbi, "currentPoolId")) ?? 0n) !== 1n) {
    throw new Error("the fund already has a settled pool: seed a fresh deployment");
  }

  /**
   * @param {Address} address
   * @param {import("viem").Abi} abi
   * @param {string} functionName
   * @param {readonly unknown[]} [args]
   * @returns {Promise<any>}
   */
  async function read(address, abi, functionName, args = []) {
    return publicClient.readContract({ address, abi, functionName, args });
  }

  /**
   * Sends a transaction from an unlocked dev account and waits for it to be mined.
   * @param {number} from dev account index
   * @param {Address} address
   * @param {import("viem").Abi} abi
   * @param {string} functionName
   * @param {readonly unknown[]} [args]
   */
  async function send(from, address, abi, functionName, args = []) {
    const hash = await wallet.writeContract({ account: devAccount(from).address, address, abi, functionName, args });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${functionName} from account ${from} reverted (tx ${hash})`);
    return receipt;
  }

  /** @param {number} seconds */
  async function travel(seconds) {
    await testClient.increaseTime({ seconds });
    await testClient.mine({ blocks: 1 });
  }

  const decimals = Number(await read(token, tokenAbi, "decimals"));
  const symbol = String(await read(token, tokenAbi, "symbol"));
  /** @param {number} whole */
  const units = (whole) => parseUnits(String(whole), decimals);
  /** @param {bigint} amount */
  const fmt = (amount) => formatAmount(amount, decimals);

  /** @param {number} index @param {number} whole */
  const invest = async (index, whole) => {
    await send(index, token, tokenAbi, "approve", [fund, units(whole)]);
    await send(index, fund, fundAbi, "invest", [units(whole)]);
  };

  // 1. Faucet and whitelist.
  for (const index of [1, 2, 3, 4, 5]) {
    await send(index, token, tokenAbi, "mint", [devAccount(index).address, units(FAUCET_AMOUNT)]);
    await send(0, fund, fundAbi, "whitelistInvestor", [devAccount(index).address]);
  }
  log(`  minted ${FAUCET_AMOUNT.toLocaleString("en-US")} ${symbol} to accounts 1-5 and whitelisted them`);

  // 2. Trading wallets of pool 1 (pool 2 inherits them).
  for (const [index, walletType, allocation] of TRADING_WALLETS) {
    await send(0, fund, fundAbi, "addTradingWallet", [devAccount(index).address, walletType, allocation]);
  }
  log(`  trading wallets: ${TRADING_WALLETS.map(([i, t, a]) => `account ${i} ${t} ${Number(a) / 100}%`).join(", ")}`);

  // 3. Pool 1: deposits, lockup, a profitable trading period, settlement.
  for (const [index, whole] of POOL_1_DEPOSITS) await invest(index, whole);
  log(`  pool 1 deposits: ${POOL_1_DEPOSITS.map(([i, w]) => `account ${i} ${w.toLocaleString("en-US")}`).join(", ")}`);

  await send(0, fund, fundAbi, "startLockupPeriod");
  const lockup = BigInt(await read(fund, fundAbi, "lockupPeriodDuration"));
  await travel(Number(lockup) + 1);

  let collected = 0n;
  for (const [index] of TRADING_WALLETS) {
    const address = devAccount(index).address;
    const received = /** @type {bigint} */ (await read(token, tokenAbi, "balanceOf", [address]));
    if (received === 0n) throw new Error(`trading wallet ${address} received nothing at startLockupPeriod`);
    const profit = (received * PROFIT_BPS) / 10_000n;
    await send(index, token, tokenAbi, "mint", [address, profit]);
    const amount = received + profit;
    await send(index, token, tokenAbi, "approve", [fund, amount]);
    await send(0, fund, fundAbi, "collectFundsFromTradingWallet", [address, amount]);
    collected += amount;
  }
  await send(0, fund, fundAbi, "endLockupPeriod", [collected]);
  log(`  pool 1 locked, ${Number(lockup) / 86_400} days passed, ${fmt(collected)} ${symbol} returned, settled`);

  // 4. Accounts 1 and 2 take their payout; 1, 2 and 5 invest into pool 2.
  for (const index of [1, 2]) await send(index, fund, fundAbi, "withdraw");
  for (const [index, whole] of POOL_2_DEPOSITS) await invest(index, whole);
  log(
    `  accounts 1, 2 withdrew; pool 2 deposits: ${POOL_2_DEPOSITS.map(([i, w]) => `account ${i} ${w.toLocaleString("en-US")}`).join(", ")}`,
  );

  // 5. Governance. Every proposer invested in an earlier block, as createProposal requires.
  /** @param {number} proposer @param {string} text @param {number} seconds @returns {Promise<bigint>} */
  const propose = async (proposer, text, seconds) => {
    await send(proposer, fund, fundAbi, "createProposal", [text, BigInt(seconds)]);
    return /** @type {bigint} */ (await read(fund, fundAbi, "proposalCount"));
  };
  /** @param {bigint} id @param {ReadonlyArray<readonly [number, boolean]>} ballots */
  const voteAll = async (id, ballots) => {
    for (const [voter, support] of ballots) await send(voter, fund, fundAbi, "vote", [id, support]);
  };

  const passed = await propose(
    1,
    "Raise the futures trading wallet's allocation from 60% to 65% for the next pool, funded from the NFT lending wallet.",
    ONE_HOUR,
  );
  await voteAll(passed, [
    [1, true],
    [2, true],
    [5, false],
  ]);
  const rejected = await propose(
    2,
    "Add a third trading wallet running delta-neutral funding-rate arbitrage with a 15% allocation.",
    ONE_HOUR,
  );
  await voteAll(rejected, [
    [1, true],
    [4, false],
    [5, false],
  ]);
  await travel(2 * ONE_HOUR);
  await send(1, fund, fundAbi, "executeProposal", [passed]);

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
  log("  proposals: 1 passed and executed, 1 rejected, 2 open for 7 days");

  return summarize();

  /** @returns {Promise<SeedSummary>} */
  async function summarize() {
    /** @param {number} id @returns {Promise<PoolSummary>} */
    const pool = async (id) => {
      const [totalFunds, , , isLocked, preLockupTotal, postLockupTotal, profitGenerated] = await read(
        fund,
        fundAbi,
        "investmentPools",
        [BigInt(id)],
      );
      return { id, totalFunds, isLocked, preLockupTotal, postLockupTotal, profitGenerated };
    };
    const count = Number(await read(fund, fundAbi, "proposalCount"));
    /** @type {ProposalSummary[]} */
    const proposals = [];
    for (let id = 1; id <= count; id++) {
      const [, description, votesFor, votesAgainst, , endTime, executed, active] = await read(
        fund,
        fundAbi,
        "getProposalDetails",
        [BigInt(id)],
      );
      const status = active ? "active" : executed ? "passed" : "rejected";
      proposals.push({ id, description, votesFor, votesAgainst, endTime: Number(endTime), executed, active, status });
    }
    const investors = [];
    for (const index of [1, 2, 3, 4, 5]) {
      const address = devAccount(index).address;
      const [investedAmount, , , totalWithdrawn, votingPower] = await read(fund, fundAbi, "getInvestorData", [address]);
      investors.push({ account: index, address, investedAmount, totalWithdrawn, votingPower });
    }
    const [wallets, allocations, walletTypes] = await read(fund, fundAbi, "getTradingWallets", [2n]);
    return {
      decimals,
      symbol,
      settledPool: await pool(1),
      openPool: await pool(2),
      collected,
      pool2Invested: units(POOL_2_DEPOSITS.reduce((sum, [, whole]) => sum + whole, 0)),
      investors,
      tradingWallets: wallets.map((/** @type {Address} */ address, /** @type {number} */ i) => ({
        address,
        allocation: allocations[i],
        walletType: walletTypes[i],
      })),
      proposals,
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
  const { decimals, symbol, settledPool: p1, openPool: p2 } = summary;
  /** @param {bigint} amount */
  const fmt = (amount) => `${formatAmount(amount, decimals)} ${symbol}`;
  const lines = [
    `Pool 1  settled  in ${fmt(p1.preLockupTotal)}, returned ${fmt(summary.collected)}, profit ${fmt(p1.profitGenerated)}, investors' share ${fmt(p1.postLockupTotal)}`,
    `Pool 2  ${p2.isLocked ? "locked" : "open   "}  ${fmt(p2.totalFunds)}; trading wallets ${summary.tradingWallets
      .map((w) => `${w.walletType} ${Number(w.allocation) / 100}%`)
      .join(", ")}`,
  ];
  for (const investor of summary.investors) {
    lines.push(
      `Account ${investor.account}  invested ${fmt(investor.investedAmount)}, withdrawn ${fmt(investor.totalWithdrawn)}`,
    );
  }
  for (const proposal of summary.proposals) {
    lines.push(
      `Proposal ${proposal.id}  ${proposal.status.padEnd(8)} for ${fmt(proposal.votesFor)} / against ${fmt(proposal.votesAgainst)}  "${truncate(proposal.description, 60)}"`,
    );
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
