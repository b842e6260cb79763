/**
 * The crash-safe delivery of a paid order. States (`onramp_orders.status`):
 *
 *   created ──pay──▶ paid ──sign, store──▶ delivering ──broadcast, mined──▶ delivered
 *                     │                     │   ▲
 *                     │                     │   └── dead (its nonce taken by another transaction): sign anew, store
 *                     └──────────────────── └──▶ failed (the node refused it, or it reverted)
 *
 * The one rule: a transaction is broadcast only after it is stored (`storeSigned`, a compare-and-set on the order's
 * state and stored hash). So whatever step a crash interrupts, the database knows every transaction that might be on
 * the chain, and recovery (`recovery.ts`) either finds it mined, sends the same bytes again (a same-nonce rebroadcast
 * can never pay twice), or, when the treasury's mined nonce has passed it without it, knows it can never be mined and
 * signs a replacement. A signed transaction that lost the compare-and-set is never broadcast.
 */
import { parseUnits } from "viem";
import type { Db } from "../db/client.js";
import type { Deliverer, Delivery } from "./deliver.js";
import { deliveryFailure, isRefusal } from "./deliver.js";
import {
  markDelivered,
  markFailed,
  type OnrampOrder,
  type OrderStatus,
  readOrder,
  type SignedTransaction,
  storeSigned,
  UNFINISHED,
} from "./orders.js";

/** Steps one pass may take (a delivery needs three, a replacement two more); the rest is left to recovery. */
const MAX_STEPS = 8;

const REVERTED = "The delivery transaction was reverted on the chain; nothing was sent.";

/** Go on with the order as it is now stored, or stop this pass. */
type Next = "again" | "stop";

/** What an order delivers. */
export function deliveryOf(order: OnrampOrder): Delivery {
  return {
    chainId: order.chainId,
    token: (order.tokenAddress ?? undefined) as `0x${string}` | undefined,
    to: order.destination as `0x${string}`,
    units: parseUnits(order.purchaseAmount, order.decimals),
  };
}

/** The order's stored transaction, undefined when it has none. */
function storedTransaction(order: OnrampOrder): SignedTransaction | undefined {
  const { signedTx, txHash, txNonce, txFrom } = order;
  if (!signedTx || !txHash || txNonce === null || !txFrom) return undefined;
  return {
    raw: signedTx as `0x${string}`,
    hash: txHash as `0x${string}`,
    nonce: txNonce,
    from: txFrom as `0x${string}`,
  };
}

/**
 * Signs the order's delivery and stores it in place of `replacing` (null: no transaction yet; else a dead one),
 * without broadcasting. A final refusal (the node's, or another chain) fails the order: nothing was sent. No answer
 * from the node is thrown, and the order stays as it was, for recovery.
 */
async function signAndStore(db: Db, deliverer: Deliverer, order: OnrampOrder, replacing: string | null): Promise<Next> {
  let signed: SignedTransaction;
  try {
    signed = await deliverer.sign(deliveryOf(order));
  } catch (error) {
    if (!isRefusal(error)) throw error;
    await markFailed(db, order.id, replacing, deliveryFailure(error));
    return "stop";
  }
  await deliverer.checkpoint("signed", order.id);
  // False when another delivery stored its own first: this one is dropped unsent, and the stored one followed.
  await storeSigned(db, order.id, signed, replacing);
  await deliverer.checkpoint("stored", order.id);
  return "again";
}

/** Broadcasts the stored bytes (again, after a crash: the same transaction) and waits for them to be mined. */
async function broadcastAndWait(db: Db, deliverer: Deliverer, id: string, tx: SignedTransaction): Promise<Next> {
  const sent = await deliverer.broadcast(tx.raw);
  if (sent.kind === "refused") {
    await markFailed(db, id, tx.hash, sent.failure);
    return "stop";
  }
  if (sent.kind === "unknown") throw sent.error;
  if (sent.kind === "used") return "again"; // mined, or dead: the next look tells
  await deliverer.checkpoint("broadcast", id);
  // Not mined in time: the order stays `delivering` and recovery looks again later.
  if (!(await deliverer.waitMined(tx.hash))) return "stop";
  await deliverer.checkpoint("mined", id);
  return "again";
}

/** One step of a `delivering` order: settle it from the chain, replace a dead transaction, or (re)send it. */
async function followStored(db: Db, deliverer: Deliverer, order: OnrampOrder, tx: SignedTransaction): Promise<Next> {
  const state = await deliverer.inspect(tx);
  switch (state) {
    case "success":
      await markDelivered(db, order.id, tx.hash);
      return "stop";
    case "reverted":
      await markFailed(db, order.id, tx.hash, REVERTED);
      return "stop";
    case "dead":
      return signAndStore(db, deliverer, order, tx.hash);
    default:
      return broadcastAndWait(db, deliverer, order.id, tx);
  }
}

/**
 * Takes a paid order as far as it goes now (delivered, failed, or `delivering` while the chain has not mined it yet)
 * and answers its state. Safe to run at any time, in any instance, as often as wanted: each step starts from the
 * stored order. Runs inside the deliverer's queue; throws when the node does not answer (the order stays as it is).
 */
export function deliverOrder(db: Db, deliverer: Deliverer, id: string): Promise<OrderStatus | undefined> {
  return deliverer.exclusive(async () => {
    for (let step = 0; step < MAX_STEPS; step++) {
      const order = await readOrder(db, id);
      if (!order || !UNFINISHED.includes(order.status)) return order?.status;
      const tx = storedTransaction(order);
      const next = tx ? await followStored(db, deliverer, order, tx) : await signAndStore(db, deliverer, order, null);
      if (next === "stop") break;
    }
    return (await readOrder(db, id))?.status;
  });
}
