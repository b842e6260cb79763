import { inBlockRanges } from "@fundament/sdk";
import { type Block, type Client, erc20Abi, getAbiItem, parseAbiItem, type Transaction } from "viem";
import { getBlock, getLogs, getTransactionReceipt } from "viem/actions";
import { NATIVE_LOG_INDEX_BASE, NATIVE_TOKEN_ADDRESS, SWAP_PAYOUT_LOG_INDEX_BASE } from "../account/activityTokens.js";
import type { tokenTransfers } from "../db/schema.js";

const transferEvent = getAbiItem({ abi: erc20Abi, name: "Transfer" });
const approvalEvent = getAbiItem({ abi: erc20Abi, name: "Approval" });
const withdrawalEvent = parseAbiItem("event Withdrawal(address indexed src, uint256 wad)");

/** A row of `token_transfers`. */
export type TransferRow = typeof tokenTransfers.$inferInsert;

export type ReadChainTransfersParameters = {
  chainId: number;
  fromBlock: bigint;
  toBlock: bigint;
  /** Read every block's transactions for native transfers (else only the blocks with a token transfer). */
  native: boolean;
  /** Read ERC-20 `Approval` logs too (rows of kind `approval`). */
  approvals?: boolean;
  /** The DEX router and WETH (lower-case), when the deployment has a DEX: a swap's ether payout is recorded. */
  router?: string | undefined;
  weth?: string | undefined;
  /** Requests in flight at once (blocks, receipts). */
  concurrency?: number;
};

/**
 * Every transfer of `fromBlock..toBlock`: each ERC-20 `Transfer` log of any token (a topic filter without an
 * address; ERC-721 transfers, with a fourth topic, do not decode and are left out), each successful top-level
 * transaction with value (a native transfer), and the ether a DEX router pays out of a swap (a WETH `Withdrawal`
 * by the router, sent on to the transaction's sender), and with `approvals` each ERC-20 `Approval` (kind
 * `approval`: from the owner to the spender, the allowance as value). Rows carry the block's time and the
 * transaction's `to`.
 */
export async function readChainTransfers(
  client: Client,
  {
    chainId,
    fromBlock,
    toBlock,
    native,
    approvals = true,
    router,
    weth,
    concurrency = 8,
  }: ReadChainTransfersParameters,
): Promise<TransferRow[]> {
  const logs = await inBlockRanges({ fromBlock, toBlock }, (from, to) =>
    getLogs(client, { event: transferEvent, fromBlock: from, toBlock: to, strict: true }),
  );
  const allowances = approvals
    ? await inBlockRanges({ fromBlock, toBlock }, (from, to) =>
        getLogs(client, { event: approvalEvent, fromBlock: from, toBlock: to, strict: true }),
      )
    : [];
  const payouts =
    router && weth
      ? await inBlockRanges({ fromBlock, toBlock }, (from, to) =>
          getLogs(client, {
            address: weth as `0x${string}`,
            event: withdrawalEvent,
            args: { src: router as `0x${string}` },
            fromBlock: from,
            toBlock: to,
            strict: true,
          }),
        )
      : [];
  const numbers = native
    ? Array.from({ length: Number(toBlock - fromBlock + 1n) }, (_, i) => fromBlock + BigInt(i))
    : [...new Set([...logs, ...allowances, ...payouts].map((entry) => entry.blockNumber))];
  const blocks = new Map<bigint, Block<bigint, true>>();
  await forEachLimited(numbers, concurrency, async (blockNumber) => {
    blocks.set(blockNumber, await getBlock(client, { blockNumber, includeTransactions: true }));
  });
  const transactions = new Map<string, Transaction>();
  for (const block of blocks.values()) for (const tx of block.transactions) transactions.set(tx.hash, tx);
  const minedAt = (blockNumber: bigint) => new Date(Number(blocks.get(blockNumber)?.timestamp ?? 0n) * 1000);
  const base = (blockNumber: bigint, txHash: string) => ({
    chainId,
    txHash: txHash.toLowerCase(),
    blockNumber: Number(blockNumber),
    minedAt: minedAt(blockNumber),
    txTo: transactions.get(txHash)?.to?.toLowerCase() ?? null,
  });

  const rows: TransferRow[] = logs.flatMap((entry) => {
    const { from, to, value } = entry.args;
    return [
      {
        ...base(entry.blockNumber, entry.transactionHash),
        logIndex: entry.logIndex,
        token: entry.address.toLowerCase(),
        fromAddress: from.toLowerCase(),
        toAddress: to.toLowerCase(),
        value: value.toString(),
      },
    ];
  });

  for (const entry of allowances) {
    const { owner, spender, value } = entry.args;
    rows.push({
      ...base(entry.blockNumber, entry.transactionHash),
      logIndex: entry.logIndex,
      token: entry.address.toLowerCase(),
      fromAddress: owner.toLowerCase(),
      toAddress: spender.toLowerCase(),
      value: value.toString(),
      kind: "approval",
    });
  }

  for (const entry of payouts) {
    const tx = transactions.get(entry.transactionHash);
    if (!router || tx?.to?.toLowerCase() !== router) continue;
    rows.push({
      ...base(entry.blockNumber, entry.transactionHash),
      logIndex: SWAP_PAYOUT_LOG_INDEX_BASE + entry.logIndex,
      token: NATIVE_TOKEN_ADDRESS,
      fromAddress: router,
      toAddress: tx.from.toLowerCase(),
      value: entry.args.wad.toString(),
    });
  }

  if (native) {
    const valued = [...blocks.values()].flatMap((block) =>
      block.transactions.filter((tx) => tx.value > 0n && tx.to !== null),
    );
    // Logs only come from successful transactions; a reverted transaction's value never moved: check receipts.
    const succeeded = new Set<string>();
    await forEachLimited(valued, concurrency, async (tx) => {
      const receipt = await getTransactionReceipt(client, { hash: tx.hash });
      if (receipt.status === "success") succeeded.add(tx.hash);
    });
    for (const tx of valued) {
      if (!succeeded.has(tx.hash) || tx.blockNumber === null || tx.to === null) continue;
      rows.push({
        ...base(tx.blockNumber, tx.hash),
        logIndex: NATIVE_LOG_INDEX_BASE + (tx.transactionIndex ?? 0),
        token: NATIVE_TOKEN_ADDRESS,
        fromAddress: tx.from.toLowerCase(),
        toAddress: tx.to.toLowerCase(),
        value: tx.value.toString(),
      });
    }
  }
  return rows;
}

/** Runs `run` over `items` with at most `limit` calls in flight; the first failure is thrown. */
async function forEachLimited<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
