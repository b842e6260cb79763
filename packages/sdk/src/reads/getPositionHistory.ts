import {
  type Address,
  type Client,
  formatLog,
  getAbiItem,
  getAddress,
  type Hex,
  numberToHex,
  padHex,
  parseEventLogs,
  type RpcLog,
  toEventSelector,
} from "viem";
import { getBlockNumber } from "viem/actions";
import { investmentFundAbi } from "../abi/index.js";
import type { Deployment } from "../deployment/deployment.js";
import { inBlockRanges } from "../utils/getLogsInChunks.js";
import { idsUpTo, type PoolInfo, poolById, readCounts, readVaultsAndPools } from "./fundState.js";
import { getBlockTimestamps } from "./getBlockTimestamps.js";

/** How a round ended for the investor. */
export type PositionOutcome = "withdrawn" | "rolled" | "withdrawable" | "in progress" | "refunded";

/**
 * What happened to a round's position in one transaction: "invested" (a deposit into the round), "rolled in" (the
 * previous round's payout carried in at its settlement), "settled" (the round's settlement: the payout is known),
 * "withdrawn" (the payout taken out) or "refunded" (the deposit taken back while the round was open; also an
 * emergency withdrawal before settlement).
 */
export type PositionTransactionKind = "invested" | "rolled in" | "settled" | "withdrawn" | "refunded";

/** One transaction of a round's position, from the fund's event log. */
export type PositionTransaction = {
  kind: PositionTransactionKind;
  /** The transaction's hash (a receipt anyone can look up). */
  hash: Hex;
  blockNumber: bigint;
  /** The block's time, seconds. */
  timestamp: number;
  /** Token units: the deposit, the amount rolled in, the payout, or what was withdrawn or refunded. */
  amount: bigint;
};

/** One round of one vault the investor took part in (the Portfolio statement), amounts in token units. */
export type PositionRound = {
  vaultId: number;
  poolId: bigint;
  round: number;
  /** The position's value at the round's start: the deposits into it plus what rolled in from the round before. */
  principal: bigint;
  /** The investor's own deposits into this round (`principal` without what rolled in): new money put in. */
  deposited: bigint;
  /** The position's value at settlement; 0 if the round is not settled (or the position left it before). */
  payout: bigint;
  /** `payout − principal` (negative for a loss); 0 if not settled. */
  profit: bigint;
  /**
   * The position's part of the round's fees (management and performance, by its shares of the round), already taken
   * from `payout`; 0 if not settled.
   */
  fees: bigint;
  /**
   * "withdrawn": the payout was withdrawn; "rolled": it moved into the vault's next round; "withdrawable": settled,
   * waiting to be withdrawn; "in progress": the round is open or locked; "refunded": withdrawn while the pool was
   * still open (principal back).
   */
  outcome: PositionOutcome;
  /** What the investor received from this round: the withdrawn payout or the refund; 0 otherwise. */
  withdrawn: bigint;
  /** The round's lockup, seconds (0 until it starts). */
  lockupStartTime: number;
  lockupEndTime: number;
  /** The round's transactions for this position, oldest first (the last one gave it its `outcome`). */
  transactions: PositionTransaction[];
};

export type GetPositionHistoryParameters = {
  deployment: Deployment;
  account: Address;
  /** First `getLogs` range in blocks (10,000 by default); refused ranges are halved. */
  initialRange?: bigint;
};

const HISTORY_EVENTS = [
  getAbiItem({ abi: investmentFundAbi, name: "Invested" }),
  getAbiItem({ abi: investmentFundAbi, name: "Withdrawn" }),
  getAbiItem({ abi: investmentFundAbi, name: "EmergencyWithdrawn" }),
  getAbiItem({ abi: investmentFundAbi, name: "RollOverSet" }),
  getAbiItem({ abi: investmentFundAbi, name: "ProfitDistributed" }),
] as const;

const SHARE_PRICE_SCALE = 10n ** 18n;

type Row = PositionRound & { settled: boolean };
type VaultState = { shares: bigint; rollOver: boolean; row: Row | undefined };

/**
 * The investor's rounds across the vaults, newest first, rebuilt from the fund's events since the deployment block:
 * the account's `Invested`, `Withdrawn`, `EmergencyWithdrawn` and `RollOverSet`, and every `ProfitDistributed`, in
 * block order, with `getPoolInfo` of every pool. Shares bought come from `Invested`; at each settlement of the pool
 * holding them they are paid at the pool's settlement price and, when the roll-over choice was on at that moment,
 * carried into the vault's next round.
 *
 * One `eth_getLogs` filter serves both kinds of event: topic 0 is any of the five events and topic 1 is the account
 * or one of the vault ids (`ProfitDistributed`'s first indexed field); no investor has an address equal to a small
 * vault id, and the account's own events are checked again after decoding. Requests: the block number and the counts,
 * then the logs (one per range) and the pools; the blocks' times come with the logs where the node gives them
 * (`blockTimestamp`), else one more request reads those blocks. Each row lists its transactions (hash, block, time).
 */
