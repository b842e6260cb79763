import { apiUrl, type FetchOptions, fetchJson } from "./fetchJson.js";

/** A deposit or withdrawal of the fund on the exchange, in the unified shape of the spec (section 3). */
export type ExchangeTransfer = {
  coin: string;
  chain: string;
  amount: number;
  txID: string | null;
  status: string;
  tag: string | null;
  id: string;
  txid: string | null;
  timestamp: number;
  datetime: string;
  network: string | null;
  address: string | null;
  addressTo: string | null;
  addressFrom: string | null;
  tagTo: string | null;
  tagFrom: string | null;
  type: "deposit" | "withdrawal";
  currency: string;
  fee: { currency: string; cost: number } | null;
  info: Record<string, unknown>;
  /** The amount in US dollars at the transfer's time (the API prices it when it syncs); null when unknown. */
  amountUsd?: number | null;
};

/** The API's envelope (spec section 7). */
export type ExchangeEnvelope<key extends "deposits" | "withdrawals"> = {
  message: string;
  statusCode: number;
  data: {
    source: string;
    error: string | null;
    /** Pass as `cursor` for the next (older) page; null on the last page. */
    next_cursor?: string | null;
  } & { [k in key]: ExchangeTransfer[] | null };
};

export type ExchangeHistoryQuery = { limit?: number; cursor?: string; since?: number; until?: number };

/** `GET {api}/api/deposits/bybit`. */
export function fetchDeposits(api: string, query: ExchangeHistoryQuery = {}, options?: FetchOptions) {
  return fetchJson<ExchangeEnvelope<"deposits">>(apiUrl(api, "/api/deposits/bybit", query), options);
}

/** `GET {api}/api/withdrawals/bybit`. */
export function fetchWithdrawals(api: string, query: ExchangeHistoryQuery = {}, options?: FetchOptions) {
  return fetchJson<ExchangeEnvelope<"withdrawals">>(apiUrl(api, "/api/withdrawals/bybit", query), options);
}
