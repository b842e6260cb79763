import { emergencyWithdraw, formatPercent, formatUsd, toUserMessage, withdraw } from "@fundament/sdk";
import { Link } from "react-router";
import { ConfirmAction } from "../../shared/components/ConfirmAction";
import { Skeleton } from "../../shared/components/Skeleton";
import { EmptyState, ErrorState } from "../../shared/components/States";
import { TxStatus } from "../../shared/components/TxStatus";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { useInvestorView } from "../../shared/hooks/useFundQueries";
import { usePageTitle } from "../../shared/hooks/usePageTitle";
import { useWalletStatus } from "../../shared/hooks/useWalletStatus";
import { ConnectButton } from "../../shared/wallet/ConnectButton";

/** Portfolio (`/portfolio`): the investor view, and withdraw / emergency withdraw when they are available. */
export default function PortfolioPage() {
  usePageTitle("Portfolio");
  const { isConnected } = useWalletStatus();
  const investor = useInvestorView();
  const withdrawAction = useFundAction(withdraw);
  const emergencyAction = useFundAction(emergencyWithdraw);

  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>Portfolio</h1>
          <p className="page__lead">Your investment, voting power and withdrawals.</p>
        </div>
      </header>
      {!isConnected ? (
        <EmptyState title="Connect a wallet to see your portfolio">
          <p>Your invested amount, voting power and DAO ranking appear here once a wallet is connected.</p>
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
              <dd>{investor.data.votingPower.toLocaleString("en-US", { maximumFractionDigits: 2 })}</dd>
            </div>
            <div className="card stat">
              <dt>Total withdrawn</dt>
              <dd>{formatUsd(investor.data.totalWithdrawn)}</dd>
            </div>
            <div className="card stat">
              <dt>DAO ranking</dt>
              <dd>{formatPercent(investor.data.daoRankingPercent)}</dd>
            </div>
          </dl>
          {investor.data.investedAmount === 0 && investor.data.withdrawableAmount === 0 && (
            <EmptyState title="Nothing invested yet">
              <p>
                {investor.data.isWhitelisted
                  ? "Your wallet is whitelisted. Choose a vault to make your first investment."
                  : "Your wallet is not whitelisted yet. Ask the fund's admin to whitelist it, then choose a vault."}
              </p>
              <Link to="/" className="button button--primary">
                See the vaults
              </Link>
            </EmptyState>
          )}
          <section className="card" aria-labelledby="withdraw-title">
            <h2 id="withdraw-title">Withdraw</h2>
            {investor.data.withdrawableAmount > 0 ? (
              <>
                <p>
                  Your pool has been settled. You can withdraw{" "}
                  <strong>{formatUsd(investor.data.withdrawableAmount)}</strong> (your principal and share of the
                  profit).
                </p>
                <ConfirmAction
                  label="Withdraw"
                  confirmLabel="Confirm withdrawal"
                  busy={withdrawAction.state.status === "pending"}
                  onConfirm={() => void withdrawAction.run({})}
                >
                  <p>
                    Withdraw {formatUsd(investor.data.withdrawableAmount)} to your wallet? Your wallet will ask you to
                    confirm the transaction.
                  </p>
                </ConfirmAction>
              </>
            ) : (
              <p className="muted">
                {investor.data.investedAmount > 0
                  ? "Withdrawal opens once your pool's lockup has ended and the pool is settled."
                  : "There is nothing to withdraw."}
              </p>
            )}
            <TxStatus state={withdrawAction.state} />
          </section>
          {investor.data.emergencyState && (
            <section className="card card--danger" aria-labelledby="emergency-title">
              <h2 id="emergency-title">Emergency withdrawal</h2>
              <p>
                The fund is in an emergency state. You can take out your share of the pool now; it may be less than you
                invested if the funds are with the traders.
              </p>
              <ConfirmAction
                label="Emergency withdraw"
                confirmLabel="Confirm emergency withdrawal"
                tone="danger"
                busy={emergencyAction.state.status === "pending"}
                disabled={investor.data.investedAmount === 0}
                onConfirm={() => void emergencyAction.run({})}
              >
                <p>Withdraw your pro-rata share now? This cannot be undone.</p>
              </ConfirmAction>
              <TxStatus state={emergencyAction.state} />
            </section>
          )}
        </>
      )}
    </div>
  );
}