export async function getPositionHistory(
  client: Client,
  { deployment, account, initialRange }: GetPositionHistoryParameters,
): Promise<PositionRound[]> {
  const investor = getAddress(account);
  const { logs, pools } = await readHistoryLogs(client, deployment, investor, initialRange);
  const rows = buildRounds(logs, pools, investor);
  await stampBlockTimes(client, rows, logs);
  return toStatement(rows);
}

/**
 * The fund's history events for the account (and every `ProfitDistributed`) from the deployment block to the head,
 * decoded and in block order, with `getPoolInfo` of every pool.
 */
async function readHistoryLogs(
  client: Client,
  deployment: Deployment,
  investor: Address,
  initialRange: bigint | undefined,
): Promise<{ logs: HistoryLog[]; pools: readonly PoolInfo[] }> {
  const [toBlock, counts] = await Promise.all([
    getBlockNumber(client, { cacheTime: 0 }),
    readCounts(client, deployment),
  ]);
  const topics = historyTopics(investor, counts.vaultCount);
  const [rpcLogs, { pools }] = await Promise.all([
    inBlockRanges(
      { fromBlock: deployment.deploymentBlock, toBlock, ...(initialRange === undefined ? {} : { initialRange }) },
      (from, to) =>
        client.request({
          method: "eth_getLogs",
          params: [
            {
              address: deployment.investmentFund,
              topics,
              fromBlock: numberToHex(from),
              toBlock: numberToHex(to),
            },
          ],
        }) as Promise<RpcLog[]>,
    ),
    readVaultsAndPools(client, deployment, { vaultCount: 0, poolCount: counts.poolCount }),
  ]);
  return { logs: parseHistoryLogs(rpcLogs), pools };
}

/** The `eth_getLogs` topics: any of the five events, with the account or one of the vault ids as topic 1. */
function historyTopics(investor: Address, vaultCount: number): [Hex[], Hex[]] {
  // Each event's selector (its signature's hash), the logs' first topic.
  const topic0 = HISTORY_EVENTS.map((event) => toEventSelector(event));
  const topic1 = [
    padHex(investor.toLowerCase() as Hex),
    ...idsUpTo(vaultCount).map((id) => numberToHex(id, { size: 32 })),
  ];
  return [topic0, topic1];
}

/** The raw logs decoded, in block order (then log order within a block). */
function parseHistoryLogs(rpcLogs: RpcLog[]) {
  return parseEventLogs({ abi: HISTORY_EVENTS, logs: rpcLogs.map((log) => formatLog(log)), strict: true }).sort(
    (a, b) =>
      a.blockNumber === b.blockNumber ? (a.logIndex ?? 0) - (b.logIndex ?? 0) : a.blockNumber < b.blockNumber ? -1 : 1,
  );
}

type HistoryLog = ReturnType<typeof parseHistoryLogs>[number];
type SettlementLog = Extract<HistoryLog, { eventName: "ProfitDistributed" }>;
type InvestorLog = Exclude<HistoryLog, { eventName: "ProfitDistributed" }>;

/** The rounds being rebuilt: the rows in the order they opened and each vault's current position. */
type Rounds = { rows: Row[]; states: Map<bigint, VaultState>; pools: readonly PoolInfo[] };

/** Replays the logs (in block order) into the investor's rounds, oldest first. */
function buildRounds(logs: readonly HistoryLog[], pools: readonly PoolInfo[], investor: Address): Row[] {
  const rounds: Rounds = { rows: [], states: new Map(), pools };
  for (const log of logs) {
    if (log.eventName === "ProfitDistributed") settleRound(rounds, log);
    else if (getAddress(log.args.investor) === investor) applyInvestorEvent(rounds, log);
  }
  return rounds.rows;
}

