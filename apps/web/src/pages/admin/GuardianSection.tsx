import { setEmergencyState } from "@fundament/sdk";
import { TxStatus } from "../../shared/components/TxStatus";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { useFundSettings } from "../../shared/hooks/useFundQueries";
import { AdminConfirmAction } from "./AdminConfirm";

/**
 * The guardian's powers, which only make the fund safer: cancel a pending change (in Pending changes) and turn the
 * emergency state on (deposits and lockups stop; investors leave with an emergency withdrawal). Never off, never a
 * transfer, never a role: those stay with the admins and the timelock.
 */
export function GuardianSection() {
  const settings = useFundSettings();
  const emergency = useFundAction(setEmergencyState);
  const on = settings.data?.emergencyState === true;
  return (
    <section className="card" aria-labelledby="guardian-title" data-testid="guardian-section">
      <h2 id="guardian-title">Guardian</h2>
      <p>
        As a guardian you can only make the fund safer: cancel a change that waits in the timelock (below), or turn the
        emergency state on. You cannot move funds, grant roles, or turn the emergency off: the admins do that.
      </p>
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
    </section>
  );
}
