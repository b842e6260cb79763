import { formatChangeTime, type LiveVault, type PendingChange } from "@fundament/sdk";
import styles from "./PendingChangeBanner.module.css";
import { countdown, usePendingChanges } from "./usePendingChanges";

/** "the lockup becomes 45 days" → "The lockup becomes 45 days". */
const sentence = (summary: string) => summary.charAt(0).toUpperCase() + summary.slice(1);

/**
 * Where a pending change matters to an investor (a vault page, Portfolio): what will change and from when, with a
 * countdown, and what they can do before then. Nothing while no change waits.
 */
export function PendingChangeBanner({
  vaultId,
  vaults,
}: {
  /** The vault the page is about; undefined: every pending change (Portfolio). */
  vaultId?: number;
  /** The vaults, to name them (when the banner lists several vaults' changes) and know whose round is open. */
  vaults: readonly Pick<LiveVault, "vaultId" | "name" | "status">[];
}) {
  const { changes, now } = usePendingChanges(vaultId);
  if (changes.length === 0 || now === undefined) return null;
  return (
    <section className={styles.banner} aria-label="Pending changes" data-testid="pending-change-banner">
      {changes.map((change) => {
        const vault = vaults.find((v) => change.vaultId !== null && BigInt(v.vaultId) === change.vaultId);
        const named = vaultId === undefined && vault;
        return (
          <p key={change.id} className={styles.line}>
            <strong>From {formatChangeTime(change.readyAt)}</strong> ({countdown(change.readyAt, now)}){" "}
            {named ? `${vault.name}: ${change.summary}` : sentence(change.summary)}.{" "}
            {whatYouCanDo(change, vault?.status !== "locked")}
          </p>
        );
      })}
    </section>
  );
}

/**
 * What the change means for the person reading it: its delay is over and it may take effect at any moment (anyone may
 * execute it), or what they can do before it does.
 */
function whatYouCanDo(change: PendingChange, canWithdraw: boolean): string {
  if (change.state === "ready") {
    return canWithdraw && change.vaultId !== null
      ? "Its delay is over: it may take effect at any moment. You can still withdraw until it does."
      : "Its delay is over: it may take effect at any moment.";
  }
  if (change.vaultId === null) return "It applies to the whole fund.";
  return canWithdraw
    ? "You can withdraw before then."
    : "This round is locked: turn roll-over off to leave at its settlement.";
}
