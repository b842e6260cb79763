import { type InvestorView, toUserMessage } from "@fundament/sdk";
import { Link } from "react-router";
import { Skeleton } from "../../shared/components/Skeleton";
import { EmptyState, ErrorState } from "../../shared/components/States";
import { useInvestmentToken, useVaults } from "../../shared/hooks/useFundQueries";
import { useIsAdmin } from "../../shared/hooks/useIsAdmin";
import { usePageTitle } from "../../shared/hooks/usePageTitle";
import { useWalletStatus } from "../../shared/hooks/useWalletStatus";
import { hasPosition } from "../../shared/lib/positions";
import { PendingChangeBanner } from "../../shared/timelock/PendingChangeBanner";
import { ConnectButton } from "../../shared/wallet/ConnectButton";
import { ProposedSettlementBanner } from "../vault/ProposedSettlementBanner";
import { PortfolioSummary } from "./PortfolioSummary";
import { PositionsSection } from "./PositionsSection";
import { statementRows } from "./portfolio.helpers";
import { StatementSection } from "./StatementSection";
import { usePortfolio } from "./usePortfolio";

/**
 * Portfolio (`/portfolio`): the totals (current value, profit, the fund-wide investor view), the position in each
 * vault with its unlock date, roll-over switch and withdraw / emergency withdraw, and the statement of every round
 * with its CSV. With a smart account, the wallet's and the smart account's positions are both listed, each under its
 * heading, the one in use marked, and the totals and the statement cover both.
 */
export default function PortfolioPage() {
  usePageTitle("Portfolio");
  const { isConnected } = useWalletStatus();
  const { accounts, views, histories } = usePortfolio();
  const admin = useIsAdmin();
  const vaults = useVaults();
  // The summary and the sections show amounts in the token: read it with the page's first reads, not once they came.
  useInvestmentToken();
  const viewError = views.find((view) => view.isError);
  const loaded = views.map((view) => view.data).filter((view): view is InvestorView => view !== undefined);
  const ready = accounts.length > 0 && loaded.length === accounts.length;
  /** The account in use (listed first). */
  const investor = loaded[0];
  const rowsPerAccount = histories.map((history) => history.data);
  const rows = rowsPerAccount.every((r) => r !== undefined)
    ? statementRows(accounts.map((account, i) => ({ account, rows: rowsPerAccount[i] ?? [] })))
    : undefined;
  const historyError = histories.find((history) => history.isError)?.error ?? null;

  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>Portfolio</h1>
          <p className="page__lead">Your positions in each vault, your rounds, voting power and withdrawals.</p>
        </div>
      </header>
      {isConnected && <PendingChangeBanner vaults={vaults.data ?? []} />}
      {isConnected &&
        (vaults.data ?? [])
          .filter((vault) => vault.proposedSettlement !== null)
          .map((vault) => <ProposedSettlementBanner key={vault.vaultId} vault={vault} named />)}
      {!isConnected ? (
        <EmptyState title="Connect a wallet to see your portfolio">
          <p>
            Your positions, invested amount, voting power and share of the fund appear here once a wallet is connected.
          </p>
          <ConnectButton />
        </EmptyState>
      ) : viewError ? (
        <ErrorState
          message={toUserMessage(viewError.error)}
          onRetry={() => {
            for (const view of views) if (view.isError) void view.refetch();
          }}
        />
      ) : !ready || !investor ? (
        <Skeleton height="7rem" />
      ) : (
        <>
          <PortfolioSummary views={loaded} rows={rows} accountCount={accounts.length} />
          {!loaded.some((view) => view.positions.some(hasPosition) || view.totalWithdrawn > 0) ? (
            <EmptyState title="Nothing invested yet">
              <p>
                {investor.isWhitelisted ? (
                  "Your wallet is whitelisted. Choose a vault to make your first investment."
                ) : admin.isAdmin ? (
                  <>
                    Your wallet is not whitelisted yet. As an admin, you can whitelist it yourself on the{" "}
                    <Link to="/admin">Admin page</Link>, then choose a vault.
                  </>
                ) : (
                  "Your wallet is not whitelisted yet. Ask the fund's admin to whitelist it, then choose a vault."
                )}
              </p>
              <Link to="/" className="button button--primary">
                See the vaults
              </Link>
            </EmptyState>
          ) : (
            <div className="stack">
              {investor.emergencyState && (
                <div className="notice notice--error" role="status">
                  <p>
                    The fund is in an emergency state: deposits and lockups are paused. You can take out a settled
                    payout or an open round's deposit with an emergency withdrawal below.
                  </p>
                </div>
              )}
              <PositionsSection
                groups={accounts.map((account, i) => ({ account, positions: loaded[i]?.positions ?? [] }))}
                emergencyState={investor.emergencyState}
              />
              <StatementSection
                accounts={accounts}
                rows={rows}
                error={historyError}
                onRetry={() => {
                  for (const history of histories) if (history.isError) void history.refetch();
                }}
              />
            </div>
          )}
        </>
      )}
    </div>
  );
}
