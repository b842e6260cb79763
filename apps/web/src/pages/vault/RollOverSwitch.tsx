import { setRollOver, type VaultPosition } from "@fundament/sdk";
import { useId, useState } from "react";
import { TxStatus } from "../../shared/components/TxStatus";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { formatTokenAmount } from "../../shared/lib/format";
import { settledPayout } from "../../shared/lib/positions";
import styles from "./RollOverSwitch.module.css";

/**
 * The investor's standing roll-over choice for one vault, as a labelled switch (a checkbox with the switch role:
 * Space toggles it). Changing it sends `setRollOver`; the choice takes effect at the round's settlement. While a
 * settled payout waits in the vault the contract refuses a change (`UnwithdrawnPosition`), so the switch is
 * disabled and says why. After a change the focus comes back to the switch (disabled while the transaction was pending),
 * whose state and hint show the result.
 */
export function RollOverSwitch({
  vaultId,
  position,
  decimals,
  symbol,
}: {
  vaultId: number;
  /** undefined: no position yet (the choice can still be set for the first investment). */
  position: VaultPosition | undefined;
  decimals: number;
  symbol: string;
}) {
  const action = useFundAction(setRollOver, { sender: "investor" });
  const [requested, setRequested] = useState<boolean | null>(null);
  const id = useId();
  const hintId = `${id}-hint`;
  const pending = action.state.status === "pending";
  const current = position?.rollOver ?? false;
  const checked = pending && requested !== null ? requested : current;
  const blocked = position ? settledPayout(position) : null;
  const hint = blocked
    ? `Round ${blocked.round} has settled and its payout of ${formatTokenAmount(blocked.amount, decimals, symbol)} waits for you: withdraw it first, then choose again.`
    : checked
      ? "On: at each settlement your principal plus profit (or minus a loss) moves into the vault's next round. Turn it off before a settlement to withdraw then."
      : "Off: at settlement your payout stays in the settled round until you withdraw it.";
  return (
    <div className={styles.field}>
      <div className={styles.row}>
        <input
          id={id}
          ref={action.resultRef}
          type="checkbox"
          role="switch"
          className={styles.switch}
          checked={checked}
          aria-checked={checked}
          aria-describedby={hintId}
          aria-busy={pending}
          disabled={pending || Boolean(blocked)}
          onChange={(event) => {
            const enabled = event.target.checked;
            setRequested(enabled);
            void action.run({ vaultId, enabled });
          }}
        />
        <label htmlFor={id}>Roll over into the next round</label>
      </div>
      <p id={hintId} className="field__hint">
        {hint}
      </p>
      <TxStatus state={action.state} />
    </div>
  );
}
