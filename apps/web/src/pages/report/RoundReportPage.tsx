import { formatChangeTime, type RoundReport, roundReportUrl, VAULTS } from "@fundament/sdk";
import { Link, useParams } from "react-router";
import { Skeleton } from "../../shared/components/Skeleton";
import { EmptyState } from "../../shared/components/States";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useVaults } from "../../shared/hooks/useFundQueries";
import { usePageTitle } from "../../shared/hooks/usePageTitle";
import { formatDateRange, formatDateTime } from "../../shared/lib/format";
import { findVault, vaultPath } from "../../shared/lib/vaultRoutes";
import { roundLabel } from "../vaults/vaults.helpers";
import { ReportExchange } from "./ReportExchange";
import { ReportManualItems } from "./ReportManualItems";
import { ReportTransfers } from "./ReportTransfers";
import { ReportVerdict } from "./ReportVerdict";
import { ReportWallets } from "./ReportWallets";
import styles from "./RoundReportPage.module.css";
import { reportAmount, reportLoadFailure, reportTimeMs, verifyCommand } from "./report.helpers";
import { useRoundReport } from "./useRoundReport";

const ID = /^\d+$/;

/**
 * A settled round's NAV report (`/vaults/:vaultId/rounds/:poolId/report`): the report the API serves, checked in the
 * browser against the hash the round's settlement carries on chain (the verdict comes first, loudly when it does not
 * match), then the report in readable form (figures, trading wallets, transfers, the exchange's answer, declared
 * items) and how to check it yourself.
 */
