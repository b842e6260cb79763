import { toUserMessage, VAULTS, type Vault } from "@fundament/sdk";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { PageSkeleton } from "../../shared/components/Skeleton";
import { EmptyState, ErrorState } from "../../shared/components/States";
import { useVaults } from "../../shared/hooks/useFundQueries";
import { usePageTitle } from "../../shared/hooks/usePageTitle";
import { findVault } from "../../shared/lib/vaultRoutes";
import { PendingChangeBanner } from "../../shared/timelock/PendingChangeBanner";
import { VaultRoundBadges } from "../vaults/VaultCard";
import cardStyles from "../vaults/VaultCard.module.css";
import { VaultFigures } from "../vaults/VaultFigures";
import { InvestWidget } from "./InvestWidget";
import { ProposedSettlementBanner } from "./ProposedSettlementBanner";
import styles from "./VaultPage.module.css";
import { VaultPerformance } from "./VaultPerformance";
import { VaultPosition } from "./VaultPosition";
import { VaultRounds } from "./VaultRounds";
import { VaultStopBanner } from "./VaultStopBanner";
import { VaultTerms } from "./VaultTerms";

/**
 * Vault detail (`/vaults/:id`, by the spec's id or the on-chain vault id): current round, performance chart, figures,
 * a paused or winding-down vault's banner, the vault's rounds, your position in this vault and the invest widget
 * (before the chart on a phone: CSS order).
 * With the chain's RPC down, a vault the app knows statically keeps its name, description and chart (from the API)
 * and says that the live figures are unavailable, with a retry.
 */
export default function VaultPage() {
  const { id } = useParams();
  const vaults = useVaults();
  const vault = vaults.data ? findVault(vaults.data, id) : undefined;
  const known = vaults.isError && !vault ? findVault(VAULTS, id) : undefined;
  usePageTitle(vault?.name ?? known?.name ?? "Vault");
  if (vaults.isPending) return <PageSkeleton />;
  if (known)
    return (
      <div className="page">
        <VaultBreadcrumb name={known.name} />
        <VaultHero vault={known} />
        <div className={`notice notice--warning ${styles.liveUnavailable}`}>
          <p className={styles.liveUnavailableText} role="alert">
            The live figures are unavailable: the blockchain network cannot be reached right now. The vault's value,
            rounds, your position and investing come back as soon as it answers.
          </p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void vaults.refetch()}
            disabled={vaults.isFetching}
            aria-busy={vaults.isFetching}
          >
            {vaults.isFetching ? "Retrying…" : "Retry"}
          </button>
        </div>
        <VaultPerformance vault={known} />
      </div>
    );
  if (vaults.isError)
    return (
      <div className="page">
        <ErrorState message={toUserMessage(vaults.error)} onRetry={() => void vaults.refetch()} />
      </div>
    );
  if (!vault)
    return (
      <div className="page">
        <EmptyState title="Vault not found">
          <p>
            There is no vault called “{id}”. <Link to="/">See all vaults</Link>.
          </p>
        </EmptyState>
      </div>
    );
  return (
    <div className="page">
      <VaultBreadcrumb name={vault.name} />
      <VaultHero vault={vault}>
        <VaultRoundBadges vault={vault} />
      </VaultHero>
      <VaultFigures vault={vault} variant="hero" />
      <VaultStopBanner vault={vault} />
      <ProposedSettlementBanner vault={vault} />
      <PendingChangeBanner vaultId={vault.vaultId} vaults={vaults.data ?? []} />
      <div className={styles.layout}>
        <div className={styles.main}>
          <VaultPerformance vault={vault} />
          <VaultRounds vault={vault} />
          <VaultPosition vault={vault} />
        </div>
        <aside className={styles.side}>
          <InvestWidget vault={vault} />
          <VaultTerms vault={vault} />
        </aside>
      </div>
    </div>
  );
}

function VaultBreadcrumb({ name }: { name: string }) {
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
      <Link to="/">Vaults</Link> <span aria-hidden="true">/</span> <span aria-current="page">{name}</span>
    </nav>
  );
}

/** Icon, name, tags and description: static data, shown whether or not the chain answers. */
function VaultHero({
  vault,
  children,
}: {
  vault: Pick<Vault, "name" | "icon" | "chainIcon" | "tag" | "description">;
  children?: ReactNode;
}) {
  return (
    <header className={styles.hero}>
      <span className={cardStyles.icons}>
        <img className={cardStyles.icon} src={vault.icon} alt="" width={64} height={64} />
        <img className={cardStyles.chain} src={vault.chainIcon} alt="Ethereum" width={22} height={22} />
      </span>
      <div>
        <h1>{vault.name}</h1>
        <div className={cardStyles.tags}>
          {children}
          {vault.tag && <span className="tag">{vault.tag}</span>}
        </div>
        <p className="page__lead">{vault.description}</p>
      </div>
    </header>
  );
}
