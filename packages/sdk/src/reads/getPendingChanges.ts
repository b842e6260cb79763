import { type Address, type Client, erc20Abi, getAbiItem, type Hex } from "viem";
import { getBlock, getBlockNumber } from "viem/actions";
import { fundTimelockAbi } from "../abi/index.js";
import { FundamentError } from "../baseErrors.js";
import { type Deployment, governorAddress } from "../deployment/deployment.js";
import {
  decodeFundChange,
  describeFundChange,
  type FundChangeCall,
  type FundChangeDescription,
} from "../format/describeFundChange.js";
import { getLogsInChunks } from "../utils/getLogsInChunks.js";
import { readContracts } from "../utils/readContracts.js";
import { getInvestmentTokenAddress } from "./getInvestmentTokenAddress.js";

/** A change waiting in the fund's timelock (or ready to execute), with what it does in words. */
export type PendingChange = FundChangeDescription & {
  /** The timelock's operation id. */
  id: Hex;
  target: Address;
  value: bigint;
  data: Hex;
  predecessor: Hex;
  salt: Hex;
  call: FundChangeCall;
  /** When it may be executed (seconds since the epoch, on the chain's clock). */
  readyAt: number;
  /** "waiting": the delay runs; "ready": anyone may execute it now. */
  state: "waiting" | "ready";
};

export type GetPendingChangesReturnType = {
  changes: PendingChange[];
  /** The timelock's delay for new changes, in seconds. */
  delay: number;
  /** The chain's clock (the latest block's time): count down against it, not the wall clock. */
  chainTime: number;
};

const scheduled = getAbiItem({ abi: fundTimelockAbi, name: "CallScheduled" });
const salted = getAbiItem({ abi: fundTimelockAbi, name: "CallSalt" });
/** OpenZeppelin's `OperationState`: Unset, Waiting, Ready, Done. */
const WAITING = 1;
const READY = 2;

/**
 * The changes waiting in the fund's `FundTimelock`, soonest first: its `CallScheduled` events since the deployment
 * (one `eth_getLogs` where the provider accepts the span), each decoded and put in words, then one multicall for which
 * are still waiting or ready (cancelled and executed ones drop out) and when. Empty without a timelock.
 */
export async function getPendingChanges(
  client: Client,
  { deployment }: { deployment: Deployment },
): Promise<GetPendingChangesReturnType> {
  const timelock = deployment.fundTimelock;
  const latest = await getBlock(client, { blockTag: "latest" });
  if (!timelock) return { changes: [], delay: 0, chainTime: Number(latest.timestamp) };
  const toBlock = await getBlockNumber(client, { cacheTime: 0 });
  const range = {
    fromBlock: deployment.deploymentBlock,
    toBlock,
    initialRange: toBlock - deployment.deploymentBlock + 1n,
  };
  const [calls, salts, token] = await Promise.all([
    getLogsInChunks(client, { address: timelock, event: scheduled, ...range }),
    getLogsInChunks(client, { address: timelock, event: salted, ...range }),
    getInvestmentTokenAddress(client, deployment),
  ]);
  const saltOf = new Map(salts.map((log) => [log.args.id as Hex, log.args.salt as Hex]));
  // One entry per operation (a batch would schedule several calls under one id: only its first is shown, by index 0).
  const operations = [
    ...new Map(calls.filter((log) => log.args.index === 0n).map((log) => [log.args.id as Hex, log])).values(),
  ];
  const contract = { address: timelock, abi: fundTimelockAbi } as const;
  const [[decimals, symbol, delay], states, times] = await Promise.all([
    readContracts(client, [
      { address: token, abi: erc20Abi, functionName: "decimals" },
      { address: token, abi: erc20Abi, functionName: "symbol" },
      { ...contract, functionName: "getMinDelay" },
    ]),
    readContracts(
      client,
      operations.map(
        (log) => ({ ...contract, functionName: "getOperationState", args: [log.args.id as Hex] }) as const,
      ),
    ),
    readContracts(
      client,
      operations.map((log) => ({ ...contract, functionName: "getTimestamp", args: [log.args.id as Hex] }) as const),
    ),
  ]);
  const changes: PendingChange[] = [];
  operations.forEach((log, i) => {
    const state = states[i];
    if (state !== WAITING && state !== READY) return;
    const { id, target, value, data, predecessor } = log.args;
    if (!id || !target || value === undefined || !data || !predecessor) {
      throw new FundamentError("The timelock returned a CallScheduled event without its fields.");
    }
    const call = decodeFundChange({ target, data }, { ...deployment, fundGovernor: governorAddress(deployment) });
    changes.push({
      id,
      target,
      value,
      data,
      predecessor,
      salt: saltOf.get(id) ?? `0x${"00".repeat(32)}`,
      call,
      ...describeFundChange(call, { decimals, symbol }),
      readyAt: Number(times[i] ?? 0n),
      state: state === READY ? "ready" : "waiting",
    });
  });
  changes.sort((a, b) => a.readyAt - b.readyAt);
  return { changes, delay: Number(delay), chainTime: Number(latest.timestamp) };
}
