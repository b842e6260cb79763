import { toUserMessage } from "@fundament/sdk";
import { Skeleton } from "../../shared/components/Skeleton";
import { useVaults } from "../../shared/hooks/useFundQueries";
import { FundStopActions } from "./DepositStops";

/**
 * Deposits and new rounds of every vault at once: which vaults are paused or winding down, and the admin's Pause every
 * vault, Resume every vault and Wind down the whole fund (each vault's own are in its tab, under Deposits).
 */
export function FundDepositsSection() {
  const vaults = useVaults();
  return (
    <section className="card" aria-labelledby="fund-deposits-title">
      <h2 id="fund-deposits-title">Deposits in every vault</h2>
      {vaults.isError ? (
        <p className="error-text" role="alert">
          {toUserMessage(vaults.error)}
        </p>
      ) : !vaults.data ? (
        <Skeleton height="4rem" />
      ) : (
        <FundStopActions vaults={vaults.data} canResume />
      )}
    </section>
  );
}
