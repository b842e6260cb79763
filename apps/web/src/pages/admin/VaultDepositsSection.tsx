import { toUserMessage } from "@fundament/sdk";
import { Skeleton } from "../../shared/components/Skeleton";
import { useVaults } from "../../shared/hooks/useFundQueries";
import { VaultStopActions } from "./DepositStops";
import { vaultStopState } from "./stops.helpers";

/** One vault's deposits and new rounds: paused, winding down or running, and the admin's pause, resume and wind-down. */
export function VaultDepositsSection({ vaultId }: { vaultId: number }) {
  const vaults = useVaults();
  const vault = vaults.data?.find((v) => v.vaultId === vaultId);
  const titleId = `vault-deposits-${vaultId}-title`;
  return (
    <section className="card" aria-labelledby={titleId}>
      <h3 id={titleId}>Deposits</h3>
      {vaults.isError ? (
        <p className="error-text" role="alert">
          {toUserMessage(vaults.error)}
        </p>
      ) : !vault ? (
        <Skeleton height="4rem" />
      ) : (
        <>
          <p data-testid="vault-stop-state">{vaultStopState(vault)}</p>
          <VaultStopActions vault={vault} canResume />
        </>
      )}
    </section>
  );
}
