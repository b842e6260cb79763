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

/**
 * The exchange account as a round's report states it: total equity and balances (`fetchBalance`, Bybit's unified
 * wallet) and the open linear positions (`/v5/position/list`, through ccxt's signed call), all as the exchange wrote
 * them, at `at`. Any missing or malformed answer throws: a report never states a silent zero.
 */
export async function readExchangeSnapshot(exchange: Exchange, at: Date): Promise<RoundReportExchange> {
  let balanceInfo: unknown;
  let positionsAnswer: unknown;
  try {
    balanceInfo = (await exchange.fetchBalance()).info;
    positionsAnswer = await (
      exchange as Exchange & { privateGetV5PositionList: (params: object) => Promise<unknown> }
    ).privateGetV5PositionList({ category: "linear", settleCoin: "USDT" });
  } catch (error) {
    if (error instanceof ccxt.BaseError) throw error;
    throw new ExchangeAnswerError(`the exchange's answer could not be read: ${(error as Error).message}`);
  }
  const [wallet] = listOf<WalletRow>(balanceInfo, "wallet balance");
  if (!wallet) throw new ExchangeAnswerError("the wallet balance answer listed no account");
  const balances: Record<string, string> = {};
  for (const row of wallet.coin ?? []) {
    if (typeof row.coin !== "string" || row.coin === "") throw new ExchangeAnswerError("a balance had no coin");
    balances[row.coin] = decimalText(row.walletBalance ?? row.equity, `${row.coin} balance`);
  }
  const positions: RoundReportPosition[] = listOf<PositionRow>(positionsAnswer, "position list")
    .filter((p) => p.size !== "0")
    .map((p) => ({
      symbol: typeof p.symbol === "string" ? p.symbol : "",
      side: typeof p.side === "string" ? p.side : "",
      contracts: decimalText(p.size, "position size"),
      notional: decimalText(p.positionValue, "position value"),
      unrealizedPnl: decimalText(p.unrealisedPnl, "unrealised profit"),
    }));
  return {
    name: "bybit",
    at: at.toISOString(),
    equity: decimalText(wallet.totalEquity, "total equity"),
    balances,
    positions,
  };
}
