import { parseUnits } from "viem";
import type { Db } from "../db/client.js";
import type { Deliverer } from "./deliver.js";
import { claimPayment, markDelivered, markFailed, type OnrampOrder, readOrder, recordTransaction } from "./orders.js";

/**
 * Pays an order once: only the request that moves it from `created` to `paid` delivers (a mint of the token, or ETH
 * from the treasury); any other request (a second pay, a reload) answers the order as it stands. A failed delivery
 * leaves the order `failed` with a plain sentence. Undefined for an unknown order.
 */
export async function payOrder(db: Db, deliverer: Deliverer, id: string): Promise<OnrampOrder | undefined> {
  const order = await claimPayment(db, id);
  if (!order) return readOrder(db, id);
  const result = await deliverer.deliver(
    {
      chainId: order.chainId,
      token: (order.tokenAddress ?? undefined) as `0x${string}` | undefined,
      to: order.destination as `0x${string}`,
      units: parseUnits(order.purchaseAmount, order.decimals),
    },
    (hash) => recordTransaction(db, id, hash),
  );
  if (result.ok) await markDelivered(db, id, result.hash);
  else await markFailed(db, id, result.failure);
  return readOrder(db, id);
}
