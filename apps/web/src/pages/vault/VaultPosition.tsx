import { formatChangeTime, type LiveVault, toUserMessage } from "@fundament/sdk";
import { useState } from "react";
import { Link } from "react-router";
import { TokenAmount } from "../../shared/components/Amount";
import { Skeleton } from "../../shared/components/Skeleton";
import { useInvestmentToken, usePositions } from "../../shared/hooks/useFundQueries";
import { useWalletStatus } from "../../shared/hooks/useWalletStatus";
import { hasPosition, settledPayout } from "../../shared/lib/positions";
import { roundLabel } from "../vaults/vaults.helpers";
import { RollOverSwitch } from "./RollOverSwitch";
import styles from "./VaultPosition.module.css";
import { WithdrawPosition } from "./WithdrawPosition";

const STATE_WORD = { none: "", open: "open", locked: "locked", settled: "settled" } as const;

/** When a locked round settles: its proposed settlement's final time while one waits, else its lockup's end. */
function untilWhen(vault: Pick<LiveVault, "round" | "unlockDate" | "proposedSettlement">, round: number): string {
  const proposal = vault.proposedSettlement;
  if (proposal && vault.round === round) {
    return ` (its settlement is proposed: final from ${formatChangeTime(proposal.finalAt)}, unless a guardian vetoes it)`;
  }
  return vault.unlockDate ? ` (lockup ends ${vault.unlockDate})` : "";
}

/**
 * The connected investor's position in THIS vault: value, principal, the round it is in, what is withdrawable now,
 * the roll-over choice, withdraw, and why a settled payout must be withdrawn before investing again.
 */
export function VaultPosition({ vault }: { vault: LiveVault }) {
  const { isConnected } = useWalletStatus();
  const positions = usePositions();
  const token = useInvestmentToken();
  const position = positions.data?.find((p) => p.vaultId === vault.vaultId);
  // The heading: after a withdrawal focus lands on it, on the updated figures below it.
  const [heading, setHeading] = useState<HTMLElement | null>(null);
  return (
    <section className="card" aria-labelledby="position-title" data-testid="vault-position">
      <h2 id="position-title" ref={setHeading}>
        Your position
      </h2>
      {!isConnected ? (
        <p className="muted">Connect a wallet to see your position.</p>
      ) : positions.isPending || !token.data ? (
        <Skeleton height="5rem" />
      ) : positions.isError ? (
        <p className="error-text" role="alert">
          {toUserMessage(positions.error)}
        </p>
      ) : (
        (() => {
          const { decimals, symbol } = token.data;
          const amount = (units: bigint) => <TokenAmount units={units} decimals={decimals} symbol={symbol} />;
          const payout = position ? settledPayout(position) : null;
          return (
            <>
              {position && hasPosition(position) ? (
                <dl className="figures figures--compact">
                  <div className="figure">
                    <dt>Value</dt>
                    <dd data-testid="position-value">{amount(position.value)}</dd>
                  </div>
                  <div className="figure">
                    <dt>Principal</dt>
                    <dd>{amount(position.principal)}</dd>
                  </div>
                  <div className="figure">
                    <dt>Round</dt>
                    <dd>
                      {roundLabel(position.round)}, {STATE_WORD[position.poolState]}
                    </dd>
                  </div>
                  <div className="figure">
                    <dt>Withdrawable</dt>
                    <dd data-testid="position-withdrawable">{amount(position.withdrawable)}</dd>
                  </div>
                </dl>
              ) : (
                <p className="muted">You hold nothing in this vault now.</p>
              )}
              {position?.poolState === "locked" && (
                <div className="notice notice--info">
                  <p>
                    Your position is with the traders until {roundLabel(position.round).toLowerCase()} settles
                    {untilWhen(vault, position.round)}.{" "}
                    {position.rollOver
                      ? `Roll-over is on: at settlement it moves into round ${position.round + 1}.`
                      : "At settlement its payout becomes withdrawable."}
                  </p>
                </div>
              )}
              {payout && (
                <div className="notice notice--info" data-testid="unwithdrawn-rule">
                  <p>
                    Round {payout.round} has settled. Withdraw its payout of {amount(payout.amount)} before you invest
                    in this vault again or change roll-over: a vault holds one position per person, and a settled payout
                    must leave it first.
                  </p>
                </div>
              )}
              <RollOverSwitch vaultId={vault.vaultId} position={position} decimals={decimals} symbol={symbol} />
              {position && (
                <WithdrawPosition
                  vaultId={vault.vaultId}
                  vaultName={vault.name}
                  position={position}
                  decimals={decimals}
                  symbol={symbol}
                  resultTarget={heading}
                />
              )}
              <Link to="/portfolio" className={`text-link ${styles.portfolioLink}`}>
                Open your portfolio
              </Link>
            </>
          );
        })()
      )}
    </section>
  );
}
