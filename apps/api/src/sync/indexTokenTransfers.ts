import {
  type Deployment,
  getInvestmentToken,
  governorAddress,
  type InvestmentToken,
  LOCAL_CHAIN_ID,
} from "@fundament/sdk";
import { and, eq, gt } from "drizzle-orm";
import type { Address, Client } from "viem";
import { getBlock, getBlockNumber, getChainId } from "viem/actions";
import { dexRouterOf, NATIVE_TOKEN_ADDRESS, wethOf } from "../account/activityTokens.js";
import { readTokenMetadata, type TokenMetadataRow } from "../chain/readTokenMetadata.js";
import type { Db } from "../db/client.js";
import { fundEvents, tokenMetadata, tokenTransfers } from "../db/schema.js";
import { getSyncState, JOBS, saveCursor } from "../jobs/syncState.js";
import { type ChainCursor, type ChainIdentity, parseChainCursor, sameIdentity } from "./chainCursor.js";
import { readChainTransfers } from "./readChainTransfers.js";
import { readFundEvents } from "./readFundEvents.js";

/** Blocks the indexer stays behind the head by default: none on the local chain (instant demo), 2 elsewhere. */
export const defaultConfirmations = (chainId: number): number => (chainId === LOCAL_CHAIN_ID ? 0 : 2);

export type IndexTokenTransfersParameters = {
  db: Db;
  client: Client;
  deployment: Deployment;
  /** The token, when already read (saves a call per run). */
  token?: InvestmentToken;
  /**
   * Blocks per stored step: each step's rows and the cursor are written in one transaction (500 by default when
   * native transfers are read, as every block of a step is then read with its transactions; 50,000 otherwise).
   */
  stepBlocks?: bigint;
  /** Index native transfers (top-level transactions with value) too; true by default. */
  native?: boolean;
  /** Blocks to stay behind the head (defaultConfirmations by default). */
  confirmations?: number;
  /** Blocks re-read when the last indexed block's hash changed (a re-organisation). */
  reorgDepth?: bigint;
  /** Stops between steps (a safe point) once aborted. */
  signal?: AbortSignal;
  onStored?: () => void;
  /** What the indexer repaired (a new chain or deployment, a re-organisation), for the log. */
  log?: (message: string) => void;
};

export type IndexTokenTransfersReturnType = {
  /** Transfers stored (rows of `token_transfers`). */
  stored: number;
  /** Fund and governor events stored (rows of `fund_events`). */
  storedEvents: number;
  cursor: bigint;
  token: InvestmentToken;
  /** Why the index started over or rolled back in this run, if it did. */
  repaired?: "new chain or deployment" | "re-organisation";
};

/** Raised when the chain moved under a step (its last block's hash changed while it was read): retried next run. */
export class ChainMovedError extends Error {
  override name = "ChainMovedError";
}

/**
 * Indexes the account history of the chain from the deployment block (or the stored cursor) to `confirmations`
 * blocks behind the head, in steps: every ERC-20 `Transfer` and `Approval` log of any token, native transfers
 * (top-level transactions with value) and a DEX router's ether payouts (`readChainTransfers`), the fund's and its
 * governor's events that the history shows or names vaults with (`readFundEvents`: vaults created, investments and
 * withdrawals by vault, roll-over choices, votes; rows of `fund_events`), and each new token's name, symbol and
 * decimals, read once. Rows are keyed by (chainId, txHash, logIndex), so re-reading a block range stores
 * nothing twice; the cursor moves with each step's rows and token metadata in one transaction.
 *
 * History that is true: the cursor keeps the identity of what was indexed (chain id, genesis block hash, fund and
 * token addresses, deployment block, the scope: what is indexed and the DEX router) and the hash of the last indexed
 * block. When the identity changes (a new
 * local chain after a restart of `npm start`, another deployment) the chain's rows are deleted and indexing
 * starts over; when the last indexed block's hash changed (a re-organisation), the last `reorgDepth` blocks'
 * rows are deleted and read again.
 */
