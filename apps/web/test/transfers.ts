import type { ExchangeTransfer } from "@fundament/sdk";

/**
 * An exchange transfer record as the API serves it (USDT on Ethereum, status ok), at `time` (ms), with the given
 * fields changed. Id and hash derive from the type and time unless given.
 */
export function exchangeTransfer(
  type: "deposit" | "withdrawal",
  time: number,
  change: Partial<ExchangeTransfer> = {},
): ExchangeTransfer {
  const hash = `0x${Math.floor(time / 1000)
    .toString(16)
    .padStart(64, "0")}`;
  return {
    coin: "USDT",
    chain: "ETH",
    amount: 1000,
    txID: hash,
    status: "ok",
    tag: null,
    id: `${type}-${time}`,
    txid: hash,
    timestamp: time,
    datetime: new Date(time).toISOString(),
    network: "ETH",
    address: null,
    addressTo: null,
    addressFrom: null,
    tagTo: null,
    tagFrom: null,
    type,
    currency: "USDT",
    fee: null,
    info: {},
    ...change,
  };
}
