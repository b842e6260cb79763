import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from "node:http";
import type { AddressInfo } from "node:net";

/** A deposit row as Bybit v5 returns it (`/v5/asset/deposit/query-record`). */
export type BybitDepositRow = Record<string, unknown> & { id: string; successAt: string };
/** A withdrawal row as Bybit v5 returns it (`/v5/asset/withdraw/query-record`). */
export type BybitWithdrawalRow = Record<string, unknown> & { withdrawId: string; createTime: string };

/**
 * A candle as Bybit v5 lists it (`/v5/market/kline`): `[startTime, open, high, low, close, volume, turnover]`,
 * all strings.
 */
export type BybitKline = [string, string, string, string, string, string, string];

export type FakeBybitRequest = { path: string; query: URLSearchParams; headers: IncomingMessage["headers"] };

/**
 * What the fake answers instead of the real thing: a status and JSON body, a status and raw text (an HTML
 * error page, non-JSON; `text/html` unless `contentType` says otherwise), the real answer cut in half
 * ("truncate"), or a dropped connection ("drop"). `httpFailure(429)` and `httpFailure(500)` are the plain HTTP
 * errors a gateway in front of Bybit answers.
 */
export type FakeBybitFailure =
  | { status: number; body: unknown }
  | { status: number; raw: string; contentType?: string }
  | "truncate"
  | "drop";

/**
 * A plain HTTP error, as the gateway in front of Bybit answers one (e.g. 429 when rate-limited, 500 or 503 when the
 * service is down): `status` with a short text body, `"429 Too Many Requests"` by default.
 */
export function httpFailure(status: number, text = `${status} ${STATUS_CODES[status] ?? "Error"}`): FakeBybitFailure {
  return { status, raw: text, contentType: "text/plain" };
}

/**
 * A well-formed record page with no rows (retCode 0, `rows: []`, no next page): what Bybit answers for a window
 * whose records its replica does not show yet. The sync cannot tell it from a window that has none.
 */
export function emptyPage(): FakeBybitFailure {
  return { status: 200, body: envelope({ rows: [], nextPageCursor: "" }) };
}

export type FakeBybit = {
  url: string;
  apiKey: string;
  secret: string;
  deposits: BybitDepositRow[];
  withdrawals: BybitWithdrawalRow[];
  totalEquity: string;
  /**
   * The account's positions `/v5/position/list` lists (category linear; by symbol, or by settle coin as the symbol's
   * ending), in Bybit's v5 row format, `limit` (1-200, default 20) a page.
   */
  positions: BybitPositionRow[];
  /** Candles per Bybit symbol ("ETHUSDT"), any order; a symbol absent here is refused ("Not supported symbols"). */
  klines: Record<string, BybitKline[]>;
  /** Every request received, in order. */
  requests: FakeBybitRequest[];
  /** Return a failure to answer a request with it instead (e.g. `httpFailure(429)` for one route or one window). */
  fail: ((request: FakeBybitRequest, index: number) => FakeBybitFailure | undefined) | undefined;
  /** Waits this long before answering each request (to make a sync run long enough to interrupt). */
  delayMs: number;
  /** The most requests answered at the same time so far (one client syncing sequentially keeps it at 1). */
  maxInFlight: number;
  stop(): Promise<void>;
};

/** One row of Bybit v5 `/v5/position/list` (the fields a report reads, and a few more as Bybit sends them). */
export type BybitPositionRow = {
  symbol: string;
  side: "Buy" | "Sell" | "";
  size: string;
  avgPrice: string;
  positionValue: string;
  markPrice: string;
  unrealisedPnl: string;
  leverage: string;
  positionIdx: number;
  updatedTime: string;
};

const WINDOW_LIMIT_MS = 30 * 86_400_000;
/** Bybit's kline intervals in minutes (`D`, `W` and `M` are left out). */
const KLINE_MINUTES = new Set(["1", "3", "5", "15", "30", "60", "120", "240", "360", "720"]);

const envelope = (result: unknown, retCode = 0, retMsg = "OK") => ({
  retCode,
  retMsg,
  result,
  retExtInfo: {},
  time: Date.now(),
});

/** The fake's state besides what it shows: requests under way, and whether the next answer is cut in half. */
type FakeState = { fake: FakeBybit; inFlight: number; truncateNext: boolean };

function send(state: FakeState, response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json" });
  response.end(state.truncateNext ? text.slice(0, Math.floor(text.length / 2)) : text);
}

/** Bybit's signature check: undefined when it holds, else Bybit's error body (10003 unknown key, 10004 bad sign). */
function checkSignature(fake: FakeBybit, request: IncomingMessage, rawQuery: string): unknown | undefined {
  const key = request.headers["x-bapi-api-key"];
  const timestamp = request.headers["x-bapi-timestamp"];
  const recvWindow = request.headers["x-bapi-recv-window"] ?? "5000";
  const signature = request.headers["x-bapi-sign"];
  if (key !== fake.apiKey) return envelope({}, 10003, "API key is invalid.");
  const expected = createHmac("sha256", fake.secret)
    .update(`${String(timestamp)}${String(key)}${String(recvWindow)}${rawQuery}`)
    .digest("hex");
  if (signature !== expected) return envelope({}, 10004, "error sign! origin_string[...]");
  return undefined;
}

