import { setEmergencyState, toUserMessage } from "@fundament/sdk";
import { Skeleton } from "../../shared/components/Skeleton";
import { TxStatus } from "../../shared/components/TxStatus";
import { VaultStopBadge } from "../../shared/components/VaultStopBadge";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { useFundSettings, useInvestmentToken, useVaults } from "../../shared/hooks/useFundQueries";
import { AdminConfirmAction } from "./AdminConfirm";
import { FundStopActions, VaultStopActions } from "./DepositStops";
import styles from "./DepositStops.module.css";
import guardianStyles from "./GuardianSection.module.css";
import { ProposedSettlementPanel } from "./ProposedSettlementPanel";
import { WriteError } from "./WriteError";

/**
 * The guardian's powers, which only make the fund safer: cancel a pending change (in Pending changes), pause deposits
 * and new rounds of a vault or of every vault, wind a vault or the whole fund down for good, and turn the emergency
 * state on. Never a resume, never the emergency off, never a transfer, never a role: those stay with the admins and
 * the timelock.
 */
export function GuardianSection() {
  const settings = useFundSettings();
  const emergency = useFundAction(setEmergencyState);
  const on = settings.data?.emergencyState === true;
  return (
    <section className="card" aria-labelledby="guardian-title" data-testid="guardian-section">
      <h2 id="guardian-title">Guardian</h2>
      <p>
        As a guardian you can only make the fund safer: veto a proposed settlement before it is final (and co-sign one
        that lies outside its vault's bounds), cancel a change that waits in the timelock (below), pause deposits and
        new rounds of a vault or of every vault, wind a vault or the whole fund down for good, or turn the emergency
        state on. Investors can still withdraw in every case. You cannot move funds, grant roles, resume deposits or
        turn the emergency off: the admins do that.
      </p>
      <GuardianSettlements />
      <GuardianVaults />
      <h3>Emergency state</h3>
      {on ? (
        <p>
          The emergency state is <strong>on</strong>: deposits and lockups are paused and investors can leave with an
          emergency withdrawal.
        </p>
      ) : (
        <AdminConfirmAction
          label="Turn emergency state on"
          confirmLabel="Confirm: turn on"
          tone="danger"
          busy={emergency.state.status === "pending"}
          effect="Pause deposits and lockups in every vault and open the emergency withdrawal to every investor."
          onConfirm={() => void emergency.run({ emergencyState: true })}
        >
          <p>Only an admin can turn it off again.</p>
        </AdminConfirmAction>
      )}
      <TxStatus state={emergency.state} />
      <WriteError state={emergency.state} what="The emergency state was not changed:" />
    </section>
  );
}

/** Every settlement waiting its challenge window, with the guardian's veto and co-signature; nothing when none waits. */
function GuardianSettlements() {
  const vaults = useVaults();
  const token = useInvestmentToken();
  const waiting = (vaults.data ?? []).filter((vault) => vault.proposedSettlement !== null);
  if (waiting.length === 0 || !token.data) return null;
  return (
    <>
      <h3>Proposed settlements</h3>
      {waiting.map((vault) =>
        vault.proposedSettlement ? (
          <section
            key={vault.vaultId}
            className={guardianStyles.settlement}
            aria-label={`${vault.name}: proposed settlement`}
          >
            <h4>{vault.name}</h4>
            <ProposedSettlementPanel
              vaultId={vault.vaultId}
              poolId={vault.poolId}
              round={vault.round}
              proposal={vault.proposedSettlement}
              token={token.data}
              viewer="guardian"
            />
          </section>
        ) : null,
      )}
    </>
  );
}

/** Each vault by name with its stop and the guardian's Pause deposits and Wind down; then the same for every vault. */
function GuardianVaults() {
  const vaults = useVaults();
  return (
    <>
      <h3>Deposits and new rounds</h3>
      {vaults.isError ? (
        <p className="error-text" role="alert">
          {toUserMessage(vaults.error)}
        </p>
      ) : !vaults.data ? (
        <Skeleton height="6rem" />
      ) : (
        <>
          <ul className={styles.list} aria-label="Vaults">
            {vaults.data.map((vault) => (
              <li key={vault.vaultId} className={styles.vault} aria-label={vault.name}>
                <span className={styles.name}>
                  <strong>{vault.name}</strong>
                  <VaultStopBadge vault={vault} />
                </span>
                <VaultStopActions vault={vault} canResume={false} />
              </li>
            ))}
          </ul>
          <FundStopActions vaults={vaults.data} canResume={false} />
        </>
      )}
    </>
  );
}
