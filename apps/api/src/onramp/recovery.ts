import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Db } from "../db/client.js";
import { LocalChainError } from "./chainGuard.js";
import { DELIVERY_TIMEOUT_MS, type Deliverer } from "./deliver.js";
import { deliverOrder } from "./delivery.js";
import { type OrderStatus, unfinishedOrders } from "./orders.js";

/** How often the timer looks for orders paid and not delivered (ms). */
export const RECOVERY_INTERVAL_MS = 60_000;

/** How long an order must have been left unchanged before the timer takes it (a live delivery may still hold it). */
export const RECOVERY_MIN_AGE_MS = 2 * DELIVERY_TIMEOUT_MS;

/** How long closing the app waits for a recovery pass in flight (ms); the pass is crash-safe anyway. */
const STOP_WAIT_MS = 5_000;

/** What one recovery pass did: each order's state after it, and the orders it could not move (node unreachable…). */
export type RecoveryReport = {
  statuses: Record<string, OrderStatus | undefined>;
  errors: { id: string; error: unknown }[];
};

/**
 * Finishes the orders of the deliverer's chain that were paid and not delivered (all of them, or those unchanged
 * since `before`), one after the other in nonce order. Crash-safe and idempotent: see `delivery.ts`.
 */
export async function recoverOrders(
  db: Db,
  deliverer: Deliverer,
  options: { before?: Date; signal?: AbortSignal } = {},
): Promise<RecoveryReport> {
  const report: RecoveryReport = { statuses: {}, errors: [] };
  for (const order of await unfinishedOrders(db, deliverer.chainId, options.before)) {
    if (options.signal?.aborted) break;
    try {
      report.statuses[order.id] = await deliverOrder(db, deliverer, order.id);
    } catch (error) {
      report.errors.push({ id: order.id, error });
    }
  }
  return report;
}

/** Logs a pass's outcome: nothing when there was nothing to do. */
function logReport(log: FastifyBaseLogger, report: RecoveryReport): void {
  const ids = Object.keys(report.statuses);
  if (ids.length > 0) log.info({ orders: report.statuses }, `on-ramp recovery: ${ids.length} order(s) taken up`);
  for (const { id, error } of report.errors)
    log.warn({ err: error, orderId: id }, "on-ramp recovery: the order could not be moved now; it is retried later");
}

/**
 * Runs a recovery pass now (every unfinished order: at start-up none is being delivered by this instance) and then
 * every `intervalMs` (orders unchanged for RECOVERY_MIN_AGE_MS), one pass at a time. `stop` ends the timer and waits
 * a little for the pass in flight.
 */
export function startDeliveryRecovery(options: {
  db: Db;
  deliverer: Deliverer;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): { stop(): Promise<void> } {
  const { db, deliverer, log } = options;
  const abort = new AbortController();
  let running: Promise<void> | undefined;
  const pass = (before?: Date) => {
    if (running || abort.signal.aborted) return;
    running = recoverOrders(db, deliverer, { before, signal: abort.signal })
      .then((report) => logReport(log, report))
      .catch((error: unknown) => log.warn({ err: error }, "on-ramp recovery failed; it is retried later"))
      .finally(() => {
        running = undefined;
      });
  };
  pass();
  const timer = setInterval(
    () => pass(new Date(Date.now() - RECOVERY_MIN_AGE_MS)),
    options.intervalMs ?? RECOVERY_INTERVAL_MS,
  );
  timer.unref();
  return {
    async stop() {
      abort.abort();
      clearInterval(timer);
      if (running) await Promise.race([running, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
    },
  };
}

/**
 * The local checkout's start-up, in its routes' plugin: asks the RPC which chain it serves and refuses to start
 * (throws `LocalChainError`) when it is not the local dev chain; an RPC that does not answer yet is logged (the
 * deliverer asks again before signing anything). Once the app is ready, recovers the orders a crash left paid and
 * not delivered, then keeps looking on a timer until the app closes.
 */
export async function startLocalDelivery(app: FastifyInstance, db: Db, deliverer: Deliverer): Promise<void> {
  const log = app.log.child({ component: "onramp" });
  try {
    await deliverer.verifyChain();
  } catch (error) {
    if (error instanceof LocalChainError) throw error;
    log.warn(
      { err: error },
      "The local on-ramp could not ask its RPC which chain it serves; it asks again before sending anything",
    );
  }
  let recovery: { stop(): Promise<void> } | undefined;
  app.addHook("onReady", async () => {
    recovery = startDeliveryRecovery({ db, deliverer, log });
  });
  app.addHook("onClose", async () => {
    await recovery?.stop();
  });
}
