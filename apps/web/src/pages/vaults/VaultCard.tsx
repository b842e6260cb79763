import type { LiveVault } from "@fundament/sdk";
import { Link } from "react-router";
import { Skeleton } from "../../shared/components/Skeleton";
import { StatusBadge } from "../../shared/components/StatusBadge";
import { vaultPath } from "../../shared/lib/vaultRoutes";
import styles from "./VaultCard.module.css";
import { VaultFigures } from "./VaultFigures";
import { roundLabel, vaultBadgeStatus, vaultStatusLabel } from "./vaults.helpers";

/** The current round and its status: "Round 3" "Open" / "Locked until Dec 21, 2026". */
export function VaultRoundBadges({ vault }: { vault: LiveVault }) {
  return (
    <>
      <span className="badge badge--round" data-testid="vault-round">
        {roundLabel(vault.round)}
      </span>
      <StatusBadge status={vaultBadgeStatus(vault)} label={vaultStatusLabel(vault)} />
    </>
  );
}

/** One vault with its current round and live figures (spec section 2: vault listing). */
export function VaultCard({ vault }: { vault: LiveVault }) {
  const titleId = `vault-${vault.id}-title`;
  const path = vaultPath(vault);
  return (
    <article className={`card ${styles.card}`} aria-labelledby={titleId} data-testid={`vault-card-${vault.id}`}>
      <header className={styles.head}>
        <span className={styles.icons}>
          <img className={styles.icon} src={vault.icon} alt="" width={44} height={44} />
          <img className={styles.chain} src={vault.chainIcon} alt="Ethereum" width={20} height={20} />
        </span>
        <div className={styles.title}>
          <h2 id={titleId}>
            <Link to={path} className={styles.link}>
              {vault.name}
            </Link>
          </h2>
          <div className={styles.tags}>
            <VaultRoundBadges vault={vault} />
            {vault.tag && <span className="tag">{vault.tag}</span>}
          </div>
        </div>
      </header>
      <p className={styles.description}>{vault.description}</p>
      <VaultFigures vault={vault} />
      <Link to={path} className={`button button--primary ${styles.cta}`}>
        {vault.acceptsDeposits ? "Invest" : "View vault"}
        <span className="visually-hidden">: {vault.name}</span>
      </Link>
    </article>
  );
}

/** A vault card's placeholder while the chain answers. */
export function VaultCardSkeleton() {
  return (
    <div className={`card ${styles.card}`} aria-hidden="true">
      <div className={styles.head}>
        <Skeleton width="44px" height="44px" className="skeleton--round" />
        <Skeleton width="60%" height="1.4rem" />
      </div>
      <Skeleton height="2.5rem" />
      <div className="figures">
        {["a", "b", "c", "d", "e", "f"].map((key) => (
          <Skeleton key={key} height="2.6rem" />
        ))}
      </div>
    </div>
  );
}
