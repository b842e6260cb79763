import { syncPositions } from "@fundament/sdk";
import { useQuery } from "@tanstack/react-query";
import { TxStatus } from "../../shared/components/TxStatus";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { useFundClient } from "../../shared/hooks/useFundClient";
import { formatNumber } from "../../shared/lib/format";
import { wipedPositionsQuery } from "./admin.queries";
import { WriteError } from "./WriteError";

/**
 * After a total loss: the vault's rolling positions it wiped out still count as their owners' voting power until
 * someone brings them up to date. Shown only while there are such positions; one transaction syncs them all.
 */
export function WipedPositionsSection({ vaultId }: { vaultId: number }) {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  const wiped = useQuery(wipedPositionsQuery(client, deployment, vaultId));
  const sync = useFundAction(syncPositions);
  const accounts = wiped.data ?? [];
  if (accounts.length === 0 && sync.state.status !== "pending") return null;
  const titleId = `wiped-positions-${vaultId}-title`;
  const busy = sync.state.status === "pending";
  return (
    <section className="card" aria-labelledby={titleId} data-testid="wiped-positions">
      <h3 id={titleId}>Voting power after a total loss</h3>
      <p>
        {accounts.length === 1
          ? "1 rolling position of this vault holds nothing after a total loss but still counts as its owner's voting power."
          : `${formatNumber(accounts.length, 0)} rolling positions of this vault hold nothing after a total loss but still count as their owners' voting power.`}{" "}
        Bring them up to date so that no proposal counts money that is gone.
      </p>
      <button
        type="button"
        className="button button--primary"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void sync.run({ accounts, vaultId })}
      >
        Remove their voting power
      </button>
      <TxStatus state={sync.state} />
      <WriteError state={sync.state} what="Their voting power was not removed:" />
    </section>
  );
}
