import type { AbiEvent, Address, Client, GetLogsParameters, GetLogsReturnType } from "viem";
import { getBlockNumber, getLogs } from "viem/actions";

/** Messages providers use when they refuse a block range or a result size. */
const RANGE_REFUSAL = /range|limit|too many|exceed|more than|response size|query timeout/i;

/** Whether an RPC error is a provider refusing the size of a `getLogs` query (so a smaller range may pass). */
export function isRangeRefusal(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 8; depth++) {
    const { message, details, shortMessage, code } = e as {
      message?: unknown;
      details?: unknown;
      shortMessage?: unknown;
      code?: unknown;
    };
    if (code === -32005) return true;
    for (const text of [details, shortMessage, message])
      if (typeof text === "string" && RANGE_REFUSAL.test(text)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export type GetLogsInChunksParameters<event extends AbiEvent> = {
  address: Address;
  event: event;
  /** The indexed filter of `event`, typed from it. */
  args?: GetLogsParameters<event>["args"];
  fromBlock: bigint;
  /** The latest block when omitted. */
  toBlock?: bigint;
  /** First range tried, in blocks (10,000 by default: most hosted providers accept it). */
  initialRange?: bigint;
};

/**
 * Runs `fetch(from, to)` over `fromBlock..toBlock` in ranges that adapt to the provider: a refused range is halved
 * and retried, a passing one grows back towards `initialRange`. Other errors are thrown.
 */
export async function inBlockRanges<T>(
  { fromBlock, toBlock, initialRange = 10_000n }: { fromBlock: bigint; toBlock: bigint; initialRange?: bigint },
  fetch: (from: bigint, to: bigint) => Promise<readonly T[]>,
): Promise<T[]> {
  const results: T[] = [];
  let range = initialRange > 0n ? initialRange : 1n;
  let from = fromBlock;
  while (from <= toBlock) {
    const to = from + range - 1n < toBlock ? from + range - 1n : toBlock;
    try {
      results.push(...(await fetch(from, to)));
      from = to + 1n;
      if (range < initialRange) range = range * 2n > initialRange ? initialRange : range * 2n;
    } catch (error) {
      if (range === 1n || !isRangeRefusal(error)) throw error;
      range /= 2n;
    }
  }
  return results;
}

/**
 * `eth_getLogs` over a long block span in chunks that adapt to the provider: a refused range is
 * halved and retried, a passing one grows back towards `initialRange`. Other errors are thrown.
 */
export async function getLogsInChunks<const event extends AbiEvent>(
  client: Client,
  { address, event, args, fromBlock, toBlock, initialRange = 10_000n }: GetLogsInChunksParameters<event>,
): Promise<GetLogsReturnType<event>> {
  const last = toBlock ?? (await getBlockNumber(client, { cacheTime: 0 }));
  const logs = await inBlockRanges({ fromBlock, toBlock: last, initialRange }, async (from, to) =>
    getLogs(client, {
      address,
      event,
      args,
      fromBlock: from,
      toBlock: to,
      strict: true,
    }),
  );
  return logs as GetLogsReturnType<event>;
}
