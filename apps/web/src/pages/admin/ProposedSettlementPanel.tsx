import {
  cosignSettlement,
  finalizeSettlement,
  formatChangeTime,
  type ProposedSettlement,
  vetoSettlement,
} from "@fundament/sdk";
import { useId } from "react";
import { Link } from "react-router";
import { TxStatus } from "../../shared/components/TxStatus";
import { useChainTime } from "../../shared/hooks/useChainTime";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { formatTokenAmount } from "../../shared/lib/format";
import { roundReportPath } from "../../shared/lib/vaultRoutes";
import { countdown } from "../../shared/timelock/usePendingChanges";
import { AdminConfirmAction } from "./AdminConfirm";
import styles from "./VaultRoundSection.module.css";

type Props = {
  vaultId: number;
  poolId: bigint;
  round: number;
  proposal: ProposedSettlement;
  token: { decimals: number; symbol: string };
  /** Who is looking: an admin (veto, finalise) or a guardian (veto, co-sign, finalise). */
  viewer: "admin" | "guardian";
};

/**
 * A settlement proposed for a vault's round and waiting its challenge window, where the admins and the guardian act
 * on it: the total and its report, when it becomes final, a veto (the round stays locked and the desk can collect and
 * propose again), a guardian's co-signature when it lies outside the vault's bounds, and "Finalise settlement" once
 * nothing stands in the way (anyone may).
 */
export function ProposedSettlementPanel({ vaultId, poolId, round, proposal, token, viewer }: Props) {
  const chainMs = useChainTime();
  const now = chainMs === undefined ? undefined : Math.floor(chainMs / 1000);
  const veto = useFundAction(vetoSettlement);
  const cosign = useFundAction(cosignSettlement);
  const finalize = useFundAction(finalizeSettlement);
  const busy = [veto, cosign, finalize].some((action) => action.state.status === "pending");
  const total = formatTokenAmount(proposal.totalReturned, token.decimals, token.symbol);
  const unsigned = proposal.needsCosign && !proposal.cosigned;
  const windowOver = now !== undefined && now >= proposal.finalAt;
  const timingId = useId();
  return (
    <div className={styles.proposal} data-testid={`proposed-settlement-${vaultId}`}>
      <p>
        <strong>
          Round {round}'s settlement is proposed: {total} returned{proposal.atLoss ? " (a loss)" : ""}.
        </strong>{" "}
        <Link to={roundReportPath(vaultId, poolId)}>Its report</Link>
      </p>
      <p id={timingId}>
        {windowOver
          ? unsigned
            ? "Its challenge window has ended."
            : "Its challenge window has ended: anyone can make it final."
          : `Final from ${formatChangeTime(proposal.finalAt)}${now === undefined ? "" : ` (${countdown(proposal.finalAt, now)})`}, unless it is vetoed before.`}{" "}
        {proposal.needsCosign &&
          (proposal.cosigned
            ? "It lies outside the vault's bounds and a guardian has co-signed it."
            : "It lies outside the vault's bounds: it becomes final only once a guardian co-signs it.")}
      </p>
      <div className={styles.proposalActions}>
        <AdminConfirmAction
          label="Veto settlement"
          confirmLabel="Confirm veto"
          tone="danger"
          busy={veto.state.status === "pending"}
          disabled={busy}
          effect={`Withdraw the proposal to settle round ${round} at ${total}.`}
          onConfirm={() => void veto.run({ vaultId })}
        >
          <p>
            Nothing moves: the round stays locked, the desk can collect again and propose a corrected settlement, which
            waits a full challenge window of its own.
          </p>
        </AdminConfirmAction>
        {viewer === "guardian" && unsigned && (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            aria-busy={cosign.state.status === "pending"}
            onClick={() => void cosign.run({ vaultId })}
          >
            Co-sign settlement
          </button>
        )}
        <button
          type="button"
          className="button button--primary"
          disabled={busy || !windowOver || unsigned}
          aria-busy={finalize.state.status === "pending"}
          aria-describedby={timingId}
          onClick={() => void finalize.run({ vaultId })}
        >
          Finalise settlement
        </button>
      </div>
      <ActionResult state={([veto, cosign, finalize].find((a) => a.state.status !== "idle") ?? veto).state} />
    </div>
  );
}

/** One action's progress, and its failure in words where the button is. */
function ActionResult({ state }: { state: ReturnType<typeof useFundAction>["state"] }) {
  return (
    <>
      <TxStatus state={state} />
      {state.status === "error" && (
        <p className="error-text" role="alert">
          {state.message}
        </p>
      )}
    </>
  );
}
