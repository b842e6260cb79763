import { type LiveVault, toUserMessage, type VaultPosition } from "@fundament/sdk";
import { useWalletModal } from "@fundament/wallet/react";
import { useState } from "react";
import { Link } from "react-router";
import { TokenAmount } from "../../shared/components/Amount";
import { Skeleton } from "../../shared/components/Skeleton";
import { StatusBadge } from "../../shared/components/StatusBadge";
import { VaultStopBadge } from "../../shared/components/VaultStopBadge";
import { useInvestmentToken, useVaults } from "../../shared/hooks/useFundQueries";
import { formatDate } from "../../shared/lib/format";
import { withdrawKind } from "../../shared/lib/positions";
import { vaultPath } from "../../shared/lib/vaultRoutes";
import { RollOverSwitch } from "../vault/RollOverSwitch";
import { EmergencyWithdrawPosition, WithdrawPosition } from "../vault/WithdrawPosition";
import cardStyles from "../vaults/VaultCard.module.css";
import { roundLabel } from "../vaults/vaults.helpers";
import styles from "./PositionsSection.module.css";
import { accountLabel, type PortfolioAccount, visiblePositions } from "./portfolio.helpers";

type Token = { decimals: number; symbol: string };

/** One listed account and its positions (one entry per vault, as the investor view gives them). */
export type PositionGroup = { account: PortfolioAccount; positions: readonly VaultPosition[] };

/** Why there is nothing to withdraw from a position now, in words. */
function withdrawNote(position: VaultPosition): string | null {
  if (withdrawKind(position)) return null;
  if (position.poolState === "locked")
    return position.rollOver
      ? `Round ${position.round} is locked with the traders. Roll-over is on: at settlement it moves into round ${position.round + 1}.`
      : `Round ${position.round} is locked with the traders. Withdrawal opens when it settles.`;
  return "There is nothing to withdraw.";
}

/** When a locked position's round unlocks (its lockup's end, in the app's date format); null otherwise. */
function unlockDate(position: VaultPosition, vault: LiveVault | undefined): string | null {
  if (position.poolState !== "locked" || !vault || vault.poolId !== position.poolId || !vault.lockupEndTime)
    return null;
  return formatDate(vault.lockupEndTime);
}

/**
 * One vault's position: round (and whether the vault is paused or winding down), value, principal, withdrawable, the
 * unlock date of a locked round, and — on the account in use — the roll-over switch and the withdrawals. A position of
 * the other account shows its roll-over choice only: its actions belong to that account.
 */
function PositionCard({
  position,
  vault,
  token,
  emergencyState,
  resultTarget,
  account,
  headingLevel,
}: {
  position: VaultPosition;
  vault: LiveVault | undefined;
  token: Token;
  emergencyState: boolean;
  /** Where focus lands after a withdrawal (the list's heading: a withdrawn position may leave the list). */
  resultTarget: HTMLElement | null;
  account: PortfolioAccount;
  headingLevel: 3 | 4;
}) {
  const name = vault?.name ?? `Vault ${position.vaultId}`;
  const key = account.inUse ? `${position.vaultId}` : `${position.vaultId}-${account.role}`;
  const titleId = `position-${key}-title`;
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const amount = (units: bigint) => <TokenAmount units={units} decimals={token.decimals} symbol={token.symbol} />;
  const note = withdrawNote(position);
  const unlocks = unlockDate(position, vault);
  return (
    <article className={`card ${styles.position}`} aria-labelledby={titleId} data-testid={`position-${key}`}>
      <header className="card__head">
        <Heading id={titleId}>{vault ? <Link to={vaultPath(vault)}>{name}</Link> : name}</Heading>
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
        {unlocks && (
          <div className="figure">
            <dt>Unlocks</dt>
            <dd>{unlocks}</dd>
          </div>
        )}
        {!account.inUse && (
          <div className="figure">
            <dt>Roll-over</dt>
            <dd>{position.rollOver ? "On" : "Off"}</dd>
          </div>
        )}
      </dl>
      {note && <p className="muted">{note}</p>}
      {account.inUse && (
        <>
          <RollOverSwitch
            vaultId={position.vaultId}
            position={position}
            decimals={token.decimals}
            symbol={token.symbol}
          />
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
        </>
      )}
    </article>
  );
}

/** The other account's actions are made from it: choose it in the wallet's Account view ("Change"). */
function OtherAccountNote({ account }: { account: PortfolioAccount }) {
  const modal = useWalletModal();
  return (
    <p className={`muted ${styles.other}`}>
      To withdraw or change roll-over here, use your {account.role === "wallet" ? "wallet" : "smart account"}: choose it
      in the Account view.{" "}
      <button type="button" className="button button--secondary button--small" onClick={() => modal.open()}>
        Change
      </button>
    </p>
  );
}

/**
 * The person's position in each vault they hold something in, per listed account: with a smart account, the wallet's
 * and the smart account's positions, each under its heading ("Wallet 0x12…34", "Smart account 0x56…78"), the account
 * in use first and marked "In use".
 */
export function PositionsSection({
  groups,
  emergencyState,
}: {
  groups: readonly PositionGroup[];
  emergencyState: boolean;
}) {
  const vaults = useVaults();
  const token = useInvestmentToken();
  const [heading, setHeading] = useState<HTMLElement | null>(null);
  const grouped = groups.length > 1;
  const cards = (group: PositionGroup, tokenData: Token) => {
    const shown = visiblePositions(group.positions);
    if (shown.length === 0)
      return (
        <p className="muted">
          {grouped ? "This account holds no position in any vault." : "You hold no position in any vault."}
        </p>
      );
    return (
      <div className="grid grid--2">
        {shown.map((position) => (
          <PositionCard
            key={position.vaultId}
            position={position}
            vault={vaults.data?.find((v) => v.vaultId === position.vaultId)}
            token={tokenData}
            emergencyState={emergencyState}
            resultTarget={heading}
            account={group.account}
            headingLevel={grouped ? 4 : 3}
          />
        ))}
      </div>
    );
  };
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
      ) : !grouped ? (
        groups[0] && cards(groups[0], token.data)
      ) : (
        groups.map((group) => {
          const id = `positions-${group.account.role}-title`;
          return (
            <section
              key={group.account.address}
              aria-labelledby={id}
              className={`stack ${styles.group}`}
              data-testid={`positions-${group.account.role}`}
            >
              <header className={styles.groupHead}>
                <h3 id={id} title={group.account.address}>
                  {accountLabel(group.account)}
                </h3>
                {group.account.inUse && <span className="badge badge--open">In use</span>}
              </header>
              {!group.account.inUse && <OtherAccountNote account={group.account} />}
              {cards(group, token.data)}
            </section>
          );
        })
      )}
    </section>
  );
}
