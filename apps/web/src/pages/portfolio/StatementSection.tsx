import { toUserMessage } from "@fundament/sdk";
import { Skeleton } from "../../shared/components/Skeleton";
import { useInvestmentToken, usePositionHistory, useVaults } from "../../shared/hooks/useFundQueries";
import { useWalletStatus } from "../../shared/hooks/useWalletStatus";
import { downloadText } from "../../shared/lib/download";
import { formatSignedTokenAmount, formatTokenAmount, tokenTitle } from "../../shared/lib/format";
import { roundLabel } from "../vaults/vaults.helpers";
import { isSettledOutcome, outcomeLabel, statementFileName, statementToCsv } from "./portfolio.helpers";

/**
 * The person's statement: every round they took part in, per vault, newest first (principal, payout, profit or loss,
 * their part of the round's fees (already taken from the payout), and whether it was withdrawn or rolled over), with a CSV download of the same rows.
 */
export function StatementSection() {
  const { account } = useWalletStatus();
  const history = usePositionHistory();
  const vaults = useVaults();
  const token = useInvestmentToken();
  const vaultName = (vaultId: number) => vaults.data?.find((v) => v.vaultId === vaultId)?.name ?? `Vault ${vaultId}`;

  const download = () => {
    if (!history.data || !token.data || !account) return;
    downloadText(
      statementToCsv(history.data, vaultName, token.data),
      statementFileName(account),
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
          disabled={!history.data || history.data.length === 0 || !token.data}
        >
          Download statement (CSV)
        </button>
      </div>
      {history.isError ? (
        <div className="error-state" role="alert">
          <p>{toUserMessage(history.error)}</p>
          <button type="button" className="button button--secondary" onClick={() => void history.refetch()}>
            Try again
          </button>
        </div>
      ) : history.isPending || !token.data ? (
        <Skeleton height="6rem" />
      ) : history.data.length === 0 ? (
        <p className="muted">No rounds yet: your investments appear here, one row per vault and round.</p>
      ) : (
        <div className="table-wrap">
          <table className="table table--stack" data-testid="statement">
            <caption className="visually-hidden">Your rounds per vault, newest first</caption>
            <thead>
              <tr>
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
              {history.data.map((row) => {
                const { decimals, symbol } = token.data;
                const settled = isSettledOutcome(row.outcome);
                return (
                  <tr key={`${row.vaultId}-${row.poolId.toString()}`}>
                    <td data-label="Vault">{vaultName(row.vaultId)}</td>
                    <td data-label="Round">{roundLabel(row.round)}</td>
                    <td className="num" data-label="Principal" title={tokenTitle(row.principal, decimals, symbol)}>
                      {formatTokenAmount(row.principal, decimals, symbol)}
                    </td>
                    <td
                      className="num"
                      data-label="Payout"
                      title={settled ? tokenTitle(row.payout, decimals, symbol) : undefined}
                    >
                      {settled ? formatTokenAmount(row.payout, decimals, symbol) : "—"}
                    </td>
                    <td
                      className={`num ${settled ? (row.profit < 0n ? "amount--down" : "amount--up") : ""}`}
                      data-label="Profit or loss"
                      title={settled ? tokenTitle(row.profit, decimals, symbol) : undefined}
                    >
                      {settled ? formatSignedTokenAmount(row.profit, decimals, symbol) : "—"}
                    </td>
                    <td
                      className="num"
                      data-label="Fees"
                      title={settled ? tokenTitle(row.fees, decimals, symbol) : undefined}
                    >
                      {settled ? formatTokenAmount(row.fees, decimals, symbol) : "—"}
                    </td>
                    <td data-label="Outcome">{outcomeLabel(row.outcome)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