/** A pool's settlement: the position holding shares in it is paid out, and rolled into the next round if chosen. */
function settleRound(rounds: Rounds, log: SettlementLog): void {
  const { vaultId, poolId } = log.args;
  const state = rounds.states.get(vaultId);
  const row = state?.row;
  if (!state || !row || row.poolId !== poolId || state.shares === 0n) return;
  const pool = poolById(rounds.pools, poolId);
  const price = pool?.settleSharePrice ?? 0n;
  row.payout = (state.shares * price) / SHARE_PRICE_SCALE;
  row.profit = row.payout - row.principal;
  row.fees = pool && pool.totalShares > 0n ? (pool.fundFee * state.shares) / pool.totalShares : 0n;
  row.settled = true;
  record(row, "settled", log, row.payout);
  if (!state.rollOver) {
    row.outcome = "withdrawable";
    return;
  }
  row.outcome = "rolled";
  const next = pool ? nextPoolOf(rounds.pools, pool) : undefined;
  if (price === 0n || next === undefined) {
    // Nothing left to roll (a total loss starts a new era), or the next pool is not visible yet.
    state.shares = 0n;
    state.row = undefined;
  } else {
    state.row = openRow(rounds, vaultId, next, row.payout);
    record(state.row, "rolled in", log, row.payout);
  }
}

/** One of the account's own events: a roll-over choice, an investment, a withdrawal or a refund. */
function applyInvestorEvent(rounds: Rounds, log: InvestorLog): void {
  const state = stateOf(rounds, log.args.vaultId);
  switch (log.eventName) {
    case "RollOverSet":
      state.rollOver = log.args.enabled;
      break;
    case "Invested": {
      const { vaultId, poolId, amount, shares } = log.args;
      if (!state.row || state.row.poolId !== poolId) {
        state.shares = 0n;
        state.row = openRow(rounds, vaultId, poolId, 0n);
      }
      state.row.principal += amount;
      state.row.deposited += amount;
      record(state.row, "invested", log, amount);
      state.shares += shares;
      break;
    }
    case "Withdrawn":
    case "EmergencyWithdrawn": {
      const row = state.row;
      if (row) {
        row.outcome = row.settled ? "withdrawn" : "refunded";
        row.withdrawn = log.args.amount;
        record(row, row.outcome, log, log.args.amount);
      }
      state.shares = 0n;
      state.row = undefined;
      break;
    }
  }
}

/** The vault's position state, created empty on first use. */
function stateOf(rounds: Rounds, vaultId: bigint): VaultState {
  let state = rounds.states.get(vaultId);
  if (!state) {
    state = { shares: 0n, rollOver: false, row: undefined };
    rounds.states.set(vaultId, state);
  }
  return state;
}

/** A new row for the position's round in `poolId`, starting at `principal`. */
function openRow(rounds: Rounds, vaultId: bigint, poolId: bigint, principal: bigint): Row {
  const pool = poolById(rounds.pools, poolId);
  const row: Row = {
    vaultId: Number(vaultId),
    poolId,
    round: Number(pool?.round ?? 0n),
    principal,
    deposited: 0n,
    payout: 0n,
    fees: 0n,
    profit: 0n,
    outcome: "in progress",
    withdrawn: 0n,
    lockupStartTime: Number(pool?.lockupStartTime ?? 0n),
    lockupEndTime: Number(pool?.lockupEndTime ?? 0n),
    transactions: [],
    settled: false,
  };
  rounds.rows.push(row);
  return row;
}

/** Adds the log's transaction to the row (its time is filled in later by `stampBlockTimes`). */
function record(row: Row, kind: PositionTransactionKind, log: HistoryLog, amount: bigint): void {
  row.transactions.push({ kind, hash: log.transactionHash, blockNumber: log.blockNumber, timestamp: 0, amount });
}

/** The blocks' times: from the logs where the node gives them (anvil, recent geth), else read. */
async function stampBlockTimes(client: Client, rows: Row[], logs: readonly HistoryLog[]): Promise<void> {
  const known = new Map<bigint, number>();
  for (const log of logs) if (log.blockTimestamp) known.set(log.blockNumber, Number(log.blockTimestamp));
  const times = await getBlockTimestamps(client, {
    blockNumbers: rows.flatMap((row) => row.transactions.map((tx) => tx.blockNumber)),
    known,
  });
  for (const row of rows) for (const tx of row.transactions) tx.timestamp = times.get(tx.blockNumber) ?? 0;
}

/** The rows as the statement shows them: newest pool first. */
function toStatement(rows: Row[]): PositionRound[] {
  return rows
    .map(({ settled: _settled, ...row }) => row)
    .reverse()
    .sort((a, b) => (a.poolId === b.poolId ? 0 : a.poolId > b.poolId ? -1 : 1));
}

/** The id of the pool the vault opened when `pool` settled (its next round), if it exists yet. */
function nextPoolOf(pools: readonly PoolInfo[], pool: PoolInfo): bigint | undefined {
  const index = pools.findIndex((p) => p.vaultId === pool.vaultId && p.round === pool.round + 1n);
  return index < 0 ? undefined : BigInt(index + 1);
}
