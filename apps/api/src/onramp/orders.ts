import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { onrampOrders } from "../db/schema.js";

/** A stored order of the local checkout. */
export type OnrampOrder = typeof onrampOrders.$inferSelect;

/** An order's fields before it is stored (id, state and times are added). */
export type NewOrder = Omit<OnrampOrder, "id" | "status" | "txHash" | "failure" | "createdAt" | "updatedAt">;

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

/** Records the delivery's transaction hash as soon as it is sent. */
export async function recordTransaction(db: Db, id: string, txHash: string): Promise<void> {
  await db.update(onrampOrders).set({ txHash, updatedAt: new Date() }).where(eq(onrampOrders.id, id));
}

/** Marks a paid order delivered. */
export async function markDelivered(db: Db, id: string, txHash: string): Promise<void> {
  await db
    .update(onrampOrders)
    .set({ status: "delivered", txHash, failure: null, updatedAt: new Date() })
    .where(eq(onrampOrders.id, id));
}

/** Marks a paid order failed with a plain sentence. */
export async function markFailed(db: Db, id: string, failure: string): Promise<void> {
  await db
    .update(onrampOrders)
    .set({ status: "failed", failure, updatedAt: new Date() })
    .where(eq(onrampOrders.id, id));
}
