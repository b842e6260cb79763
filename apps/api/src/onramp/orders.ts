import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { onrampOrders } from "../db/schema.js";

/** A stored order of the local checkout. */
export type OnrampOrder = typeof onrampOrders.$inferSelect;

/** An order's state: created → paid → delivering → delivered, or failed (see `delivery.ts`). */
export type OrderStatus = OnrampOrder["status"];

/** An order's fields before it is stored (id, state, delivery and times are added). */
export type NewOrder = Omit<
  OnrampOrder,
  "id" | "status" | "txHash" | "signedTx" | "txNonce" | "txFrom" | "failure" | "createdAt" | "updatedAt"
>;

/** A delivery transaction, signed and not necessarily sent: its raw bytes, hash, nonce and sender. */
export type SignedTransaction = { raw: `0x${string}`; hash: `0x${string}`; nonce: number; from: `0x${string}` };

/** The states in which an order is owed its tokens: recovery finishes them. */
export const UNFINISHED: readonly OrderStatus[] = ["paid", "delivering"];

/** An unguessable order id ("o_" and 32 hex digits): the checkout link is the only key to the order. */
export function newOrderId(): string {
  return `o_${randomBytes(16).toString("hex")}`;
}

/** An order id's shape, checked before the database is asked. */
export const ORDER_ID_PATTERN = /^o_[0-9a-f]{32}$/;

/** Stores a new order in state `created`. */
export async function createOrder(db: Db, order: NewOrder, now = new Date()): Promise<OnrampOrder> {
  const [row] = await db
    .insert(onrampOrders)
    .values({ ...order, id: newOrderId(), status: "created", createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error("the order was not stored");
  return row;
}

/** The order with `id`, or undefined. */
export async function readOrder(db: Db, id: string): Promise<OnrampOrder | undefined> {
  if (!ORDER_ID_PATTERN.test(id)) return undefined;
  const [row] = await db.select().from(onrampOrders).where(eq(onrampOrders.id, id));
  return row;
}

/**
 * Moves a `created` order to `paid` and answers it; undefined when the order is in any other state (already paid,
 * delivered or failed), so that only one payment ever delivers.
 */
export async function claimPayment(db: Db, id: string, now = new Date()): Promise<OnrampOrder | undefined> {
  const [row] = await db
    .update(onrampOrders)
    .set({ status: "paid", updatedAt: now })
    .where(and(eq(onrampOrders.id, id), eq(onrampOrders.status, "created")))
    .returning();
  return row;
}

/** The condition "the order is unfinished and its stored transaction is `txHash` (none: null)". */
const holds = (id: string, txHash: string | null) =>
  and(
    eq(onrampOrders.id, id),
    inArray(onrampOrders.status, [...UNFINISHED]),
    txHash === null ? isNull(onrampOrders.txHash) : eq(onrampOrders.txHash, txHash),
  );

/**
 * Stores a signed delivery before it is broadcast and moves the order to `delivering`, only while the order still
 * holds `replacing` (null: no transaction yet; a hash: a transaction that can never be mined). False when another
 * delivery got there first: then this transaction must never be sent.
 */
export async function storeSigned(
  db: Db,
  id: string,
  signed: SignedTransaction,
  replacing: string | null,
): Promise<boolean> {
  const rows = await db
    .update(onrampOrders)
    .set({
      status: "delivering",
      txHash: signed.hash,
      signedTx: signed.raw,
      txNonce: signed.nonce,
      txFrom: signed.from,
      updatedAt: new Date(),
    })
    .where(holds(id, replacing))
    .returning({ id: onrampOrders.id });
  return rows.length === 1;
}

/** Marks an order delivered by its stored transaction `txHash` (mined and successful). */
export async function markDelivered(db: Db, id: string, txHash: string): Promise<void> {
  await db
    .update(onrampOrders)
    .set({ status: "delivered", failure: null, updatedAt: new Date() })
    .where(holds(id, txHash));
}

/** Marks an unfinished order failed with a plain sentence, while it still holds `txHash` (null: none). */
export async function markFailed(db: Db, id: string, txHash: string | null, failure: string): Promise<void> {
  await db.update(onrampOrders).set({ status: "failed", failure, updatedAt: new Date() }).where(holds(id, txHash));
}

/**
 * The orders of `chainId` paid and not delivered (`paid`, `delivering`), last changed before `before` when given:
 * signed ones first in nonce order (so their nonces are filled in order), then the others by age.
 */
export async function unfinishedOrders(db: Db, chainId: number, before?: Date): Promise<OnrampOrder[]> {
  return db
    .select()
    .from(onrampOrders)
    .where(
      and(
        inArray(onrampOrders.status, [...UNFINISHED]),
        eq(onrampOrders.chainId, chainId),
        before ? lt(onrampOrders.updatedAt, before) : undefined,
      ),
    )
    .orderBy(sql`${onrampOrders.txNonce} asc nulls last`, asc(onrampOrders.createdAt));
}
