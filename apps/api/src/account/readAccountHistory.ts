import type { Deployment, InvestmentToken } from "@fundament/sdk";
import { sql } from "drizzle-orm";
import { formatUnits, getAddress } from "viem";
import type { Db } from "../db/client.js";
import { queryRows } from "../db/queryRows.js";
import { dexRouterOf, listedTokensOf, NATIVE_TOKEN, NATIVE_TOKEN_ADDRESS, ZERO_ADDRESS } from "./activityTokens.js";

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
  /** The chain's deployment, when known: the fund (invest / withdraw), the DEX router (swap), the listed tokens. */
  deployment?: Deployment | undefined;
  /**
   * Tokens the operator lists besides the deployment's own (`SWAP_TOKENS`): not spam either. A deployment given by
   * environment variables (FUND_ADDRESS…, as `npm start` passes it) has no `tokens` list of its own.
   */
  listedTokens?: readonly string[] | undefined;
};

/** What an item of the history did, from the account's side. */
export type OperationType =
  | "send"
  | "receive"
  | "swap"
  | "invest"
  | "withdraw"
  | "approve"
  | "execute"
  | "mint"
  | "buy"
  /** A vote on a governance proposal (no transfer: `metadata.vote`). */
  | "vote"
  /** A change of the account's roll-over choice for a vault (no transfer: `metadata.rollOver`, `metadata.vault`). */
  | "rollover";

/** How an account voted (the governor's `VoteType`). */
export type VoteChoice = "for" | "against" | "abstain";

export type AccountHistoryItem = {
  id: string;
  metadata: {
    minedAt: string;
    chain: string;
    hash: string;
    sentFrom: string;
    sentTo: string;
    status: "confirmed";
    operationType: OperationType;
    blockNumber: number;
    /**
     * The fund's vault an investment, a withdrawal or a roll-over change was for: its id, and its name once the
     * indexer has seen the vault's `VaultCreated`.
     */
    vault?: { id: string; name?: string };
    /** A vote (`operationType` "vote"): on which proposal, which way. */
    vote?: { proposalId: string; choice: VoteChoice };
    /** A roll-over change (`operationType` "rollover"): whether roll-over is now on. */
    rollOver?: { enabled: boolean };
  };
  transfers: {
    fungible_info: { name: string; symbol: string };
    direction: "in" | "out";
    quantity: { numeric: string };
    token_address: string;
    /** A native transfer (ether), not a token's. */
    native?: true;
    /** A token neither the deployment's token list nor the investment token: possibly spam. */
    spam?: true;
  }[];
  /** Set when the item's token is possibly spam (see `transfers[].spam`). */
  spam?: true;
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
  /** A row of `token_transfers`, or of `fund_events` (a vote, a roll-over change). */
  source: "transfer" | "event";
  tx_hash: string;
  log_index: number;
  block_number: number | string;
  mined_ms: number | string;
  token: string;
  from_address: string;
  to_address: string;
  value: string;
  tx_to: string | null;
  kind: string;
  token_name: string | null;
  token_symbol: string | null;
  token_decimals: number | string | null;
  /** The transaction delivered an on-ramp order. */
  bought: boolean;
  /** The vault of the event, or of the fund's event that goes with a transfer (`invest`, `withdraw`). */
  vault_id: string | null;
  vault_name: string | null;
  proposal_id: string | null;
  choice: string | null;
};

/**
 * The label of a transfer from the account's side: `approve` (an ERC-20 `Approval`: from the owner to the
 * spender, the allowance as quantity), `buy` (the delivery of an on-ramp order to the account), `swap` (a transaction to the DEX router; each leg is an item
 * with the same hash), `mint` (from the zero address), `invest` / `withdraw` (to / from the fund), else `send` or
 * `receive`.
 */
export function operationTypeOf(
  row: { from: string; to: string; txTo: string | null; kind?: string; bought?: boolean },
  address: string,
  { fund, router }: { fund?: string | undefined; router?: string | undefined },
): OperationType {
  if (row.kind === "approval") return "approve";
  if (row.bought && row.to === address) return "buy";
  if (router && row.txTo === router) return "swap";
  if (row.from === ZERO_ADDRESS) return "mint";
  if (fund && row.from === address && row.to === fund) return "invest";
  if (fund && row.from === fund && row.to === address) return "withdraw";
  return row.from === address ? "send" : "receive";
}

