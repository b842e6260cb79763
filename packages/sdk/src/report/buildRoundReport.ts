import { type Address, type Client, erc20Abi, formatUnits, getAbiItem, getAddress, parseUnits } from "viem";
import { getBlock, getBlockNumber, getChainId, multicall } from "viem/actions";
import { investmentFundAbi } from "../abi/index.js";
import { FundamentError } from "../baseErrors.js";
import type { Deployment } from "../deployment/deployment.js";
import { fundContract, isDeployless } from "../reads/fundContract.js";
import { getLogsInChunks } from "../utils/getLogsInChunks.js";
import type { RoundReport, RoundReportExchange, RoundReportManualItem, RoundReportTransfer } from "./types.js";

/** The most manual items a report may list, and the longest note. */
export const MAX_MANUAL_ITEMS = 20;
export const MAX_MANUAL_NOTE = 280;

export type BuildRoundReportParameters = {
  deployment: Deployment;
  /** The round: its pool id (as in the report's URL). */
  poolId: bigint | number;
  /** The block every chain figure is read at; the latest when omitted. */
  blockNumber?: bigint;
  /** The exchange account's answer, read by the caller (the API) with a read-only key; null where none is configured. */
  exchange: RoundReportExchange | null;
  /** Parts of the returned funds the API cannot observe, declared with a note (amounts in token units). */
  manualItems?: readonly RoundReportManualItem[];
};

const lockupStarted = getAbiItem({ abi: investmentFundAbi, name: "LockupStarted" });
const fundsCollected = getAbiItem({ abi: investmentFundAbi, name: "FundsCollected" });
const transfer = getAbiItem({ abi: erc20Abi, name: "Transfer" });

/**
 * Builds a round's NAV report from what the chain shows at one block: the round's principal and lockup, each trading
 * wallet's investment-token balance, the transfers to and from the trading wallets since the lockup began, and what
 * the fund collected back (the total a settlement claims). The exchange's answer and the manual items are inputs.
 * The same inputs always give the same report (and the same canonical JSON and hash).
 */
export async function buildRoundReport(client: Client, parameters: BuildRoundReportParameters): Promise<RoundReport> {
  const { deployment, exchange } = parameters;
  const poolId = BigInt(parameters.poolId);
  const blockNumber = parameters.blockNumber ?? (await getBlockNumber(client, { cacheTime: 0 }));
  const at = { blockNumber, deployless: isDeployless(client), allowFailure: false } as const;
  const fund = fundContract(deployment);
  const [chainId, block, [pool, token, wallets]] = await Promise.all([
    getChainId(client),
    getBlock(client, { blockNumber }),
    multicall(client, {
      ...at,
      contracts: [
        { ...fund, functionName: "getPoolInfo", args: [poolId] },
        { ...fund, functionName: "investmentToken" },
        { ...fund, functionName: "getTradingWallets", args: [poolId] },
      ],
    }),
  ]);
  if (pool.vaultId === 0n) throw new FundamentError(`There is no round with pool id ${poolId}.`);
  if (pool.lockupStartTime === 0n) {
    throw new FundamentError(`Round ${pool.round} of vault ${pool.vaultId} was not locked at block ${blockNumber}.`);
  }
  const [walletAddresses, allocations, walletTypes] = wallets;
  const [[decimals, symbol], balances] = await Promise.all([
    multicall(client, {
      ...at,
      contracts: [
        { address: token, abi: erc20Abi, functionName: "decimals" },
        { address: token, abi: erc20Abi, functionName: "symbol" },
      ],
    }),
    multicall(client, {
      ...at,
      contracts: walletAddresses.map(
        (w) => ({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [w] }) as const,
      ),
    }),
  ]);
  const units = (amount: bigint) => formatUnits(amount, Number(decimals));
  const startBlock = await findLockupStartBlock(client, deployment, pool.vaultId, poolId, blockNumber);
  const range = { fromBlock: startBlock, toBlock: blockNumber, initialRange: blockNumber - startBlock + 1n };
  const [sentLogs, receivedLogs, collectLogs] =
    walletAddresses.length === 0
      ? [[], [], []]
      : await Promise.all([
          getLogsInChunks(client, { address: token, event: transfer, args: { from: [...walletAddresses] }, ...range }),
          getLogsInChunks(client, { address: token, event: transfer, args: { to: [...walletAddresses] }, ...range }),
          getLogsInChunks(client, { address: fund.address, event: fundsCollected, args: { poolId }, ...range }),
        ]);
  const transfers = uniqueTransfers([...sentLogs, ...receivedLogs], units);
  const collectedBy = sumBy(collectLogs.map((l) => [l.args.wallet, l.args.amount] as const));
  const collectedTotal = [...collectedBy.values()].reduce((a, b) => a + b, 0n);
  if (collectedTotal !== pool.collected) {
    throw new FundamentError(
      `The fund's collection events add up to ${units(collectedTotal)} ${symbol}, but the round shows ${units(pool.collected)} ${symbol} collected.`,
    );
  }
  const sentBy = sumBy(transfers.map((t) => [t.from, parseUnits(t.amount, Number(decimals))] as const));
  const receivedBy = sumBy(transfers.map((t) => [t.to, parseUnits(t.amount, Number(decimals))] as const));
  const manualItems = checkManualItems(parameters.manualItems ?? [], Number(decimals), pool.collected, symbol);
  return {
    version: 1,
    chainId,
    fund: getAddress(fund.address),
    vaultId: pool.vaultId.toString(),
    poolId: poolId.toString(),
    round: pool.round.toString(),
    token: { address: getAddress(token), symbol, decimals: Number(decimals) },
    block: { number: blockNumber.toString(), timestamp: block.timestamp.toString() },
    lockup: { start: pool.lockupStartTime.toString(), end: pool.lockupEndTime.toString() },
    principal: units(pool.preLockupTotal),
    tradingWallets: walletAddresses.map((address, i) => ({
      address: getAddress(address),
      walletType: walletTypes[i] ?? "",
      allocationBasisPoints: (allocations[i] ?? 0n).toString(),
      balance: units(balances[i] ?? 0n),
      received: units(receivedBy.get(getAddress(address)) ?? 0n),
      sent: units(sentBy.get(getAddress(address)) ?? 0n),
      collected: units(collectedBy.get(getAddress(address)) ?? 0n),
    })),
    transfers,
    exchange,
    manualItems,
    collected: units(pool.collected),
    total: units(pool.collected),
  };
}