export default function RoundReportPage() {
  const params = useParams();
  // The on-chain vault id; the spec's id of a vault it names ("nft-vault") is taken too.
  const vaultId = ID.test(params.vaultId ?? "")
    ? (params.vaultId as string)
    : String(findVault(VAULTS, params.vaultId)?.vaultId ?? "");
  const poolId = params.poolId ?? "";
  const valid = ID.test(vaultId) && ID.test(poolId);
  const { report, check } = useRoundReport(vaultId, poolId, valid);
  const vaults = useVaults();
  const vault = vaults.data ? findVault(vaults.data, vaultId) : undefined;
  const vaultName = vault?.name ?? `Vault ${vaultId}`;
  const back = {
    to: vault ? vaultPath(vault) : `/vaults/${vaultId}`,
    label: vault ? `Back to the ${vault.name}` : "Back to the vault",
  };
  const round = report.data ? roundLabel(Number(report.data.report.round)) : null;
  usePageTitle(round ? `${vaultName}, ${round.toLowerCase()} report` : "Round report");

  if (!valid) {
    return (
      <div className="page">
        <EmptyState title="Report not found">
          <p>
            A report's address names a vault and a round by number. <Link to="/">See all vaults</Link>.
          </p>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="page">
      <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
        <Link to="/">Vaults</Link> <span aria-hidden="true">/</span> <Link to={back.to}>{vaultName}</Link>{" "}
        <span aria-hidden="true">/</span> <span aria-current="page">{round ? `${round} report` : "Round report"}</span>
      </nav>
      <header className="page__header">
        <div>
          <h1>{round ? `${round} report` : "Round report"}</h1>
          <p className="page__lead">
            {vaultName}, pool #{poolId}: the round's NAV report, built from the chain when its settlement was proposed.
            The settlement carries the report's hash, so anyone can check that this is the report it was settled with.
          </p>
        </div>
      </header>
      {report.isPending ? (
        <div className="stack" aria-busy="true">
          <p className="visually-hidden">Loading the round's report…</p>
          <Skeleton height="5rem" />
          <Skeleton height="9rem" />
          <Skeleton height="12rem" />
        </div>
      ) : report.isError ? (
        <LoadFailure error={report.error} back={back} onRetry={() => void report.refetch()} />
      ) : (
        <div className="stack">
          {vault?.proposedSettlement && String(vault.poolId) === poolId && (
            <p className="notice notice--warning" data-testid="report-proposed">
              This round's settlement is proposed, not final: it becomes final from{" "}
              {formatChangeTime(vault.proposedSettlement.finalAt)} unless a guardian vetoes it. A vetoed proposal's
              report is replaced by the corrected proposal's.
            </p>
          )}
          <ReportVerdict check={check} route={{ vaultId, poolId }} />
          <ReportSummary report={report.data.report} vaultName={vaultName} />
          <ReportWallets report={report.data.report} />
          <ReportTransfers report={report.data.report} />
          <ReportExchange exchange={report.data.report.exchange} />
          <ReportManualItems report={report.data.report} />
          <ReportSource vaultId={vaultId} poolId={poolId} />
          <p>
            <Link to={back.to}>← {back.label}</Link>
          </p>
        </div>
      )}
    </div>
  );
}

/** The report's head figures: the round, the block it was read at, the lockup, the principal and the claimed total. */
function ReportSummary({ report, vaultName }: { report: RoundReport; vaultName: string }) {
  const blockTime = formatDateTime(reportTimeMs(report.block.timestamp));
  const principal = reportAmount(report.principal, report.token);
  const total = reportAmount(report.total, report.token);
  return (
    <section className="card" aria-labelledby="report-summary">
      <h2 id="report-summary">Summary</h2>
      <dl className={`figures ${styles.summary}`}>
        <div className="figure">
          <dt>Vault and round</dt>
          <dd>
            {vaultName}
            <br />
            <span className="figure__note">
              {roundLabel(Number(report.round))}, pool #{report.poolId}
            </span>
          </dd>
        </div>
        <div className="figure">
          <dt>Read at block</dt>
          <dd>
            {report.block.number}
            {blockTime && (
              <>
                <br />
                <span className="figure__note">{blockTime}</span>
              </>
            )}
          </dd>
        </div>
        <div className="figure">
          <dt>Lockup</dt>
          <dd>{lockupDates(report)}</dd>
        </div>
        <div className="figure">
          <dt>Principal</dt>
          <dd title={principal.title} data-testid="report-principal">
            {principal.text}
          </dd>
        </div>
        <div className="figure figure--accent">
          <dt>Total returned</dt>
          <dd title={total.title} data-testid="report-total">
            {total.text}
            <br />
            <span className="figure__note">What the settlement claims: collected back from the trading wallets</span>
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** "Sep 29 – Oct 29, 2026"; "—" where the report's times are not times. */
function lockupDates({ lockup }: RoundReport): string {
  const [start, end] = [reportTimeMs(lockup.start), reportTimeMs(lockup.end)];
  return Number.isFinite(start) && Number.isFinite(end) && start > 0 ? formatDateRange(start / 1000, end / 1000) : "—";
}

/** Where the raw report is, and the one command that re-checks it from the chain. */
function ReportSource({ vaultId, poolId }: { vaultId: string; poolId: string }) {
  const { apiUrl } = useAppConfig();
  return (
    <section className="card" aria-labelledby="report-source">
      <h2 id="report-source">Check it yourself</h2>
      <p>
        <a href={roundReportUrl(apiUrl, BigInt(vaultId), BigInt(poolId))} target="_blank" rel="noreferrer noopener">
          The raw report (JSON)
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        : the exact bytes whose keccak-256 hash the settlement carries.
      </p>
      <p className={styles.hint}>
        Anyone can re-check it: <code className={`mono ${styles.command}`}>{verifyCommand(vaultId, poolId)}</code>
      </p>
    </section>
  );
}

/** The report could not be shown: why, in words (the API's own included), with a retry where one can help. */
function LoadFailure({
  error,
  back,
  onRetry,
}: {
  error: unknown;
  back: { to: string; label: string };
  onRetry: () => void;
}) {
  const failure = reportLoadFailure(error);
  return (
    <div className={`notice ${failure.retry ? "notice--error" : "notice--warning"} ${styles.failure}`} role="alert">
      <h2 className={styles.failureTitle}>{failure.title}</h2>
      {failure.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <div className={styles.failureActions}>
        {failure.retry && (
          <button type="button" className="button button--secondary button--small" onClick={onRetry}>
            Try again
          </button>
        )}
        <Link to={back.to}>← {back.label}</Link>
      </div>
    </div>
  );
}
