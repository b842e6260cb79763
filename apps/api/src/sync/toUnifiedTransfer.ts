import type { ExchangeTransfer } from "@fundament/sdk";
import type { Transaction } from "ccxt";

const text = (value: unknown): string | null =>
  value === undefined || value === null || value === "" ? null : String(value);

/**
 * A ccxt transaction as the spec's unified transfer record (section 3): ccxt's fields plus Bybit's own
 * `coin`, `chain` and `txID`, with the raw record in `info` (ccxt's paging marker removed).
 */
export function toUnifiedTransfer(tx: Transaction, kind: "deposit" | "withdrawal"): ExchangeTransfer {
  const { nextPageCursor: _cursor, ...info } = (tx.info ?? {}) as Record<string, unknown>;
  const timestamp = tx.timestamp ?? 0;
  const currency = tx.currency ?? text(info.coin) ?? "";
  const id = text(tx.id) ?? text(info.id) ?? text(info.withdrawId) ?? text(tx.txid) ?? `${currency}-${timestamp}`;
  return {
    coin: text(info.coin) ?? currency,
    chain: text(info.chain) ?? tx.network ?? "",
    amount: Number(tx.amount ?? info.amount ?? 0),
    txID: text(info.txID) ?? text(tx.txid),
    status: tx.status ?? "unknown",
    tag: text(tx.tag),
    id,
    txid: text(tx.txid),
    timestamp,
    datetime: tx.datetime ?? new Date(timestamp).toISOString(),
    network: text(tx.network),
    address: text(tx.address),
    addressTo: text(tx.addressTo),
    addressFrom: text(tx.addressFrom),
    tagTo: text(tx.tagTo),
    tagFrom: text(tx.tagFrom),
    type: kind,
    currency,
    fee: tx.fee?.cost === undefined ? null : { currency: tx.fee.currency ?? currency, cost: Number(tx.fee.cost) },
    info,
  };
}
