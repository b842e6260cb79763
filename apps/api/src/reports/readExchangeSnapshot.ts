import type { RoundReportExchange, RoundReportPosition } from "@fundament/sdk";
import ccxt, { type Exchange } from "ccxt";
import { ExchangeAnswerError } from "../sync/exchangeAnswer.js";

type BybitEnvelope<T> = { retCode?: unknown; retMsg?: unknown; result?: { list?: T[] } };
type WalletRow = { totalEquity?: unknown; coin?: { coin?: unknown; equity?: unknown; walletBalance?: unknown }[] };
type PositionRow = {
  symbol?: unknown;
  side?: unknown;
  size?: unknown;
  positionValue?: unknown;
  unrealisedPnl?: unknown;
};

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A Bybit decimal written as text, or the answer is not trusted. */
function decimalText(value: unknown, what: string): string {
  if (typeof value !== "string" || !DECIMAL.test(value)) {
    throw new ExchangeAnswerError(`the exchange's ${what} was not a decimal number (${JSON.stringify(value)})`);
  }
  return value;
}

/** The envelope's list when Bybit said retCode 0; its own words otherwise. */
function listOf<T>(answer: unknown, what: string): T[] {
  const envelope = answer as BybitEnvelope<T> | null;
  if (typeof envelope !== "object" || envelope === null || envelope.retCode !== 0) {
    const said = typeof envelope?.retMsg === "string" ? `: ${envelope.retMsg}` : "";
    throw new ExchangeAnswerError(`the ${what} answer was not Bybit's retCode 0${said}`);
  }
  if (!Array.isArray(envelope.result?.list)) throw new ExchangeAnswerError(`the ${what} answer had no result.list`);
  return envelope.result.list;
}

/** Bybit's largest page of `/v5/position/list`, and the most pages read before the answer counts as unreadable. */
const POSITION_PAGE = 200;
const MAX_POSITION_PAGES = 25;
/** A size of zero however Bybit writes it ("0", "0.000"): a closed position's row. */
const ZERO = /^-?0+(\.0+)?$/;

type SignedBybit = Exchange & { privateGetV5PositionList: (params: object) => Promise<unknown> };

/**
 * The exchange account as a round's report states it: total equity and balances (`fetchBalance`, Bybit's unified
 * wallet) and the open linear USDT positions (`/v5/position/list`, through ccxt's signed call, every page), all as
 * the exchange wrote them, at `at`. Any missing or malformed answer throws: a report never states a silent zero.
 */
export async function readExchangeSnapshot(exchange: Exchange, at: Date): Promise<RoundReportExchange> {
  let balanceInfo: unknown;
  try {
    balanceInfo = (await exchange.fetchBalance()).info;
  } catch (error) {
    throw unreadable(error);
  }
  const [wallet] = listOf<WalletRow>(balanceInfo, "wallet balance");
  if (!wallet) throw new ExchangeAnswerError("the wallet balance answer listed no account");
  const balances: Record<string, string> = {};
  for (const row of wallet.coin ?? []) {
    if (typeof row.coin !== "string" || row.coin === "") throw new ExchangeAnswerError("a balance had no coin");
    balances[row.coin] = decimalText(row.walletBalance ?? row.equity, `${row.coin} balance`);
  }
  const positions = (await readPositionRows(exchange as SignedBybit))
    .filter((p) => !ZERO.test(decimalText(p.size, "position size")))
    .map(
      (p): RoundReportPosition => ({
        symbol: nonEmpty(p.symbol, "position symbol"),
        side: nonEmpty(p.side, "position side"),
        contracts: decimalText(p.size, "position size"),
        notional: decimalText(p.positionValue, "position value"),
        unrealizedPnl: decimalText(p.unrealisedPnl, "unrealised profit"),
      }),
    );
  return {
    name: "bybit",
    at: at.toISOString(),
    equity: decimalText(wallet.totalEquity, "total equity"),
    balances,
    positions,
  };
}

/**
 * Every row of the account's linear USDT positions: Bybit's largest pages, following `nextPageCursor` to the end
 * (Bybit answers 20 rows without `limit`; a list cut at a page would be a silent zero for the rest).
 */
async function readPositionRows(exchange: SignedBybit): Promise<PositionRow[]> {
  const rows: PositionRow[] = [];
  let cursor = "";
  for (let page = 0; page < MAX_POSITION_PAGES; page++) {
    let answer: unknown;
    try {
      answer = await exchange.privateGetV5PositionList({
        category: "linear",
        settleCoin: "USDT",
        limit: POSITION_PAGE,
        ...(cursor && { cursor }),
      });
    } catch (error) {
      throw unreadable(error);
    }
    rows.push(...listOf<PositionRow>(answer, "position list"));
    const next = (answer as { result?: { nextPageCursor?: unknown } }).result?.nextPageCursor;
    if (next !== undefined && typeof next !== "string") {
      throw new ExchangeAnswerError("the position list answer's nextPageCursor was not text");
    }
    if (!next) return rows;
    if (next === cursor) throw new ExchangeAnswerError("the position list answered the same page cursor twice");
    cursor = next;
  }
  throw new ExchangeAnswerError(`the position list went on past ${MAX_POSITION_PAGES * POSITION_PAGE} rows`);
}

/** A ccxt error as it is (it says what happened); anything else means ccxt could not read the answer. */
function unreadable(error: unknown): Error {
  if (error instanceof ccxt.BaseError) return error;
  return new ExchangeAnswerError(`the exchange's answer could not be read: ${(error as Error).message}`);
}

/** A text field the exchange must fill, or the answer is not trusted. */
function nonEmpty(value: unknown, what: string): string {
  if (typeof value !== "string" || value === "") {
    throw new ExchangeAnswerError(`the exchange's ${what} was missing (${JSON.stringify(value)})`);
  }
  return value;
}