/** One page of records in the query's window, newest first, `limit` (at most 50) at a time. */
function page<row extends Record<string, unknown>>(
  rows: readonly row[],
  timeOf: (r: row) => number,
  query: URLSearchParams,
) {
  const start = Number(query.get("startTime") ?? 0);
  const end = Number(query.get("endTime") ?? Date.now());
  if (end - start > WINDOW_LIMIT_MS) {
    return envelope({}, 10001, "The time range between startTime and endTime cannot exceed 30 days.");
  }
  const limit = Math.min(Number(query.get("limit") ?? 50), 50);
  const offset = query.get("cursor") ? Number(Buffer.from(query.get("cursor") ?? "", "base64").toString()) : 0;
  const inRange = rows.filter((r) => timeOf(r) >= start && timeOf(r) <= end).sort((a, b) => timeOf(b) - timeOf(a));
  const slice = inRange.slice(offset, offset + limit);
  const more = offset + limit < inRange.length;
  return envelope({
    rows: slice,
    nextPageCursor: more ? Buffer.from(String(offset + limit)).toString("base64") : "",
  });
}

/** The public kline route: the `limit` candles from the one containing `start` onwards, newest first. */
function kline(fake: FakeBybit, query: URLSearchParams) {
  const category = query.get("category") ?? "linear";
  const symbol = query.get("symbol") ?? "";
  const interval = query.get("interval") ?? "";
  if (!KLINE_MINUTES.has(interval)) return envelope({}, 10001, "Invalid period!");
  const candles = fake.klines[symbol];
  if (!candles) return envelope({}, 10001, "Not supported symbols");
  const length = Number(interval) * 60_000;
  const start = query.get("start");
  const end = Number(query.get("end") ?? Number.MAX_SAFE_INTEGER);
  const limit = Math.min(Number(query.get("limit") ?? 200), 1000);
  const inRange = candles
    .filter((c) => (start === null || Number(c[0]) + length > Number(start)) && Number(c[0]) <= end)
    .sort((a, b) => Number(a[0]) - Number(b[0]));
  const chosen = start === null ? inRange.slice(-limit) : inRange.slice(0, limit);
  return envelope({ category, symbol, list: chosen.reverse() });
}

// Bybit's rules for `/v5/position/list`: category linear or inverse, a symbol or a settle coin, `limit` 1-200
// (20 without it), pages joined by an opaque `nextPageCursor` ("" on the last page).
function positionList(fake: FakeBybit, query: URLSearchParams) {
  const category = query.get("category");
  if (category !== "linear" && category !== "inverse") {
    return envelope({}, 10_001, "params error: category only support linear or inverse");
  }
  const symbol = query.get("symbol");
  const settleCoin = query.get("settleCoin");
  if (!symbol && !settleCoin)
    return envelope({}, 10_001, "Missing some parameters that must be filled in, symbol or settleCoin");
  const limit = Number(query.get("limit") ?? 20);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) return envelope({}, 10_001, "params error: limit");
  const offset = query.get("cursor") ? Number(Buffer.from(query.get("cursor") ?? "", "base64").toString()) : 0;
  const rows = fake.positions.filter((p) => (symbol ? p.symbol === symbol : p.symbol.endsWith(settleCoin ?? "")));
  const more = offset + limit < rows.length;
  return envelope({
    category,
    list: rows.slice(offset, offset + limit),
    nextPageCursor: more ? Buffer.from(String(offset + limit)).toString("base64") : "",
  });
}

/** The unified account's wallet balance: one account whose equity is `totalEquity`, all of it USDT. */
function walletBalance(fake: FakeBybit) {
  return envelope({
    list: [
      {
        accountType: "UNIFIED",
        totalEquity: fake.totalEquity,
        totalWalletBalance: fake.totalEquity,
        coin: [{ coin: "USDT", equity: fake.totalEquity, walletBalance: fake.totalEquity, locked: "0" }],
      },
    ],
  });
}

/** A signed route's answer: its status and body. */
function signedRoute(fake: FakeBybit, url: URL): [number, unknown] {
  switch (url.pathname) {
    case "/v5/asset/deposit/query-record":
      return [200, page(fake.deposits, (r) => Number(r.successAt), url.searchParams)];
    case "/v5/asset/withdraw/query-record":
      return [200, page(fake.withdrawals, (r) => Number(r.createTime), url.searchParams)];
    case "/v5/account/wallet-balance":
      return [200, walletBalance(fake)];
    case "/v5/position/list":
      return [200, positionList(fake, url.searchParams)];
    default:
      return [404, envelope({}, 10_001, `unknown route ${url.pathname}`)];
  }
}

