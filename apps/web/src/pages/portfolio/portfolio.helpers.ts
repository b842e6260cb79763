import type { PositionRound, VaultPosition } from "@fundament/sdk";
import { type CsvColumn, toCsv } from "../../shared/lib/csv";
import { tokenDecimal } from "../../shared/lib/format";
import { hasPosition } from "../../shared/lib/positions";

type Token = { decimals: number; symbol: string };

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
 * The person's statement as CSV: one row per (vault, round), newest first as given, amounts as plain decimals in the
 * token (a loss negative), so a spreadsheet reads them as numbers.
 */
export function statementToCsv(
  rows: readonly PositionRound[],
  vaultName: (vaultId: number) => string,
  token: Token,
): string {
  const amount = (units: bigint) => tokenDecimal(units, token.decimals);
  const columns: CsvColumn<PositionRound>[] = [
    ["vault", (r) => vaultName(r.vaultId)],
    ["vault id", (r) => r.vaultId],
    ["round", (r) => r.round],
    ["pool id", (r) => r.poolId.toString()],
    [`principal (${token.symbol})`, (r) => amount(r.principal)],
    [`payout (${token.symbol})`, (r) => (isSettledOutcome(r.outcome) ? amount(r.payout) : "")],
    [`profit or loss (${token.symbol})`, (r) => (isSettledOutcome(r.outcome) ? amount(r.profit) : "")],
    [`fees (${token.symbol})`, (r) => (isSettledOutcome(r.outcome) ? amount(r.fees) : "")],
    ["outcome", (r) => outcomeLabel(r.outcome)],
  ];
  return toCsv(columns, rows);
}

/** The statement's file name: "fundament-statement-0x7099-79c8-2026-11-23.csv". */
export function statementFileName(account: string, now = new Date()): string {
  return `fundament-statement-${account.slice(0, 6)}-${account.slice(-4)}-${now.toISOString().slice(0, 10)}.csv`;
}
