import type { PositionRound, PositionTransaction, VaultPosition } from "@fundament/sdk";
import type { Address } from "viem";
import type { InvestorSender } from "../../shared/hooks/useInvestorSender";
import { type CsvColumn, toCsv } from "../../shared/lib/csv";
import { shortenAddress, tokenDecimal } from "../../shared/lib/format";
import { hasPosition } from "../../shared/lib/positions";

type Token = { decimals: number; symbol: string };

/** One account whose positions Portfolio lists: the connected wallet (EOA) or its smart account. */
export type PortfolioAccount = {
  role: "wallet" | "smartAccount";
  address: Address;
  /** The account the fund pages act for (`useInvestorAccount`): its positions carry the actions. */
  inUse: boolean;
};

/**
 * The accounts Portfolio lists, the one in use first: the wallet alone, or the wallet and its smart account when the
 * person uses the smart account or has deployed it (a smart account never used holds nothing). Empty while
 * disconnected or while the smart account in use is being looked up.
 */
export function portfolioAccounts({
  wallet,
  sender,
  smartAccount,
}: {
  wallet: Address | undefined;
  sender: InvestorSender;
  /** The wallet's smart account as the wallet layer read it (any account type), if any. */
  smartAccount: { address: Address; owner: Address; deployed: boolean } | undefined;
}): PortfolioAccount[] {
  if (!wallet || sender.kind === "pending") return [];
  if (sender.kind === "smartAccount") {
    return [
      { role: "smartAccount", address: sender.address, inUse: true },
      { role: "wallet", address: wallet, inUse: false },
    ];
  }
  const own = smartAccount && smartAccount.owner.toLowerCase() === wallet.toLowerCase() && smartAccount.deployed;
  return own
    ? [
        { role: "wallet", address: wallet, inUse: true },
        { role: "smartAccount", address: smartAccount.address, inUse: false },
      ]
    : [{ role: "wallet", address: wallet, inUse: true }];
}

/** An account's heading: "Wallet 0x1234…abcd", "Smart account 0x5678…ef01". */
export function accountLabel(account: Pick<PortfolioAccount, "role" | "address">): string {
  return `${account.role === "wallet" ? "Wallet" : "Smart account"} ${shortenAddress(account.address)}`;
}

/** Totals over every listed account, token units. */
export type PortfolioTotals = {
  /** What the positions are worth now (open and locked rounds at their principal, settled ones at their payout). */
  value: bigint;
  /** New money put in over time (deposits; what rolled over is not counted again). */
  deposited: bigint;
  /** What was taken out: withdrawn payouts and refunds. */
  withdrawn: bigint;
  /** `value + withdrawn − deposited`: the profit net of fees so far (negative for a loss). */
  profit: bigint;
};

/**
 * The totals over the accounts: current value from the positions, deposits and withdrawals from the statement rows
 * (the fund's events), so the profit is what the person has and took out less what they put in — after fees, since
 * payouts are net of them.
 */
export function portfolioTotals(
  positions: readonly Pick<VaultPosition, "value">[],
  rows: readonly Pick<PositionRound, "deposited" | "withdrawn">[],
): PortfolioTotals {
  const value = positions.reduce((sum, p) => sum + p.value, 0n);
  const deposited = rows.reduce((sum, r) => sum + r.deposited, 0n);
  const withdrawn = rows.reduce((sum, r) => sum + r.withdrawn, 0n);
  return { value, deposited, withdrawn, profit: value + withdrawn - deposited };
}

/** A statement row: one round of one vault, of one account. */
export type StatementRow = PositionRound & { account: PortfolioAccount };

/** The accounts' rounds in one statement, newest round first (the account in use first within a round). */
export function statementRows(
  histories: readonly { account: PortfolioAccount; rows: readonly PositionRound[] }[],
): StatementRow[] {
  return histories
    .flatMap(({ account, rows }) => rows.map((row) => ({ ...row, account })))
    .sort((a, b) => (a.poolId === b.poolId ? 0 : a.poolId > b.poolId ? -1 : 1));
}

/** The transaction that gave a round its outcome (its last one). */
export function lastTransaction(row: Pick<PositionRound, "transactions">): PositionTransaction | undefined {
  return row.transactions.at(-1);
}

/** A second timestamp as ISO 8601 UTC to the second: "2026-11-29T09:47:06Z"; "" for 0. */
export function isoUtc(seconds: number): string {
  return seconds ? new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z") : "";
}

/** A round's outcome for the person, in words. */
export function outcomeLabel(outcome: PositionRound["outcome"]): string {
  switch (outcome) {
    case "withdrawn":
      return "Withdrawn";
    case "rolled":
      return "Rolled over";
    case "withdrawable":
      return "Ready to withdraw";
    case "refunded":
      return "Refunded";
    default:
      return "In progress";
  }
}

/** The positions worth a row: something held in the vault, or a standing roll-over choice. */
export function visiblePositions<P extends Pick<VaultPosition, "shares" | "withdrawable" | "rollOver">>(
  positions: readonly P[],
): P[] {
  return positions.filter((p) => hasPosition(p) || p.rollOver);
}

/** Whether a round's figures are final (settled: payout and profit are known). */
export function isSettledOutcome(outcome: PositionRound["outcome"]): boolean {
  return outcome === "withdrawn" || outcome === "rolled" || outcome === "withdrawable";
}

/**
 * The person's statement as CSV: one row per (account, vault, round), newest first as given, amounts as plain
 * decimals in the token (a loss negative), so a spreadsheet reads them as numbers. "date (UTC)" and "transaction hash"
 * are those of the transaction that gave the round its outcome (the deposit while in progress, the settlement, the
 * withdrawal or refund); "transactions" lists every one of the round's, oldest first ("kind date hash", "; " between).
 */
export function statementToCsv(
  rows: readonly StatementRow[],
  vaultName: (vaultId: number) => string,
  token: Token,
): string {
  const amount = (units: bigint) => tokenDecimal(units, token.decimals);
  const columns: CsvColumn<StatementRow>[] = [
    ["date (UTC)", (r) => isoUtc(lastTransaction(r)?.timestamp ?? 0)],
    ["account", (r) => r.account.address],
    ["account type", (r) => (r.account.role === "wallet" ? "wallet" : "smart account")],
    ["vault", (r) => vaultName(r.vaultId)],
    ["vault id", (r) => r.vaultId],
    ["round", (r) => r.round],
    ["pool id", (r) => r.poolId.toString()],
    [`principal (${token.symbol})`, (r) => amount(r.principal)],
    [`payout (${token.symbol})`, (r) => (isSettledOutcome(r.outcome) ? amount(r.payout) : "")],
    [`profit or loss (${token.symbol})`, (r) => (isSettledOutcome(r.outcome) ? amount(r.profit) : "")],
    [`fees (${token.symbol})`, (r) => (isSettledOutcome(r.outcome) ? amount(r.fees) : "")],
    ["outcome", (r) => outcomeLabel(r.outcome)],
    ["transaction hash", (r) => lastTransaction(r)?.hash ?? ""],
    ["transactions", (r) => r.transactions.map((tx) => `${tx.kind} ${isoUtc(tx.timestamp)} ${tx.hash}`).join("; ")],
  ];
  return toCsv(columns, rows);
}

/** The statement's file name: "fundament-statement-0x7099-79c8-2026-11-23.csv". */
export function statementFileName(account: string, now = new Date()): string {
  return `fundament-statement-${account.slice(0, 6)}-${account.slice(-4)}-${now.toISOString().slice(0, 10)}.csv`;
}
