import { toUserMessage } from "@fundament/sdk";
import { Skeleton } from "../../shared/components/Skeleton";
import { useInvestmentToken, useVaults } from "../../shared/hooks/useFundQueries";
import { downloadText } from "../../shared/lib/download";
import { formatDate, formatSignedTokenAmount, formatTokenAmount, tokenTitle } from "../../shared/lib/format";
import { roundLabel } from "../vaults/vaults.helpers";
import {
  isoUtc,
  isSettledOutcome,
  lastTransaction,
  outcomeLabel,
  type PortfolioAccount,
  type StatementRow,
  statementFileName,
  statementToCsv,
} from "./portfolio.helpers";

/**
 * The person's statement: every round they took part in, per account (with a smart account, the wallet's and the
 * smart account's), per vault, newest first: the date of the round's last transaction, principal, payout, profit or
 * loss, their part of the round's fees (already taken from the payout), and whether it was withdrawn or rolled over,
 * with a CSV download of the same rows (dates in ISO 8601 UTC and each row's transaction hashes). On a phone each row
 * is a card of labelled values, as History's.
 */
export function StatementSection({
  accounts,
  rows,
  error,
  onRetry,
}: {
  accounts: readonly PortfolioAccount[];
  /** Every listed account's rounds; undefined while one is still being read. */
  rows: readonly StatementRow[] | undefined;
  error: unknown;
  onRetry: () => void;
}) {
  const vaults = useVaults();
  const token = useInvestmentToken();
  const vaultName = (vaultId: number) => vaults.data?.find((v) => v.vaultId === vaultId)?.name ?? `Vault ${vaultId}`;
  const inUse = accounts.find((account) => account.inUse);
  const grouped = accounts.length > 1;

  const download = () => {
    if (!rows || !token.data || !inUse) return;
    downloadText(
      statementToCsv(rows, vaultName, token.data),
      statementFileName(inUse.address),
      "text/csv;charset=utf-8",
    );
  };

  return (
    <section className="card" aria-labelledby="statement-title">
      <div className="card__head">
        <h2 id="statement-title">Statement</h2>
        <button
          type="button"
          className="button button--secondary"
          onClick={download}
          disabled={!rows || rows.length === 0 || !token.data}
        >
          Download statement (CSV)
        </button>
      </div>
      {error ? (
        <div className="error-state" role="alert">
          <p>{toUserMessage(error)}</p>
          <button type="button" className="button button--secondary" onClick={onRetry}>
            Try again
          </button>
        </div>
      ) : !rows || !token.data ? (
        <Skeleton height="6rem" />
      ) : rows.length === 0 ? (
        <p className="muted">No rounds yet: your investments appear here, one row per vault and round.</p>
      ) : (
        <StatementTable rows={rows} token={token.data} grouped={grouped} vaultName={vaultName} />
      )}
    </section>
  );
}

/** The statement's rounds as a table (on a phone, a card of labelled values per row). */
function StatementTable({
  rows,
  token,
  grouped,
  vaultName,
}: {
  rows: readonly StatementRow[];
  token: { decimals: number; symbol: string };
  /** Whether there is more than one account (then each row says whose round it is). */
  grouped: boolean;
  vaultName: (vaultId: number) => string;
}) {
  return (
    <div className="table-wrap">
      <table className="table table--stack" data-testid="statement">
        <caption className="visually-hidden">Your rounds per vault, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            {grouped && <th scope="col">Account</th>}
            <th scope="col">Vault</th>
            <th scope="col">Round</th>
            <th scope="col" className="num">
              Principal
            </th>
            <th scope="col" className="num">
              Payout
            </th>
            <th scope="col" className="num">
              Profit or loss
            </th>
            <th scope="col" className="num">
              Fees
            </th>
            <th scope="col">Outcome</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <StatementTableRow
              key={`${row.account.address}-${row.vaultId}-${row.poolId.toString()}`}
              row={row}
              token={token}
              grouped={grouped}
              vaultName={vaultName}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One round: its last transaction's date, account (when grouped), vault, round, amounts and outcome. */
function StatementTableRow({
  row,
  token: { decimals, symbol },
  grouped,
  vaultName,
}: {
  row: StatementRow;
  token: { decimals: number; symbol: string };
  grouped: boolean;
  vaultName: (vaultId: number) => string;
}) {
  const settled = isSettledOutcome(row.outcome);
  const last = lastTransaction(row);
  return (
    <tr>
      <td data-label="Date">
        {last ? (
          <time dateTime={isoUtc(last.timestamp)} title={last.hash}>
            {formatDate(last.timestamp)}
          </time>
        ) : (
          "—"
        )}
      </td>
      {grouped && (
        <td data-label="Account" title={row.account.address}>
          {row.account.role === "wallet" ? "Wallet" : "Smart account"}
        </td>
      )}
      <td data-label="Vault">{vaultName(row.vaultId)}</td>
      <td data-label="Round">{roundLabel(row.round)}</td>
      <td className="num" data-label="Principal" title={tokenTitle(row.principal, decimals, symbol)}>
        {formatTokenAmount(row.principal, decimals, symbol)}
      </td>
      <td className="num" data-label="Payout" title={settled ? tokenTitle(row.payout, decimals, symbol) : undefined}>
        {settled ? formatTokenAmount(row.payout, decimals, symbol) : "—"}
      </td>
      <td
        className={`num ${settled ? (row.profit < 0n ? "amount--down" : "amount--up") : ""}`}
        data-label="Profit or loss"
        title={settled ? tokenTitle(row.profit, decimals, symbol) : undefined}
      >
        {settled ? formatSignedTokenAmount(row.profit, decimals, symbol) : "—"}
      </td>
      <td className="num" data-label="Fees" title={settled ? tokenTitle(row.fees, decimals, symbol) : undefined}>
        {settled ? formatTokenAmount(row.fees, decimals, symbol) : "—"}
      </td>
      <td data-label="Outcome">{outcomeLabel(row.outcome)}</td>
    </tr>
  );
}