/** Answers one request: recorded, then the failure `fail` chooses, a public route, or a signed one. */
function answer(state: FakeState, request: IncomingMessage, response: ServerResponse) {
  const { fake } = state;
  const url = new URL(request.url ?? "/", "http://fake");
  const rawQuery = (request.url ?? "").split("?")[1] ?? "";
  const record: FakeBybitRequest = { path: url.pathname, query: url.searchParams, headers: request.headers };
  fake.requests.push(record);
  const failure = fake.fail?.(record, fake.requests.length - 1);
  state.truncateNext = failure === "truncate";
  if (failure === "drop") {
    request.socket.destroy();
    return;
  }
  if (failure && failure !== "truncate") {
    if ("raw" in failure) {
      response.writeHead(failure.status, { "content-type": failure.contentType ?? "text/html" });
      response.end(failure.raw);
      return;
    }
    return send(state, response, failure.status, failure.body);
  }
  if (url.pathname === "/v5/market/time") {
    return send(state, response, 200, envelope({ timeSecond: String(Math.floor(Date.now() / 1000)) }));
  }
  if (url.pathname === "/v5/market/kline") return send(state, response, 200, kline(fake, url.searchParams));
  const refused = checkSignature(fake, request, rawQuery);
  if (refused) return send(state, response, 200, refused);
  const [status, body] = signedRoute(fake, url);
  return send(state, response, status, body);
}

/**
 * A local server answering the Bybit v5 routes ccxt calls for the API's sync and a round's report (the unified
 * wallet balance, `/v5/position/list`), checking the HMAC signature the way Bybit does (`X-BAPI-SIGN` =
 * HMAC-SHA256(secret, timestamp + key + recvWindow + query)) and answering Bybit's own error bodies (10003 unknown
 * key, 10004 bad signature, 10001 range over 30 days, a missing position-list parameter).
 * Records are served newest first, `limit` at a time, with an opaque `nextPageCursor`. The public kline route
 * needs no signature and answers like Bybit: the `limit` candles from the one containing `start` onwards (the
 * latest ones without `start`), listed newest first; 10001 "Not supported symbols" for an unknown symbol.
 */
export async function startFakeBybit({
  apiKey = "test-key",
  secret = "test-secret",
}: {
  apiKey?: string;
  secret?: string;
} = {}): Promise<FakeBybit> {
  const fake: FakeBybit = {
    url: "",
    apiKey,
    secret,
    deposits: [],
    withdrawals: [],
    totalEquity: "0",
    positions: [],
    klines: {},
    requests: [],
    fail: undefined,
    delayMs: 0,
    maxInFlight: 0,
    stop: async () => {},
  };
  const state: FakeState = { fake, inFlight: 0, truncateNext: false };
  const server: Server = createServer((request, response) => {
    state.inFlight++;
    fake.maxInFlight = Math.max(fake.maxInFlight, state.inFlight);
    response.once("close", () => state.inFlight--);
    if (fake.delayMs > 0) setTimeout(() => answer(state, request, response), fake.delayMs);
    else answer(state, request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

const DAY = 86_400_000;

/** A 1-minute candle starting at `startMs` that closes at `close` (its open, high and low around it). */
export function makeKline(startMs: number, close: string): BybitKline {
  const value = Number(close);
  return [String(startMs), String(value * 0.999), String(value * 1.002), String(value * 0.998), close, "12.5", "37500"];
}

/** `count` Bybit deposit rows spread evenly from `from` to `to`. */
export function makeDeposits(count: number, from: number, to: number): BybitDepositRow[] {
  return Array.from({ length: count }, (_, i) => {
    const time = Math.round(from + ((to - from) * (i + 0.5)) / count);
    return {
      id: `dep-${i}`,
      coin: "USDT",
      chain: "ETH",
      amount: String(100 + i),
      txID: `0x${i.toString(16).padStart(64, "0")}`,
      status: 3,
      toAddress: "0xfund",
      tag: "",
      depositFee: "",
      successAt: String(time),
      confirmations: "64",
      txIndex: String(i),
      blockHash: `0x${(i + 1).toString(16).padStart(64, "0")}`,
      batchReleaseLimit: "-1",
      depositType: "0",
      fromAddress: "0xsender",
    };
  });
}

/** `count` Bybit withdrawal rows spread evenly from `from` to `to`. */
export function makeWithdrawals(count: number, from: number, to: number): BybitWithdrawalRow[] {
  return Array.from({ length: count }, (_, i) => {
    const time = Math.round(from + ((to - from) * (i + 0.5)) / count);
    return {
      coin: "USDC",
      chain: "ARBI",
      amount: String(50 + i),
      txID: `0x${(i + 1000).toString(16).padStart(64, "0")}`,
      status: "success",
      toAddress: "0xcold",
      tag: "",
      withdrawFee: "0.5",
      createTime: String(time),
      updateTime: String(time + 60_000),
      withdrawId: `wd-${i}`,
      withdrawType: 0,
    };
  });
}

export { DAY };
