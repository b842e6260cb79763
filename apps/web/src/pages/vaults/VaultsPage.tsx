import { toUserMessage } from "@fundament/sdk";
import { EmptyState, ErrorState } from "../../shared/components/States";
import { useChainTime } from "../../shared/hooks/useChainTime";
import { useVaults } from "../../shared/hooks/useFundQueries";
import { usePageTitle } from "../../shared/hooks/usePageTitle";
import { formatUsd } from "../../shared/lib/format";
import { VaultCard, VaultCardSkeleton } from "./VaultCard";

/**
 * Vault listing (`/`): every vault on the fund contract with its current round, live from the chain, with the API's
 * performance for the APY.
 */
export default function VaultsPage() {
  usePageTitle("Vaults");
  const vaults = useVaults();
  // A locked vault's card counts down on the chain's clock: read it with the vaults, not once they have come.
  useChainTime();
  const total = vaults.data?.reduce((sum, vault) => sum + vault.tvlUsd, 0);
  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>Vaults</h1>
          <p className="page__lead">
            Each vault runs its rounds one after another: deposit while a round is open; traders trade the deposit
            during the lockdown period until maturity, and the profit is shared. The next round opens as soon as one
            settles.
          </p>
        </div>
        {total !== undefined && (
          <p className="page__stat">
            <span className="muted">Total value locked</span>
            <strong>{formatUsd(total)}</strong>
          </p>
        )}
      </header>
      {vaults.isError ? (
        <ErrorState message={toUserMessage(vaults.error)} onRetry={() => void vaults.refetch()} />
      ) : vaults.data?.length === 0 ? (
        <EmptyState title="No vaults yet">
          <p>The fund has no vaults on this chain yet.</p>
        </EmptyState>
      ) : (
        <section className="grid grid--2" aria-label="Vaults" aria-busy={vaults.isPending}>
          {vaults.data
            ? vaults.data.map((vault) => <VaultCard key={vault.vaultId} vault={vault} />)
            : [0, 1].map((i) => <VaultCardSkeleton key={i} />)}
        </section>
      )}
    </div>
  );
}