/**
 * One page of an account's transfers (native and of any token) and of its fund events that move no token (votes,
 * roll-over changes), newest first, in the wallet layer's shape, each labelled (`operationType`) and, for a token the
 * deployment does not list, marked `spam`; an investment or a withdrawal carries its vault (`metadata.vault`, from
 * the fund's `Invested` / `Withdrawn` event in the same transaction, named by the vault's `VaultCreated`).
 * Keyset paging in three index-ordered branches, one per side of the transfers ((chain, from, block, log) and (chain,
 * to, block, log), the second without self-transfers so none is counted twice) and the account's fund events
 * ((chain, account, block, log)), each `LIMIT 21`, merged and cut to 21: a page reads a bounded number of index
 * entries however long the account's history is. Approvals show on the owner's side only (the `to` branch, the
 * spender's, keeps transfers).
 */
export async function readAccountHistory(
  db: Db,
  { address, chainId, cursor, token, deployment, listedTokens = [] }: AccountHistoryQuery,
): Promise<{ data: AccountHistoryItem[]; next: string | null }> {
  const limit = ACCOUNT_HISTORY_PAGE_SIZE + 1;
  const after = cursor ? sql`AND (block_number, log_index) < (${cursor.blockNumber}, ${cursor.logIndex})` : sql``;
  const rows = await queryRows<Row>(
    db,
    sql`
    SELECT page.source, page.tx_hash, page.log_index, page.block_number::float8 AS block_number,
      floor(extract(epoch FROM page.mined_at) * 1000)::float8 AS mined_ms,
      page.token, page.from_address, page.to_address, page.value, page.tx_to, page.kind,
      meta.name AS token_name, meta.symbol AS token_symbol, meta.decimals AS token_decimals,
      EXISTS (SELECT 1 FROM onramp_orders AS buy
        WHERE buy.tx_hash = page.tx_hash AND buy.status = 'delivered') AS bought,
      coalesce(page.vault_id, moved.vault_id) AS vault_id, vault.vault_name,
      page.proposal_id, page.choice
    FROM (
      (SELECT 'transfer' AS source, chain_id, tx_hash, log_index, block_number, mined_at, token, from_address,
          to_address, value, tx_to, kind, NULL::text AS vault_id, NULL::text AS proposal_id, NULL::text AS choice
        FROM token_transfers
        WHERE chain_id = ${chainId} AND from_address = ${address} ${after}
        ORDER BY block_number DESC, log_index DESC LIMIT ${limit})
      UNION ALL
      (SELECT 'transfer' AS source, chain_id, tx_hash, log_index, block_number, mined_at, token, from_address,
          to_address, value, tx_to, kind, NULL::text AS vault_id, NULL::text AS proposal_id, NULL::text AS choice
        FROM token_transfers
        WHERE chain_id = ${chainId} AND to_address = ${address} AND from_address <> ${address}
          AND kind = 'transfer' ${after}
        ORDER BY block_number DESC, log_index DESC LIMIT ${limit})
      UNION ALL
      (SELECT 'event' AS source, chain_id, tx_hash, log_index, block_number, mined_at, contract AS token,
          account AS from_address, contract AS to_address, '0' AS value, contract AS tx_to, kind, vault_id,
          proposal_id, choice
        FROM fund_events
        WHERE chain_id = ${chainId} AND account = ${address} AND kind IN ('vote', 'roll_over') ${after}
        ORDER BY block_number DESC, log_index DESC LIMIT ${limit})
    ) AS page
    LEFT JOIN token_metadata AS meta ON page.source = 'transfer'
      AND meta.chain_id = page.chain_id AND meta.address = page.token
    LEFT JOIN LATERAL (
      SELECT moved.vault_id FROM fund_events AS moved
      WHERE page.source = 'transfer' AND page.kind = 'transfer'
        AND moved.chain_id = page.chain_id AND moved.tx_hash = page.tx_hash
        AND moved.kind IN ('invest', 'withdraw', 'emergency_withdraw')
        AND moved.account IN (page.from_address, page.to_address)
      ORDER BY (moved.amount = page.value) DESC, abs(moved.log_index - page.log_index)
      LIMIT 1
    ) AS moved ON true
    LEFT JOIN fund_events AS vault ON vault.chain_id = page.chain_id AND vault.kind = 'vault_created'
      AND vault.vault_id = coalesce(page.vault_id, moved.vault_id)
    ORDER BY page.block_number DESC, page.log_index DESC
    LIMIT ${limit}`,
  );
  const page = rows.slice(0, ACCOUNT_HISTORY_PAGE_SIZE);
  const known = deployment?.chainId === chainId ? deployment : undefined;
  const labels = { fund: known?.investmentFund.toLowerCase(), router: dexRouterOf(known) };
  const listed = listedTokensOf(known, token?.address);
  for (const listedToken of listedTokens) listed.add(listedToken.toLowerCase());
  const data = page.map((row): AccountHistoryItem => {
    if (row.source === "event") return eventItem(row, chainId);
    const direction = row.from_address === address ? "out" : "in";
    const logIndex = Number(row.log_index);
    const native = row.token === NATIVE_TOKEN_ADDRESS;
    const indexed = token && token.address.toLowerCase() === row.token ? token : undefined;
    const name = native ? NATIVE_TOKEN.name : (row.token_name ?? indexed?.name ?? "Unknown token");
    const symbol = native ? NATIVE_TOKEN.symbol : (row.token_symbol ?? indexed?.symbol ?? "");
    const decimals = native ? NATIVE_TOKEN.decimals : Number(row.token_decimals ?? indexed?.decimals ?? 18);
    const spam = !native && known !== undefined && !listed.has(row.token);
    const operationType = operationTypeOf(
      { from: row.from_address, to: row.to_address, txTo: row.tx_to, kind: row.kind, bought: row.bought },
      address,
      labels,
    );
    return {
      id: `${row.tx_hash}:${logIndex}`,
      metadata: {
        minedAt: new Date(Number(row.mined_ms)).toISOString(),
        chain: `eip155:${chainId}`,
        hash: row.tx_hash,
        sentFrom: checksum(row.from_address),
        sentTo: checksum(row.to_address),
        status: "confirmed",
        operationType,
        blockNumber: Number(row.block_number),
        ...((operationType === "invest" || operationType === "withdraw") && vaultOf(row)),
      },
      transfers: [
        {
          fungible_info: { name, symbol },
          direction,
          quantity: { numeric: formatUnits(BigInt(row.value), decimals) },
          token_address: checksum(row.token),
          ...(native && { native: true as const }),
          ...(spam && { spam: true as const }),
        },
      ],
      ...(spam && { spam: true as const }),
    };
  });
  const last = page.at(-1);
  return {
    data,
    next:
      rows.length > ACCOUNT_HISTORY_PAGE_SIZE && last ? `${Number(last.block_number)}:${Number(last.log_index)}` : null,
  };
}

