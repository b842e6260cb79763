import { setEmergencyState } from "@fundament/sdk";
import { useQueries } from "@tanstack/react-query";
import { Skeleton } from "../../shared/components/Skeleton";
import { TxStatus } from "../../shared/components/TxStatus";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { useFundClient } from "../../shared/hooks/useFundClient";
import { useFundSettings, useInvestmentToken } from "../../shared/hooks/useFundQueries";
import { vaultSettingsQuery } from "../../shared/lib/fundQueries";
import { AdminConfirmAction } from "./AdminConfirm";
import { emergencyEffect, type FundHoldings } from "./effects.helpers";
import { WriteError } from "./WriteError";

/** What every vault's current round holds now: deposits in open rounds, principal with the traders in locked ones. */
function useFundHoldings(vaultCount: number | undefined): FundHoldings | undefined {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  return useQueries({
    queries: Array.from({ length: vaultCount ?? 0 }, (_, i) => vaultSettingsQuery(client, deployment, i + 1)),
    combine: (results) => {
      if (vaultCount === undefined || results.some((r) => !r.data)) return undefined;
      const holdings: FundHoldings = { open: 0n, locked: 0n, lockedRounds: 0, vaults: vaultCount };
      for (const { data } of results) {
        if (!data) continue;
        if (data.currentPool.isLocked) {
          holdings.locked += data.currentPool.preLockupTotal;
          holdings.lockedRounds += 1;
        } else holdings.open += data.currentPool.totalFunds;
      }
      return holdings;
    },
  });
}

/**
 * The fund-wide emergency state (every vault): shown, and turned on or off after the admin confirmation, which says
 * what it means for the tokens in open and locked rounds.
 */
export function EmergencySection() {
  const settings = useFundSettings();
  const token = useInvestmentToken();
  const holdings = useFundHoldings(settings.data?.vaultCount);
  const emergency = useFundAction(setEmergencyState);
  return (
    <section className="card" aria-labelledby="emergency-title">
      <h2 id="emergency-title">Emergency state</h2>
      {!settings.data || !token.data || !holdings ? (
        <Skeleton height="3rem" />
      ) : (
        (() => {
          const { emergencyState } = settings.data;
          const { effect, detail } = emergencyEffect({ turnOn: !emergencyState, holdings, token: token.data });
          return (
            <>
              <p>
                The emergency state is <strong data-testid="emergency-state">{emergencyState ? "on" : "off"}</strong>.{" "}
                {emergencyState
                  ? "Investors can leave every vault with an emergency withdrawal; deposits and lockups are paused, and a locked round may be settled early."
                  : "Turning it on pauses deposits and lockups in every vault and lets investors withdraw with an emergency withdrawal."}
              </p>
              <AdminConfirmAction
                label={emergencyState ? "Turn emergency state off" : "Turn emergency state on"}
                confirmLabel={emergencyState ? "Confirm: turn off" : "Confirm: turn on"}
                tone={emergencyState ? "primary" : "danger"}
                busy={emergency.state.status === "pending"}
                effect={effect}
                onConfirm={() => void emergency.run({ emergencyState: !emergencyState })}
              >
                <p>{detail}</p>
              </AdminConfirmAction>
            </>
          );
        })()
      )}
      <TxStatus state={emergency.state} />
      <WriteError state={emergency.state} what="The emergency state was not changed:" />
    </section>
  );
}
