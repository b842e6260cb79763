import { toUserMessage } from "@fundament/sdk";
import { Link } from "react-router";
import { Skeleton } from "../../shared/components/Skeleton";
import { EmptyState, ErrorState } from "../../shared/components/States";
import { useInvestorView, useVaults } from "../../shared/hooks/useFundQueries";
import { useIsAdmin } from "../../shared/hooks/useIsAdmin";
import { usePageTitle } from "../../shared/hooks/usePageTitle";
import { useWalletStatus } from "../../shared/hooks/useWalletStatus";
import { formatNumber, formatPercent, formatUsd } from "../../shared/lib/format";
import { hasPosition } from "../../shared/lib/positions";
import { PendingChangeBanner } from "../../shared/timelock/PendingChangeBanner";
import { ConnectButton } from "../../shared/wallet/ConnectButton";
import { ProposedSettlementBanner } from "../vault/ProposedSettlementBanner";
import { PositionsSection } from "./PositionsSection";
import { StatementSection } from "./StatementSection";

/**
 * Portfolio (`/portfolio`): the fund-wide investor view, the position in each vault with withdraw / emergency
 * withdraw, and the statement of every round with its CSV.
 */
export default function PortfolioPage() {
  usePageTitle("Portfolio");
  const { isConnected } = useWalletStatus();
  const investor = useInvestorView();
  const admin = useIsAdmin();
  const vaults = useVaults();

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
      ) : investor.isPending ? (
        <div className="grid grid--4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height="6rem" />
          ))}
        </div>
      ) : investor.isError ? (
        <ErrorState message={toUserMessage(investor.error)} onRetry={() => void investor.refetch()} />
      ) : (
        <>
          <dl className="stats grid grid--4">
            <div className="card stat">
              <dt>Invested amount</dt>
              <dd>{formatUsd(investor.data.investedAmount)}</dd>
            </div>
            <div className="card stat">
              <dt>Voting power</dt>
              <dd>{formatNumber(investor.data.votingPower)}</dd>
            </div>
            <div className="card stat">
              <dt>Total withdrawn</dt>
              <dd>{formatUsd(investor.data.totalWithdrawn)}</dd>
            </div>
            <div className="card stat">
              <dt title="DAO ranking: what you have invested, as a share of everything invested in the fund">
                Share of the fund
              </dt>
              <dd>{formatPercent(investor.data.daoRankingPercent)}</dd>
            </div>
          </dl>
          {!investor.data.positions.some(hasPosition) && investor.data.totalWithdrawn === 0 ? (
            <EmptyState title="Nothing invested yet">
              <p>
                {investor.data.isWhitelisted ? (
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
            <>
              {investor.data.emergencyState && (
                <div className="notice notice--error" role="status">
                  <p>
                    The fund is in an emergency state: deposits and lockups are paused. You can take out a settled
                    payout or an open round's deposit with an emergency withdrawal below.
                  </p>
                </div>
              )}
              <PositionsSection positions={investor.data.positions} emergencyState={investor.data.emergencyState} />
              <StatementSection />
            </>
          )}
        </>
      )}
    </div>
  );
}
