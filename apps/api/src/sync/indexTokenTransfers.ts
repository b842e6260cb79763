import { type Deployment, getInvestmentToken, getLogsInChunks, type InvestmentToken } from "@fundament/sdk";
import type { Client } from "viem";
import { erc20Abi, getAbiItem } from "viem";
import { getBlock, getBlockNumber } from "viem/actions";
import type { Db } from "../db/client.js";
import { tokenTransfers } from "../db/schema.js";
import { getSyncState, JOBS, saveCursor } from "./syncState.js";

const transferEvent = getAbiItem({ abi: erc20Abi, name: "Transfer" });

export type IndexTokenTransfersParameters = {
  db: Db;
  client: Client;
  deployment: Deployment;
  /** The token, when already read (saves a call per run). */
  token?: InvestmentToken;
  /** Blocks per stored step: each step's rows and the cursor are written in one transaction. */
  stepBlocks?: bigint;
  onStored?: () => void;
};

export type IndexTokenTransfersReturnType = { stored: number; cursor: bigint; token: InvestmentToken };

/**
 * Indexes the ERC-20 `Transfer` logs of the fund's investment token from the deployment block (or the
 * stored cursor) to the latest block, in steps. Rows are keyed by (chainId, txHash, logIndex), so re-reading
 * a block range stores nothing twice; the cursor (last indexed block) moves with each step's rows.
 */
export async function indexTokenTransfers({
  db,
  client,
  deployment,
  token: known,
  stepBlocks = 50_000n,
  onStored,
}: IndexTokenTransfersParameters): Promise<IndexTokenTransfersReturnType> {
  const token = known ?? (await getInvestmentToken(client, { deployment }));
  const job = JOBS.history(deployment.chainId);
  const state = await getSyncState(db, job);
  let from = state?.cursor ? BigInt(state.cursor) + 1n : deployment.deploymentBlock;
  const latest = await getBlockNumber(client, { cacheTime: 0 });
  let stored = 0;
  while (from <= latest) {
    const to = from + stepBlocks - 1n < latest ? from + stepBlocks - 1n : latest;
    const logs = await getLogsInChunks(client, {
      address: token.address,
      event: transferEvent,
      fromBlock: from,
      toBlock: to,
    });
    const times = new Map<bigint, Date>();
    for (const blockNumber of new Set(logs.map((log) => log.blockNumber))) {
      const block = await getBlock(client, { blockNumber });
      times.set(blockNumber, new Date(Number(block.timestamp) * 1000));
    }
    const rows = logs.flatMap((log) => {
      const { from: sender, to: receiver, value } = log.args;
      if (!sender || !receiver || value === undefined) return [];
      return [
        {
          chainId: deployment.chainId,
          txHash: log.transactionHash.toLowerCase(),
          logIndex: log.logIndex,
          blockNumber: Number(log.blockNumber),
          minedAt: times.get(log.blockNumber) ?? new Date(0),
          token: token.address.toLowerCase(),
          fromAddress: sender.toLowerCase(),
          toAddress: receiver.toLowerCase(),
          value: value.toString(),
        },
      ];
    });
    await db.transaction(async (tx) => {
      if (rows.length > 0) await (tx as unknown as Db).insert(tokenTransfers).values(rows).onConflictDoNothing();
      await saveCursor(tx as unknown as Db, job, to.toString());
    });
    if (rows.length > 0) onStored?.();
    stored += rows.length;
    from = to + 1n;
  }
  return { stored, cursor: from - 1n, token };
}
