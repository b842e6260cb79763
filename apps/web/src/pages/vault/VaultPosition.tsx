import { formatPercent, formatUsd, toUserMessage } from "@fundament/sdk";
import { Link } from "react-router";
import { Skeleton } from "../../shared/components/Skeleton";
import { useInvestorView } from "../../shared/hooks/useFundQueries";
import { useWalletStatus } from "../../shared/hooks/useWalletStatus";

/** The connected investor's position in the fund. */
export function VaultPosition() {
  const { isConnected } = useWalletStatus();
  const investor = useInvestorView();
  return (
    <section className="card" aria-labelledby="position-title">
      <h2 id="position-title">Your position</h2>
      {!isConnected ? (
        <p className="muted">Connect a wallet to see your position.</p>
      ) : investor.isPending ? (
        <Skeleton height="5rem" />
      ) : investor.isError ? (
        <p className="error-text">{toUserMessage(investor.error)}</p>
      ) : (
        <>
          <dl className="figures figures--compact">
            <div className="figure">
              <dt>Invested</dt>
              <dd>{formatUsd(investor.data.investedAmount)}</dd>
            </div>
            <div className="figure">
              <dt>Voting power</dt>
              <dd>{investor.data.votingPower.toLocaleString("en-US", { maximumFractionDigits: 2 })}</dd>
            </div>
            <div className="figure">
              <dt>DAO ranking</dt>
              <dd>{formatPercent(investor.data.daoRankingPercent)}</dd>
            </div>
            <div className="figure">
              <dt>Whitelisted</dt>
              <dd>{investor.data.isWhitelisted ? "Yes" : "No"}</dd>
            </div>
          </dl>
          <Link to="/portfolio" className="text-link">
            Open your portfolio
          </Link>
        </>
      )}
    </section>
  );
}
