import type { Db } from "../db/client.js";
import type { Deliverer } from "./deliver.js";
import { deliverOrder } from "./delivery.js";
import { claimPayment, type OnrampOrder, readOrder } from "./orders.js";

/**
 * Pays an order once: only the request that moves it from `created` to `paid` delivers (a mint of the token, or ETH
 * from the treasury, through the crash-safe state machine of `delivery.ts`); any other request (a second pay, a
 * reload) answers the order as it stands. A refused delivery leaves the order `failed` with a plain sentence; one the
 * chain has not confirmed yet stays `delivering` and recovery finishes it. Undefined for an unknown order. Throws when
 * the node does not answer: the order stays `paid` (or `delivering`) and recovery finishes it.
 */
export async function payOrder(db: Db, deliverer: Deliverer, id: string): Promise<OnrampOrder | undefined> {
  const order = await claimPayment(db, id);
  if (!order) return readOrder(db, id);
  await deliverer.checkpoint("claimed", id);
  await deliverOrder(db, deliverer, id);
  return readOrder(db, id);
}
