import { toUserMessage } from "@fundament/sdk";
import { Link, useParams } from "react-router";
import { PageSkeleton } from "../../shared/components/Skeleton";
import { EmptyState, ErrorState } from "../../shared/components/States";
import { useVaults } from "../../shared/hooks/useFundQueries";
import { usePageTitle } from "../../shared/hooks/usePageTitle";
import { findVault } from "../../shared/lib/vaultRoutes";
import { VaultRoundBadges } from "../vaults/VaultCard";
import { VaultFigures } from "../vaults/VaultFigures";
import { InvestWidget } from "./InvestWidget";
import { VaultPerformance } from "./VaultPerformance";
import { VaultPosition } from "./VaultPosition";
import { VaultRounds } from "./VaultRounds";

/**
 * Vault detail (`/vaults/:id`, by the spec's id or the on-chain vault id): current round, performance chart, figures,
 * the vault's rounds, your position in this vault and the invest widget.
 */
export default function VaultPage() {
  const { id } = useParams();
  const vaults = useVaults();
  const vault = vaults.data ? findVault(vaults.data, id) : undefined;
  usePageTitle(vault?.name ?? "Vault");
  if (vaults.isPending) return <PageSkeleton />;
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
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Vaults</Link> <span aria-hidden="true">/</span> <span aria-current="page">{vault.name}</span>
      </nav>
      <header className="vault-hero">
        <span className="vault-card__icons">
          <img className="vault-card__icon vault-card__icon--large" src={vault.icon} alt="" width={64} height={64} />
          <img className="vault-card__chain" src={vault.chainIcon} alt="Ethereum" width={22} height={22} />
        </span>
        <div>
          <h1>{vault.name}</h1>
          <div className="vault-card__tags">
            <VaultRoundBadges vault={vault} />
            {vault.tag && <span className="tag">{vault.tag}</span>}
          </div>
          <p className="page__lead">{vault.description}</p>
        </div>
      </header>
      <VaultFigures vault={vault} variant="hero" />
      <div className="vault-layout">
        <div className="vault-layout__main">
          <VaultPerformance vault={vault} />
          <VaultRounds vault={vault} />
          <VaultPosition vault={vault} />
        </div>
        <aside className="vault-layout__side">
          <InvestWidget vault={vault} />
        </aside>
      </div>
    </div>
  );
}