/** The block of the round's `LockupStarted` event (every transfer of the round comes at or after it). */
async function findLockupStartBlock(
  client: Client,
  deployment: Deployment,
  vaultId: bigint,
  poolId: bigint,
  toBlock: bigint,
): Promise<bigint> {
  const logs = await getLogsInChunks(client, {
    address: deployment.investmentFund,
    event: lockupStarted,
    args: { vaultId, poolId },
    fromBlock: deployment.deploymentBlock,
    toBlock,
    initialRange: toBlock - deployment.deploymentBlock + 1n,
  });
  const start = logs.at(-1)?.blockNumber;
  if (start === undefined || start === null) {
    throw new FundamentError(`The start of pool ${poolId}'s lockup was not found on chain before block ${toBlock}.`);
  }
  return start;
}

type TransferLog = {
  blockNumber: bigint | null;
  transactionHash: `0x${string}` | null;
  logIndex: number | null;
  args: { from?: Address; to?: Address; value?: bigint };
};

/** Transfers in chain order, each once (a transfer between two trading wallets matches both queries). */
function uniqueTransfers(logs: readonly TransferLog[], units: (amount: bigint) => string): RoundReportTransfer[] {
  const byKey = new Map<string, RoundReportTransfer & { order: [bigint, number] }>();
  for (const log of logs) {
    const key = `${log.transactionHash}:${log.logIndex}`;
    if (byKey.has(key)) continue;
    byKey.set(key, {
      block: String(log.blockNumber),
      transaction: log.transactionHash ?? "0x",
      logIndex: String(log.logIndex),
      from: getAddress(log.args.from ?? "0x0000000000000000000000000000000000000000"),
      to: getAddress(log.args.to ?? "0x0000000000000000000000000000000000000000"),
      amount: units(log.args.value ?? 0n),
      order: [log.blockNumber ?? 0n, log.logIndex ?? 0],
    });
  }
  return [...byKey.values()]
    .sort((a, b) => (a.order[0] === b.order[0] ? a.order[1] - b.order[1] : a.order[0] < b.order[0] ? -1 : 1))
    .map(({ order: _order, ...t }) => t);
}

function sumBy(entries: readonly (readonly [Address | undefined, bigint | undefined])[]): Map<Address, bigint> {
  const sums = new Map<Address, bigint>();
  for (const [address, amount] of entries) {
    if (!address) continue;
    const key = getAddress(address);
    sums.set(key, (sums.get(key) ?? 0n) + (amount ?? 0n));
  }
  return sums;
}

/** Manual items, checked: a positive amount in token units, a note of 1 to 280 characters, together at most the total. */
function checkManualItems(
  items: readonly RoundReportManualItem[],
  decimals: number,
  total: bigint,
  symbol: string,
): RoundReportManualItem[] {
  if (items.length > MAX_MANUAL_ITEMS) {
    throw new FundamentError(`A report lists at most ${MAX_MANUAL_ITEMS} manual items.`);
  }
  let sum = 0n;
  const checked = items.map(({ amount, note }) => {
    const trimmed = typeof note === "string" ? note.trim() : "";
    if (trimmed.length === 0 || trimmed.length > MAX_MANUAL_NOTE) {
      throw new FundamentError(`Each manual item needs a note of 1 to ${MAX_MANUAL_NOTE} characters.`);
    }
    let value: bigint;
    try {
      if (!/^\d+(\.\d+)?$/.test(amount)) throw new Error("not a decimal");
      value = parseUnits(amount, decimals);
    } catch {
      throw new FundamentError(`A manual item's amount must be a positive number of ${symbol} ("${amount}").`);
    }
    // Never rounded: a figure the operator declared is stated as declared, or refused.
    if ((amount.split(".")[1]?.length ?? 0) > decimals) {
      throw new FundamentError(`A manual item's amount has at most ${decimals} decimals (${symbol}): "${amount}".`);
    }
    if (value <= 0n) throw new FundamentError(`A manual item's amount must be a positive number of ${symbol}.`);
    sum += value;
    return { amount: formatUnits(value, decimals), note: trimmed };
  });
  if (sum > total) {
    throw new FundamentError(
      `The manual items add up to ${formatUnits(sum, decimals)} ${symbol}, more than the ${formatUnits(total, decimals)} ${symbol} returned.`,
    );
  }
  return checked;
}
