import type { Address, Hex } from "viem";

/** One trading wallet of the round, as the chain shows it (amounts in token units, as decimal strings). */
export type RoundReportWallet = {
  address: Address;
  walletType: string;
  /** Its share of the round's principal, in basis points. */
  allocationBasisPoints: string;
  /** Its investment-token balance at the report's block. */
  balance: string;
  /** Investment tokens it received during the round (the fund's distribution included). */
  received: string;
  /** Investment tokens it sent during the round (what the fund collected included). */
  sent: string;
  /** What the fund collected from it for this round. */
  collected: string;
};

/** An investment-token transfer to or from a trading wallet during the round. */
export type RoundReportTransfer = {
  block: string;
  transaction: Hex;
  logIndex: string;
  from: Address;
  to: Address;
  amount: string;
};

/** An open position on the exchange, as the exchange answered. */
export type RoundReportPosition = {
  symbol: string;
  side: string;
  contracts: string;
  notional: string;
  unrealizedPnl: string;
};

/** The fund's exchange account as the exchange answered at `at` (read-only key). */
export type RoundReportExchange = {
  name: string;
  /** When the exchange was asked (ISO 8601). */
  at: string;
  /** Total equity in USD, as the exchange reports it. */
  equity: string;
  /** Balances per coin. */
  balances: Record<string, string>;
  positions: RoundReportPosition[];
};

/**
 * A part of the returned funds the API cannot observe (e.g. an NFT loan repaid elsewhere), declared by the operator
 * with a note. Shown as "declared, not observed".
 */
export type RoundReportManualItem = { amount: string; note: string };

/**
 * A round's NAV report: what the chain (and the exchange, where one is configured) showed when the round's lockup
 * ended. Its canonical JSON's keccak-256 hash is what the settlement carries on chain; `total` is what it claims.
 */
export type RoundReport = {
  version: 1;
  chainId: number;
  fund: Address;
  vaultId: string;
  poolId: string;
  round: string;
  token: { address: Address; symbol: string; decimals: number };
  /** The block every chain figure was read at. */
  block: { number: string; timestamp: string };
  /** The lockup's start and end, in seconds since 1970. */
  lockup: { start: string; end: string };
  /** The round's principal, sent to the trading wallets at the lockup's start. */
  principal: string;
  tradingWallets: RoundReportWallet[];
  transfers: RoundReportTransfer[];
  /** The exchange account's answer; null where the fund has no exchange account configured. */
  exchange: RoundReportExchange | null;
  manualItems: RoundReportManualItem[];
  /** What the fund collected back from the trading wallets for the round, at the report's block. */
  collected: string;
  /** What the settlement claims (`totalReturned`): the collected funds. */
  total: string;
};
