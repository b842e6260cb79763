import { type LiveVault, toUserMessage, type VaultPosition } from "@fundament/sdk";
import { useState } from "react";
import { Link } from "react-router";
import { TokenAmount } from "../../shared/components/Amount";
import { Skeleton } from "../../shared/components/Skeleton";
import { StatusBadge } from "../../shared/components/StatusBadge";
import { VaultStopBadge } from "../../shared/components/VaultStopBadge";
import { useInvestmentToken, useVaults } from "../../shared/hooks/useFundQueries";
import { withdrawKind } from "../../shared/lib/positions";
import { vaultPath } from "../../shared/lib/vaultRoutes";
import { EmergencyWithdrawPosition, WithdrawPosition } from "../vault/WithdrawPosition";
import cardStyles from "../vaults/VaultCard.module.css";
import { roundLabel } from "../vaults/vaults.helpers";
import styles from "./PositionsSection.module.css";
import { visiblePositions } from "./portfolio.helpers";

type Token = { decimals: number; symbol: string };

/** Why there is nothing to withdraw from a position now, in words. */
function withdrawNote(position: VaultPosition): string | null {
  if (withdrawKind(position)) return null;
  if (position.poolState === "locked")
    return position.rollOver
      ? `Round ${position.round} is locked with the traders. Roll-over is on: at settlement it moves into round ${position.round + 1}.`
      : `Round ${position.round} is locked with the traders. Withdrawal opens when it settles.`;
  return "There is nothing to withdraw.";
}

/**
 * One vault's position: round (and whether the vault is paused or winding down), value, principal, withdrawable,
 * roll-over, and the withdrawals.
 */
function PositionCard({
  position,
  vault,
  token,
  emergencyState,
  resultTarget,
}: {
  position: VaultPosition;
  vault: LiveVault | undefined;
  token: Token;
  emergencyState: boolean;
  /** Where focus lands after a withdrawal (the list's heading: a withdrawn position may leave the list). */
  resultTarget: HTMLElement | null;
}) {
  const name = vault?.name ?? `Vault ${position.vaultId}`;
  const titleId = `position-${position.vaultId}-title`;
  const amount = (units: bigint) => <TokenAmount units={units} decimals={token.decimals} symbol={token.symbol} />;
  const note = withdrawNote(position);
  return (
    <article
      className={`card ${styles.position}`}
      aria-labelledby={titleId}
      data-testid={`position-${position.vaultId}`}
    >
      <header className="card__head">
        <h3 id={titleId}>{vault ? <Link to={vaultPath(vault)}>{name}</Link> : name}</h3>
        <span className={cardStyles.tags}>
          <span className="badge badge--round">{roundLabel(position.round)}</span>
          {position.poolState !== "none" && <StatusBadge status={position.poolState} />}
          {vault && <VaultStopBadge vault={vault} />}
        </span>
      </header>
      <dl className="figures figures--compact">
        <div className="figure">
          <dt>Value</dt>
          <dd>{amount(position.value)}</dd>
        </div>
        <div className="figure">
          <dt>Principal</dt>
          <dd>{amount(position.principal)}</dd>
        </div>
        <div className="figure">
          <dt>Withdrawable</dt>
          <dd>{amount(position.withdrawable)}</dd>
        </div>
        <div className="figure">
          <dt>Roll-over</dt>
          <dd>{position.rollOver ? "On" : "Off"}</dd>
        </div>
      </dl>
      {note && <p className="muted">{note}</p>}
      <WithdrawPosition
        vaultId={position.vaultId}
        vaultName={name}
        position={position}
        decimals={token.decimals}
        symbol={token.symbol}
        resultTarget={resultTarget}
      />
      {emergencyState && withdrawKind(position) && (
        <EmergencyWithdrawPosition
          vaultId={position.vaultId}
          vaultName={name}
          position={position}
          decimals={token.decimals}
          symbol={token.symbol}
          resultTarget={resultTarget}
        />
      )}
    </article>
  );
}

/** The person's position in each vault they hold something in (from the investor view's `positions`). */
export function PositionsSection({
  positions,
  emergencyState,
}: {
  positions: readonly VaultPosition[];
  emergencyState: boolean;
}) {
  const vaults = useVaults();
  const token = useInvestmentToken();
  const shown = visiblePositions(positions);
  const [heading, setHeading] = useState<HTMLElement | null>(null);
  return (
    <section aria-labelledby="positions-title" className="stack">
      <h2 id="positions-title" className="section-title" ref={setHeading}>
        Your vaults
      </h2>
      {token.isError ? (
        <p className="error-text" role="alert">
          {toUserMessage(token.error)}
        </p>
      ) : !token.data ? (
        <Skeleton height="8rem" />
      ) : shown.length === 0 ? (
        <p className="muted">You hold no position in any vault.</p>
      ) : (
        <div className="grid grid--2">
          {shown.map((position) => (
            <PositionCard
              key={position.vaultId}
              position={position}
              vault={vaults.data?.find((v) => v.vaultId === position.vaultId)}
              token={token.data}
              emergencyState={emergencyState}
              resultTarget={heading}
            />
          ))}
        </div>
      )}
    </section>
  );
}
