import type { InvestmentToken } from "@fundament/sdk";
import { sql } from "drizzle-orm";
import { formatUnits, getAddress } from "viem";
import type { Db } from "../db/client.js";
import { queryRows } from "../db/queryRows.js";

/** The wallet layer's history page size. */
export const ACCOUNT_HISTORY_PAGE_SIZE = 20;

export type AccountHistoryQuery = {
  /** Lower-case 0x address. */
  address: string;
  chainId: number;
  /** The `next` of the previous page. */
  cursor?: { blockNumber: number; logIndex: number } | undefined;
  /** The indexed investment token of the chain, when known. */
  token?: InvestmentToken | undefined;
};

export type AccountHistoryItem = {
  id: string;
  metadata: {
    minedAt: string;
    chain: string;
    hash: string;
    sentFrom: string;
    sentTo: string;
    status: "confirmed";
    operationType: "send" | "receive";
    blockNumber: number;
  };
  transfers: {
    fungible_info: { name: string; symbol: string };
    direction: "in" | "out";
    quantity: { numeric: string };
    token_address: string;
  }[];
};

/** Checksummed addresses (a keccak each), kept for the addresses seen last: at most 10,000, dropped together. */
const checksums = new Map<string, string>();
function checksum(lower: string): string {
  let value = checksums.get(lower);
  if (value === undefined) {
    value = getAddress(lower);
    if (checksums.size >= 10_000) checksums.clear();
    checksums.set(lower, value);
  }
  return value;
}

type Row = {
  tx_hash: string;
  log_index: number;
  block_number: number | string;
  mined_ms: number | string;
  token: string;
  from_address: string;
  to_address: string;
  value: string;
};

/**
 * One page of an account's transfers of the investment token, newest first, in the wallet layer's shape.
 * Keyset paging in two index-ordered branches, one per side ((chain, from, block, log) and (chain, to, block,
 * log), each `LIMIT 21`, the second without self-transfers so none is counted twice), merged and cut to 21:
 * a page reads at most 42 index entries however long the account's history is.
 */
export async function readAccountHistory(
  db: Db,
  { address, chainId, cursor, token }: AccountHistoryQuery,
): Promise<{ data: AccountHistoryItem[]; next: string | null }> {
  const limit = ACCOUNT_HISTORY_PAGE_SIZE + 1;
  const after = cursor ? sql`AND (block_number, log_index) < (${cursor.blockNumber}, ${cursor.logIndex})` : sql``;
  const rows = await queryRows<Row>(
    db,
    sql`
    SELECT page.tx_hash, page.log_index, page.block_number::float8 AS block_number,
      floor(extract(epoch FROM page.mined_at) * 1000)::float8 AS mined_ms,
      page.token, page.from_address, page.to_address, page.value
    FROM (
      (SELECT * FROM token_transfers
        WHERE chain_id = ${chainId} AND from_address = ${address} ${after}
        ORDER BY block_number DESC, log_index DESC LIMIT ${limit})
      UNION ALL
      (SELECT * FROM token_transfers
        WHERE chain_id = ${chainId} AND to_address = ${address} AND from_address <> ${address} ${after}
        ORDER BY block_number DESC, log_index DESC LIMIT ${limit})
    ) AS page
    ORDER BY page.block_number DESC, page.log_index DESC
    LIMIT ${limit}`,
  );
  const page = rows.slice(0, ACCOUNT_HISTORY_PAGE_SIZE);
  const fungible_info = { name: token?.name ?? "Investment token", symbol: token?.symbol ?? "" };
  const decimals = token?.decimals ?? 18;
  const data = page.map((row): AccountHistoryItem => {
    const direction = row.from_address === address ? "out" : "in";
    const logIndex = Number(row.log_index);
    return {
      id: `${row.tx_hash}:${logIndex}`,
      metadata: {
        minedAt: new Date(Number(row.mined_ms)).toISOString(),
        chain: `eip155:${chainId}`,
        hash: row.tx_hash,
        sentFrom: checksum(row.from_address),
        sentTo: checksum(row.to_address),
        status: "confirmed",
        operationType: direction === "out" ? "send" : "receive",
        blockNumber: Number(row.block_number),
      },
      transfers: [
        {
          fungible_info: { ...fungible_info },
          direction,
          quantity: { numeric: formatUnits(BigInt(row.value), decimals) },
          token_address: checksum(row.token),
        },
      ],
    };
  });
  const last = page.at(-1);
  return {
    data,
    next:
      rows.length > ACCOUNT_HISTORY_PAGE_SIZE && last ? `${Number(last.block_number)}:${Number(last.log_index)}` : null,
  };
}
