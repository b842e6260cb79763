import { setEmergencyState } from "@fundament/sdk";
import { ConfirmAction } from "../../shared/components/ConfirmAction";
import { Skeleton } from "../../shared/components/Skeleton";
import { TxStatus } from "../../shared/components/TxStatus";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { useFundSettings } from "../../shared/hooks/useFundQueries";

/** The fund-wide emergency state (every vault): shown, and turned on or off after a confirmation. */
export function EmergencySection() {
  const settings = useFundSettings();
  const emergency = useFundAction(setEmergencyState);
  return (
    <section className="card" aria-labelledby="emergency-title">
      <h2 id="emergency-title">Emergency state</h2>
      {!settings.data ? (
        <Skeleton height="3rem" />
      ) : (
        (() => {
          const { emergencyState } = settings.data;
          return (
            <>
              <p>
                The emergency state is <strong data-testid="emergency-state">{emergencyState ? "on" : "off"}</strong>.{" "}
                {emergencyState
                  ? "Investors can leave every vault with an emergency withdrawal; deposits and lockups are paused, and a locked round may be settled early."
                  : "Turning it on pauses deposits and lockups in every vault and lets investors withdraw with an emergency withdrawal."}
              </p>
              <ConfirmAction
                label={emergencyState ? "Turn emergency state off" : "Turn emergency state on"}
                confirmLabel={emergencyState ? "Confirm: turn off" : "Confirm: turn on"}
                tone={emergencyState ? "primary" : "danger"}
                busy={emergency.state.status === "pending"}
                onConfirm={() => void emergency.run({ emergencyState: !emergencyState })}
              >
                <p>
                  {emergencyState ? "Turn the emergency state off?" : "Turn the emergency state on for the whole fund?"}
                </p>
              </ConfirmAction>
            </>
          );
        })()
      )}
      <TxStatus state={emergency.state} />
    </section>
  );
}
