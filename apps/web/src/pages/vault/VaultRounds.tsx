import { type LiveVault, toUserMessage } from "@fundament/sdk";
import { Link } from "react-router";
import { Skeleton } from "../../shared/components/Skeleton";
import { StatusBadge } from "../../shared/components/StatusBadge";
import { useInvestmentToken, useVaultRounds } from "../../shared/hooks/useFundQueries";
import { tokenTitle } from "../../shared/lib/format";
import { roundReportPath } from "../../shared/lib/vaultRoutes";
import { roundLabel } from "../vaults/vaults.helpers";
import {
  roundDates,
  roundFees,
  roundHasReport,
  roundPrincipal,
  roundProfitParts,
  roundReturnedParts,
  roundStatusLabel,
} from "./rounds.helpers";
import styles from "./VaultRounds.module.css";

/**
 * The vault's own rounds, newest first: round, dates, principal, what came back, its fees, the investors' net profit (or
 * loss), the status and under it, once a round has settled, a link to its NAV report (the one whose hash its settlement carries). The
 * current round is first.
 */
export function VaultRounds({ vault }: { vault: LiveVault }) {
  const rounds = useVaultRounds(vault.vaultId);
  const token = useInvestmentToken();
  const captionId = `rounds-${vault.vaultId}-title`;
  return (
    <section className="card" aria-labelledby={captionId}>
      <h2 id={captionId}>Rounds</h2>
      {rounds.isError ? (
        <div className="error-state" role="alert">
          <p>{toUserMessage(rounds.error)}</p>
          <button type="button" className="button button--secondary" onClick={() => void rounds.refetch()}>
            Try again
          </button>
        </div>
      ) : rounds.isPending || !token.data ? (
        <Skeleton height="8rem" />
      ) : rounds.data.length === 0 ? (
        <p className="muted">This vault has no rounds yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="table table--compact table--stack" data-testid="vault-rounds">
            <caption className="visually-hidden">Rounds of the {vault.name}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Round</th>
                <th scope="col">Dates</th>
                <th scope="col" className="num">
                  Principal
                </th>
                <th scope="col" className="num">
                  Returned
                </th>
                <th scope="col" className="num">
                  Fees
                </th>
                <th scope="col" className="num">
                  Profit
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {rounds.data.map((round) => (
                <tr key={round.poolId.toString()}>
                  <th scope="row">{roundLabel(round.round)}</th>
                  <td data-label="Dates">{roundDates(round)}</td>
                  <td
                    className="num"
                    data-label="Principal"
                    title={tokenTitle(round.principal, token.data.decimals, token.data.symbol)}
                  >
                    {roundPrincipal(round, token.data)}
                  </td>
                  <td
                    className="num"
                    data-label="Returned"
                    title={
                      round.returned > 0n
                        ? tokenTitle(round.returned, token.data.decimals, token.data.symbol)
                        : undefined
                    }
                  >
                    <ReturnedFigure {...roundReturnedParts(round, token.data)} />
                  </td>
                  <FeesCell {...roundFees(round, token.data)} />
                  <td
                    className={`num ${round.status === "settled" ? (round.profit < 0n ? "amount--down" : "amount--up") : ""}`}
                    data-label="Profit"
                    title={
                      round.status === "settled"
                        ? tokenTitle(round.profit, token.data.decimals, token.data.symbol)
                        : undefined
                    }
                  >
                    <ProfitFigure {...roundProfitParts(round, token.data)} />
                  </td>
                  <td data-label="Status">
                    <StatusBadge status={round.status} label={roundStatusLabel(round)} />
                    {roundHasReport(round) && (
                      <>
                        {" "}
                        <Link
                          className={styles.reportLink}
                          to={roundReportPath(round.vaultId, round.poolId)}
                          aria-label={`Report of ${roundLabel(round.round).toLowerCase()}`}
                        >
                          Report
                        </Link>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="muted small">
        Amounts in {token.data?.symbol ?? "the investment token"}. Profit is what the round's investors received beyond
        their principal, after the round's fees: a management fee for the time it was locked, and a performance fee only
        on profit above the vault's high-water mark, so a round that only wins back an earlier loss pays none. A loss is
        shared by the round's investors.
      </p>
    </section>
  );
}

/** A settled round's fees, with their breakdown as the cell's title. */
function FeesCell({ figure, note, detail }: { figure: string; note: string | null; detail: string | null }) {
  return (
    <td className="num" data-label="Fees" title={detail ?? undefined}>
      {figure}
      {note && <span className={styles.note}> {note}</span>}
    </td>
  );
}

/** What came back: the figure, and under it whether it is proposed or collected so far. */
function ReturnedFigure({ figure, note }: { figure: string; note: string | null }) {
  return (
    <>
      {figure}
      {note && <span className={styles.note}> {note}</span>}
    </>
  );
}

/** A settled round's profit, and under it its percent of the principal (a screen reader reads "+120.00 (+8%)"). */
function ProfitFigure({ amount, percent }: { amount: string; percent: string | null }) {
  return (
    <>
      {amount}
      {percent && <span className={styles.note}> ({percent})</span>}
    </>
  );
}
