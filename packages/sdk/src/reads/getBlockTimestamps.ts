import type { Client } from "viem";
import { getBlock } from "viem/actions";

export type GetBlockTimestampsParameters = {
  /** The blocks whose times are wanted (repeats are read once). */
  blockNumbers: readonly bigint[];
  /**
   * Times already known, block → seconds: e.g. the `blockTimestamp` that anvil and recent geth put on each log, so
   * that only blocks without one are read.
   */
  known?: ReadonlyMap<bigint, number>;
};

/**
 * The timestamp (seconds) of each block asked for: the known ones as given, the others read with `eth_getBlockByNumber`
 * (started together: on a batching client one JSON-RPC request). Nothing is read when every time is known.
 */
export async function getBlockTimestamps(
  client: Client,
  { blockNumbers, known }: GetBlockTimestampsParameters,
): Promise<Map<bigint, number>> {
  const times = new Map<bigint, number>();
  const missing: bigint[] = [];
  for (const blockNumber of new Set(blockNumbers)) {
    const time = known?.get(blockNumber);
    if (time === undefined) missing.push(blockNumber);
    else times.set(blockNumber, time);
  }
  const blocks = await Promise.all(missing.map((blockNumber) => getBlock(client, { blockNumber })));
  for (const block of blocks) if (block.number !== null) times.set(block.number, Number(block.timestamp));
  return times;
}
