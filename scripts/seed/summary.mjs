// @ts-check
/**
 * The seeded world as read back from the chain: vaults and their rounds, proposals, investors and their positions
 * (`SeedSummary` of `scripts/seed.mjs`).
 */
import { devAccount } from "@fundament/test-chain";
import { INVESTORS, POOL_STATES } from "./constants.mjs";
import { readFund, readGovernor, readTradingWallets } from "./context.mjs";

/** @typedef {import("./context.mjs").SeedContext} SeedContext */
/** @typedef {import("../seed.mjs").SeedSummary} SeedSummary */
/** @typedef {import("../seed.mjs").VaultSummary} VaultSummary */
/** @typedef {import("../seed.mjs").RoundSummary} RoundSummary */
/** @typedef {import("../seed.mjs").ProposalSummary} ProposalSummary */
/** @typedef {import("../seed.mjs").InvestorSummary} InvestorSummary */
/** @typedef {import("../seed.mjs").PositionSummary} PositionSummary */

/**
 * @param {SeedContext} context
 * @param {bigint} fundFeesClaimed what the fund wallet received from `claimFundFees`
 * @returns {Promise<SeedSummary>}
 */
export async function summarize(context, fundFeesClaimed) {
  const vaultCount = await readFund(context, "vaultCount", []);
  const poolCount = await readFund(context, "poolCount", []);
  /** @type {VaultSummary[]} */
  const vaults = [];
  for (let vaultId = 1n; vaultId <= vaultCount; vaultId++)
    vaults.push(await summarizeVault(context, vaultId, poolCount));
  const proposals = await summarizeProposals(context);
  /** @type {InvestorSummary[]} */
  const investors = [];
  for (const index of INVESTORS) investors.push(await summarizeInvestor(context, index, vaultCount));
  return {
    decimals: context.decimals,
    symbol: context.symbol,
    vaults,
    investors,
    fundFeesClaimed,
    fundFeesAccrued: await readFund(context, "fundFeesAccrued", []),
    chainTime: Number((await context.publicClient.getBlock()).timestamp),
    proposals,
    reports: context.reports,
  };
}

/**
 * @param {SeedContext} context @param {bigint} vaultId @param {bigint} poolCount
 * @returns {Promise<VaultSummary>}
 */
async function summarizeVault(context, vaultId, poolCount) {
  const vault = await readFund(context, "getVault", [vaultId]);
  /** @type {RoundSummary[]} */
  const rounds = [];
  for (let poolId = 1n; poolId <= poolCount; poolId++) {
    const info = await readFund(context, "getPoolInfo", [poolId]);
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
  const tradingWallets = await readTradingWallets(context, vault.currentPoolId);
  return {
    vaultId,
    name: vault.name,
    currentPoolId: vault.currentPoolId,
    round: Number(vault.round),
    rounds,
    tradingWallets,
  };
}

/**
 * @param {SeedContext} context
 * @returns {Promise<ProposalSummary[]>}
 */
async function summarizeProposals(context) {
  const count = Number(await readGovernor(context, "proposalCount", []));
  /** @type {ProposalSummary[]} */
  const proposals = [];
  for (let id = 1; id <= count; id++) {
    const [, description, votesFor, votesAgainst, , endTime, executed, active] = await readGovernor(
      context,
      "getProposalDetails",
      [BigInt(id)],
    );
    const status = active ? "active" : executed ? "passed" : "rejected";
    proposals.push({ id, description, votesFor, votesAgainst, endTime: Number(endTime), executed, active, status });
  }
  return proposals;
}

/**
 * @param {SeedContext} context @param {number} index dev account @param {bigint} vaultCount
 * @returns {Promise<InvestorSummary>}
 */
async function summarizeInvestor(context, index, vaultCount) {
  const address = devAccount(index).address;
  const [investedAmount, , , totalWithdrawn, votingPower] = await readFund(context, "getInvestorData", [address]);
  /** @type {PositionSummary[]} */
  const positions = [];
  for (let vaultId = 1n; vaultId <= vaultCount; vaultId++) {
    const p = await readFund(context, "getPosition", [address, vaultId]);
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
  return { account: index, address, investedAmount, totalWithdrawn, votingPower, positions };
}