export async function indexTokenTransfers({
  db,
  client,
  deployment,
  token: knownToken,
  native = true,
  stepBlocks = native ? 500n : 50_000n,
  confirmations = defaultConfirmations(deployment.chainId),
  reorgDepth = 64n,
  signal,
  onStored,
  log = () => {},
}: IndexTokenTransfersParameters): Promise<IndexTokenTransfersReturnType> {
  const job = JOBS.history(deployment.chainId);
  const { chainId, identity } = await readChainIdentity(client, deployment, native);
  const governor = governorAddress(deployment);
  const run: IndexRun = { db, client, deployment, job, chainId, identity, governor, native, onStored, log };
  const resumed = await resumeCursor(run, reorgDepth);
  let last = resumed.last;
  const token = knownToken ?? (await getInvestmentToken(client, { deployment }));
  const known = await readKnownTokens(db, deployment.chainId);
  let from = BigInt(last.block) + 1n;
  const head = (await getBlockNumber(client, { cacheTime: 0 })) - BigInt(confirmations);
  let stored = 0;
  let storedEvents = 0;
  while (from <= head && !signal?.aborted) {
    const to = from + stepBlocks - 1n < head ? from + stepBlocks - 1n : head;
    const step = await readStep(run, from, to, known);
    const next: ChainCursor = { block: to.toString(), hash: step.hash, identity };
    await storeStep(run, step, next);
    for (const row of step.metadata) known.add(row.address);
    stored += step.rows.length;
    storedEvents += step.events.length;
    last = next;
    from = to + 1n;
  }
  const { repaired } = resumed;
  return { stored, storedEvents, cursor: BigInt(last.block), token, ...(repaired && { repaired }) };
}

/** What one run of the indexer works with: where it stores, what it reads and what it indexes. */
type IndexRun = {
  db: Db;
  client: Client;
  deployment: Deployment;
  /** The sync job holding the cursor. */
  job: string;
  chainId: number;
  identity: ChainIdentity;
  /** The fund's governor, whose events are indexed with the fund's. */
  governor: Address;
  native: boolean;
  onStored: (() => void) | undefined;
  log: (message: string) => void;
};

/** Where the index resumes from, and why it started over or rolled back, if it did. */
type Resumed = { last: ChainCursor; repaired: IndexTokenTransfersReturnType["repaired"] };

/** One step's rows, read between two reads of its last block's hash (`hash`). */
type Step = {
  rows: Awaited<ReturnType<typeof readChainTransfers>>;
  events: Awaited<ReturnType<typeof readFundEvents>>;
  metadata: TokenMetadataRow[];
  hash: string | null;
};

/** The identity of what is indexed; refuses an RPC that serves another chain than the deployment's. */
async function readChainIdentity(
  client: Client,
  deployment: Deployment,
  native: boolean,
): Promise<{ chainId: number; identity: ChainIdentity }> {
  const chainId = await getChainId(client);
  if (chainId !== deployment.chainId) {
    throw new Error(`the RPC serves chain ${chainId}, not the deployment's chain ${deployment.chainId}`);
  }
  const genesis = await getBlock(client, { blockNumber: 0n });
  const identity: ChainIdentity = {
    chainId,
    genesis: genesis.hash,
    fund: deployment.investmentFund.toLowerCase(),
    token: deployment.investmentToken?.toLowerCase() ?? null,
    deploymentBlock: deployment.deploymentBlock.toString(),
    // `fund-events`: an index built before `fund_events` existed starts over once, so votes and vault names fill in.
    scope: `transfers+approvals${native ? "+native" : ""}+fund-events;router=${dexRouterOf(deployment) ?? "none"}`,
  };
  return { chainId, identity };
}

/**
 * The stored cursor, checked: a first run or another chain or deployment starts over (`startOver`), a changed last
 * block rolls back `reorgDepth` blocks (`rollBack`), else the index resumes where it stopped.
 */
async function resumeCursor(run: IndexRun, reorgDepth: bigint): Promise<Resumed> {
  const state = parseChainCursor((await getSyncState(run.db, run.job))?.cursor ?? null);
  if (!state || !sameIdentity(state.identity, run.identity)) return startOver(run, state);
  const stillThere = state.hash === null || (await blockHash(run.client, BigInt(state.block))) === state.hash;
  if (stillThere) return { last: state, repaired: undefined };
  return rollBack(run, state, reorgDepth);
}

/** A first run, or another chain or deployment than the stored rows came from: the chain's rows are deleted. */
async function startOver(run: IndexRun, state: ChainCursor | undefined): Promise<Resumed> {
  const { db, deployment, identity } = run;
  let repaired: IndexTokenTransfersReturnType["repaired"];
  if (state) {
    repaired = "new chain or deployment";
    run.log(
      `Account history: the chain or deployment changed (${describeChange(state.identity, identity)}); indexing again from block ${identity.deploymentBlock}`,
    );
  }
  const last: ChainCursor = { block: (deployment.deploymentBlock - 1n).toString(), hash: null, identity };
  await db.transaction(async (tx) => {
    await tx.delete(tokenTransfers).where(eq(tokenTransfers.chainId, deployment.chainId));
    await tx.delete(fundEvents).where(eq(fundEvents.chainId, deployment.chainId));
    // A new local chain may hold other tokens at the same addresses: their metadata is read again.
    await tx.delete(tokenMetadata).where(eq(tokenMetadata.chainId, deployment.chainId));
    await saveCursor(tx, run.job, JSON.stringify(last));
  });
  if (state) run.onStored?.();
  return { last, repaired };
}

