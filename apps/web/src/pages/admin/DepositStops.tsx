import { type LiveVault, setPaused, windDown } from "@fundament/sdk";
import { TxStatus } from "../../shared/components/TxStatus";
import { type TxState, useFundAction } from "../../shared/hooks/useFundAction";
import { AdminConfirmAction } from "./AdminConfirm";
import styles from "./DepositStops.module.css";
import {
  fundStops,
  PAUSE_ALL_EFFECT,
  PAUSE_EFFECT,
  RESUME_ALL_EFFECT,
  RESUME_EFFECT,
  WIND_DOWN_ALL_EFFECT,
  WIND_DOWN_EFFECT,
  WIND_DOWN_FINAL,
} from "./stops.helpers";
import { WriteError } from "./WriteError";

type StopVault = Pick<LiveVault, "vaultId" | "name" | "paused" | "windingDown">;

/** The pause and wind-down writes of one view, and the in-progress line of whichever is under way. */
function useStopActions() {
  const pause = useFundAction(setPaused);
  const wind = useFundAction(windDown);
  const busy = pause.state.status === "pending" || wind.state.status === "pending";
  const state: TxState = pause.state.status === "pending" ? pause.state : wind.state;
  return { pause, wind, busy, state };
}

/**
 * One vault's stops, each behind the admin confirmation that says its effect: Pause deposits (or, once paused,
 * "Paused" and, for an admin, Resume deposits) and Wind down; a vault winding down has nothing left to do. A guardian
 * (`canResume` false) never sees Resume: only an admin resumes.
 */
export function VaultStopActions({ vault, canResume }: { vault: StopVault; canResume: boolean }) {
  const { pause, wind, busy, state } = useStopActions();
  if (vault.windingDown) return null;
  return (
    <div className={styles.controls}>
      <div className={styles.actions}>
        {!vault.paused ? (
          <AdminConfirmAction
            label="Pause deposits"
            ariaLabel={`Pause deposits of ${vault.name}`}
            confirmLabel="Confirm pause"
            tone="primary"
            small
            busy={busy}
            effect={PAUSE_EFFECT}
            onConfirm={() => {
              wind.reset();
              void pause.run({ vaultId: vault.vaultId, paused: true });
            }}
          />
        ) : (
          canResume && (
            <AdminConfirmAction
              label="Resume deposits"
              ariaLabel={`Resume deposits of ${vault.name}`}
              confirmLabel="Confirm resume"
              tone="primary"
              small
              busy={busy}
              effect={RESUME_EFFECT}
              onConfirm={() => {
                wind.reset();
                void pause.run({ vaultId: vault.vaultId, paused: false });
              }}
            />
          )
        )}
        <AdminConfirmAction
          label="Wind down"
          ariaLabel={`Wind down ${vault.name}`}
          confirmLabel="Confirm wind-down"
          small
          busy={busy}
          effect={WIND_DOWN_EFFECT}
          onConfirm={() => {
            pause.reset();
            void wind.run({ vaultId: vault.vaultId });
          }}
        >
          <p>{WIND_DOWN_FINAL}</p>
        </AdminConfirmAction>
      </div>
      <TxStatus state={state} />
      <WriteError state={pause.state} what="Deposits were not changed:" />
      <WriteError state={wind.state} what="Nothing was wound down:" />
    </div>
  );
}

/**
 * The same for every vault at once (vault id 0; vaults created later inherit it): Pause every vault, Resume every
 * vault (admins, while one is paused) and Wind down the whole fund, each shown while it would change something; with
 * the state of every vault's stops in a sentence.
 */
export function FundStopActions({ vaults, canResume }: { vaults: readonly StopVault[]; canResume: boolean }) {
  const { pause, wind, busy, state } = useStopActions();
  const stops = fundStops(vaults);
  return (
    <div className={styles.fund}>
      <p data-testid="fund-stops">{stops.summary}</p>
      <div className={styles.actions}>
        {stops.canPauseAll && (
          <AdminConfirmAction
            label="Pause every vault"
            confirmLabel="Confirm: pause every vault"
            tone="primary"
            busy={busy}
            effect={PAUSE_ALL_EFFECT}
            onConfirm={() => {
              wind.reset();
              void pause.run({ vaultId: 0, paused: true });
            }}
          />
        )}
        {canResume && stops.canResumeAll && (
          <AdminConfirmAction
            label="Resume every vault"
            confirmLabel="Confirm: resume every vault"
            tone="primary"
            busy={busy}
            effect={RESUME_ALL_EFFECT}
            onConfirm={() => {
              wind.reset();
              void pause.run({ vaultId: 0, paused: false });
            }}
          />
        )}
        {stops.canWindDownAll && (
          <AdminConfirmAction
            label="Wind down the whole fund"
            confirmLabel="Confirm: wind down the fund"
            busy={busy}
            effect={WIND_DOWN_ALL_EFFECT}
            onConfirm={() => {
              pause.reset();
              void wind.run({ vaultId: 0 });
            }}
          >
            <p>{WIND_DOWN_FINAL}</p>
          </AdminConfirmAction>
        )}
      </div>
      <TxStatus state={state} />
      <WriteError state={pause.state} what="Deposits were not changed:" />
      <WriteError state={wind.state} what="Nothing was wound down:" />
    </div>
  );
}
