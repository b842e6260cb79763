import { type AbiEvent, type Address, type Block, type Client, erc20Abi, getAbiItem, type Hex } from "viem";
import { getBlock, getLogs } from "viem/actions";
import { fundTimelockAbi } from "../abi/index.js";
import { FundamentError } from "../baseErrors.js";
import { type Deployment, governorAddress } from "../deployment/deployment.js";
import {
  decodeFundChange,
  describeFundChange,
  type FundChangeCall,
  type FundChangeDescription,
} from "../format/describeFundChange.js";
import { getLogsInChunks, isRangeRefusal } from "../utils/getLogsInChunks.js";
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
  const latest = getBlock(client, { blockTag: "latest" });
  if (!timelock) return { changes: [], delay: 0, chainTime: Number((await latest).timestamp) };
  const contract = { address: timelock, abi: fundTimelockAbi } as const;
  // Everything that needs no other answer at once (one JSON-RPC batch): the clock, the token's decimals and symbol,
  // the delay and the scheduled calls up to the latest block. Then which of them still wait, and until when.
  const logs = { client, address: timelock, fromBlock: deployment.deploymentBlock, latest };
  const [block, [decimals, symbol, delay], calls, salts] = await Promise.all([
    latest,
    getInvestmentTokenAddress(client, deployment).then((token) =>
      readContracts(client, [
        { address: token, abi: erc20Abi, functionName: "decimals" },
        { address: token, abi: erc20Abi, functionName: "symbol" },
        { ...contract, functionName: "getMinDelay" },
      ]),
    ),
    logsToLatest({ ...logs, event: scheduled }),
    logsToLatest({ ...logs, event: salted }),
  ]);
  const saltOf = new Map(salts.map((log) => [log.args.id as Hex, log.args.salt as Hex]));
  // One entry per operation (a batch would schedule several calls under one id: only its first is shown, by index 0).
  const operations = [
    ...new Map(calls.filter((log) => log.args.index === 0n).map((log) => [log.args.id as Hex, log])).values(),
  ];
  const [states, times] = await Promise.all([
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
  return { changes, delay: Number(delay), chainTime: Number(block.timestamp) };
}

/**
 * `event`'s logs at `address` from `fromBlock` to the latest block, asked in one `eth_getLogs` up to "latest" (so it
 * goes out with the latest block's read, not after it); where the provider refuses the span, in chunks up to the block
 * `latest` names.
 */
async function logsToLatest<const event extends AbiEvent>({
  client,
  address,
  event,
  fromBlock,
  latest,
}: {
  client: Client;
  address: Address;
  event: event;
  fromBlock: bigint;
  latest: Promise<Block>;
}) {
  try {
    return await getLogs(client, { address, event, fromBlock, toBlock: "latest", strict: true });
  } catch (error) {
    if (!isRangeRefusal(error)) throw error;
    const toBlock = (await latest).number ?? fromBlock;
    return getLogsInChunks(client, {
      address,
      event,
      fromBlock,
      toBlock,
      initialRange: (toBlock - fromBlock + 1n) / 2n,
    });
  }
}
