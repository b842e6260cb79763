import { cancelFundChange, executeFundChange, formatChangeTime, type PendingChange } from "@fundament/sdk";
import { useState } from "react";
import { Skeleton } from "../../shared/components/Skeleton";
import { TxStatus } from "../../shared/components/TxStatus";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { useVaults } from "../../shared/hooks/useFundQueries";
import { countdown, usePendingChanges } from "../../shared/timelock/usePendingChanges";
import styles from "./PendingChangesSection.module.css";
import { WriteError } from "./WriteError";

/** A duration in words: "5 minutes", "2 days". */
function formatDelay(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400} day${seconds === 86_400 ? "" : "s"}`;
  if (seconds % 3_600 === 0) return `${seconds / 3_600} hour${seconds === 3_600 ? "" : "s"}`;
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? "" : "s"}`;
  return `${seconds} seconds`;
}

/**
 * The changes waiting in the fund's timelock (admins and guardians): what each does, for which vault, when it can be
 * executed, with Execute (anyone, once the delay has passed) and Cancel (admins and guardians). The admin forms that
 * touch invested money (trading wallets, lockup, a higher minimum, admins) schedule their change here.
 */
export function PendingChangesSection({ canCancel }: { canCancel: boolean }) {
  const { deployment } = useAppConfig();
  const { query, changes, now, delay } = usePendingChanges();
  const vaults = useVaults();
  const execute = useFundAction(executeFundChange);
  const cancel = useFundAction(cancelFundChange);
  // The change whose Execute or Cancel was pressed last: its refusal shows under its own buttons.
  const [acting, setActing] = useState<string | null>(null);
  if (!deployment.fundTimelock) return null;
  const vaultName = (change: PendingChange) =>
    change.vaultId === null
      ? "Whole fund"
      : (vaults.data?.find((v) => BigInt(v.vaultId) === change.vaultId)?.name ?? `Vault ${change.vaultId}`);
  const busy = execute.state.status === "pending" || cancel.state.status === "pending";
  return (
    <section className="card" aria-labelledby="pending-changes-title" data-testid="pending-changes">
      <h2 id="pending-changes-title">Pending changes</h2>
      <p className={styles.lead}>
        Changes that touch invested money (trading wallets, a vault's lockup, a higher minimum, the fund wallet, new
        admins) wait {delay === undefined ? "the timelock's delay" : formatDelay(delay)} here, in public, before anyone
        can execute them: investors can leave first. Admins and guardians can cancel them.
      </p>
      {query.isPending ? (
        <Skeleton height="4rem" />
      ) : query.isError ? (
        <p role="alert">The pending changes could not be read. They are still on chain; try again shortly.</p>
      ) : changes.length === 0 || now === undefined ? (
        <p className={styles.empty}>No change is waiting.</p>
      ) : (
        <ul className={styles.list}>
          {changes.map((change) => {
            const ready = change.state === "ready" || change.readyAt <= now;
            return (
              <li key={change.id} className={styles.item} data-testid={`pending-change-${change.id}`}>
                <p className={styles.what}>
                  <strong>{vaultName(change)}:</strong> {change.summary}.
                </p>
                <p className={styles.when}>
                  {ready
                    ? "Ready: anyone can execute it now."
                    : `Executable from ${formatChangeTime(change.readyAt)} (${countdown(change.readyAt, now)}).`}
                </p>
                <div className={styles.actions}>
                  <button
                    type="button"
                    className="button button--primary button--small"
                    disabled={!ready || busy}
                    onClick={() => {
                      setActing(change.id);
                      cancel.reset();
                      void execute.run({ change });
                    }}
                  >
                    Execute
                  </button>
                  {canCancel && (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      disabled={busy}
                      onClick={() => {
                        setActing(change.id);
                        execute.reset();
                        void cancel.run({ id: change.id });
                      }}
                    >
                      Cancel change
                    </button>
                  )}
                </div>
                {acting === change.id && (
                  <>
                    <WriteError state={execute.state} what="The change was not executed:" />
                    <WriteError state={cancel.state} what="The change was not cancelled:" />
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <TxStatus state={execute.state} />
      <TxStatus state={cancel.state} />
    </section>
  );
}