/** The last indexed block's hash changed (a re-organisation): the last `reorgDepth` blocks' rows are deleted. */
async function rollBack(run: IndexRun, state: ChainCursor, reorgDepth: bigint): Promise<Resumed> {
  const { db, client, deployment, identity } = run;
  const floor = deployment.deploymentBlock - 1n;
  const back = BigInt(state.block) - reorgDepth > floor ? BigInt(state.block) - reorgDepth : floor;
  run.log(`Account history: block ${state.block} changed (a re-organisation); re-reading from block ${back + 1n}`);
  const last: ChainCursor = {
    block: back.toString(),
    hash: back > floor ? await blockHash(client, back) : null,
    identity,
  };
  await db.transaction(async (tx) => {
    await tx
      .delete(tokenTransfers)
      .where(and(eq(tokenTransfers.chainId, deployment.chainId), gt(tokenTransfers.blockNumber, Number(back))));
    await tx
      .delete(fundEvents)
      .where(and(eq(fundEvents.chainId, deployment.chainId), gt(fundEvents.blockNumber, Number(back))));
    await saveCursor(tx, run.job, JSON.stringify(last));
  });
  run.onStored?.();
  return { last, repaired: "re-organisation" };
}

/** The tokens whose metadata is already stored for the chain. */
async function readKnownTokens(db: Db, chainId: number): Promise<Set<string>> {
  const rows = await db
    .select({ address: tokenMetadata.address })
    .from(tokenMetadata)
    .where(eq(tokenMetadata.chainId, chainId));
  return new Set(rows.map((row) => row.address));
}

/**
 * One step's transfers, fund events and new tokens' metadata, blocks `from` to `to`; raises `ChainMovedError` when
 * the last block's hash changed while they were read.
 */
async function readStep(run: IndexRun, from: bigint, to: bigint, known: ReadonlySet<string>): Promise<Step> {
  const { client, deployment, chainId } = run;
  const hashBefore = await blockHash(client, to);
  const rows = await readChainTransfers(client, {
    chainId,
    fromBlock: from,
    toBlock: to,
    native: run.native,
    router: dexRouterOf(deployment),
    weth: wethOf(deployment),
  });
  const events = await readFundEvents(client, {
    chainId,
    fromBlock: from,
    toBlock: to,
    fund: deployment.investmentFund,
    governor: run.governor,
    minedAt: new Map(rows.map((row) => [row.blockNumber, row.minedAt])),
  });
  const metadata: TokenMetadataRow[] = [];
  for (const address of new Set(rows.map((row) => row.token))) {
    if (address === NATIVE_TOKEN_ADDRESS || known.has(address)) continue;
    metadata.push(await readTokenMetadata(client, chainId, address));
  }
  if ((await blockHash(client, to)) !== hashBefore) {
    throw new ChainMovedError(`block ${to} changed while it was read; the next run reads it again`);
  }
  return { rows, events, metadata, hash: hashBefore };
}

/** Stores the step's rows and moves the cursor to `next`, in one transaction. */
async function storeStep(run: IndexRun, { rows, events, metadata }: Step, next: ChainCursor): Promise<void> {
  await run.db.transaction(async (tx) => {
    if (rows.length > 0) await tx.insert(tokenTransfers).values(rows).onConflictDoNothing();
    if (events.length > 0) await tx.insert(fundEvents).values(events).onConflictDoNothing();
    if (metadata.length > 0) await tx.insert(tokenMetadata).values(metadata).onConflictDoNothing();
    await saveCursor(tx, run.job, JSON.stringify(next));
  });
  if (rows.length > 0 || events.length > 0) run.onStored?.();
}

/** A block's hash, or null when the chain has no such block (it is shorter now). */
async function blockHash(client: Client, blockNumber: bigint): Promise<string | null> {
  try {
    return (await getBlock(client, { blockNumber })).hash;
  } catch {
    return null;
  }
}

function describeChange(before: ChainIdentity, now: ChainIdentity): string {
  const keys = (Object.keys(now) as (keyof ChainIdentity)[]).filter((key) => before[key] !== now[key]);
  return keys.map((key) => `${key} ${String(before[key])} → ${String(now[key])}`).join(", ");
}