/** `metadata.vault` of a row whose vault is known: `{ vault: { id, name } }`, else nothing. */
function vaultOf(row: Pick<Row, "vault_id" | "vault_name">): { vault: { id: string; name?: string } } | undefined {
  if (row.vault_id === null) return undefined;
  return { vault: { id: row.vault_id, ...(row.vault_name !== null && { name: row.vault_name }) } };
}

const VOTE_CHOICES: readonly string[] = ["for", "against", "abstain"] satisfies VoteChoice[];

/**
 * An item of a fund event that moved no token (a vote, a roll-over change): no transfers; `sentFrom` the account,
 * `sentTo` the contract (the governor, the fund); what happened in `metadata.vote` or `metadata.rollOver` (with
 * `metadata.vault`).
 */
function eventItem(row: Row, chainId: number): AccountHistoryItem {
  const vote = row.kind === "vote";
  return {
    id: `${row.tx_hash}:${Number(row.log_index)}`,
    metadata: {
      minedAt: new Date(Number(row.mined_ms)).toISOString(),
      chain: `eip155:${chainId}`,
      hash: row.tx_hash,
      sentFrom: checksum(row.from_address),
      sentTo: checksum(row.to_address),
      status: "confirmed",
      operationType: vote ? "vote" : "rollover",
      blockNumber: Number(row.block_number),
      ...(vote
        ? {
            vote: {
              proposalId: row.proposal_id ?? "0",
              choice: (VOTE_CHOICES.includes(row.choice ?? "") ? row.choice : "against") as VoteChoice,
            },
          }
        : { ...vaultOf(row), rollOver: { enabled: row.choice === "on" } }),
    },
    transfers: [],
  };
}
