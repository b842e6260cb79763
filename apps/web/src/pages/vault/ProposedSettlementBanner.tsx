import { finalizeSettlement, formatChangeTime, type LiveVault } from "@fundament/sdk";
import { Link } from "react-router";
import { TxStatus } from "../../shared/components/TxStatus";
import { useChainTime } from "../../shared/hooks/useChainTime";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { useInvestmentToken } from "../../shared/hooks/useFundQueries";
import { useWalletStatus } from "../../shared/hooks/useWalletStatus";
import { formatTokenAmount } from "../../shared/lib/format";
import { roundReportPath } from "../../shared/lib/vaultRoutes";
import { countdown } from "../../shared/timelock/usePendingChanges";
import styles from "./ProposedSettlementBanner.module.css";

type Props = {
  vault: Pick<LiveVault, "vaultId" | "poolId" | "round" | "name" | "proposedSettlement">;
  /** Name the vault (where the page is not the vault's own: Portfolio). */
  named?: boolean;
};

/**
 * On the vault page while a settlement of its round waits its challenge window: the result proposed in tokens, its
 * report, and when it becomes final (with a countdown) unless a guardian vetoes it; a result outside the vault's
 * bounds also waits for a guardian's co-signature. Once the window has ended, anyone with a wallet makes it final.
 * Nothing while no settlement waits.
 */
export function ProposedSettlementBanner({ vault, named = false }: Props) {
  const proposal = vault.proposedSettlement;
  const chainMs = useChainTime(proposal !== null);
  const token = useInvestmentToken();
  if (!proposal) return null;
  const now = chainMs === undefined ? undefined : Math.floor(chainMs / 1000);
  const total = token.data
    ? formatTokenAmount(proposal.totalReturned, token.data.decimals, token.data.symbol)
    : proposal.totalReturned.toString();
  const waitsForGuardian = proposal.needsCosign && !proposal.cosigned;
  const windowOver = now !== undefined && now >= proposal.finalAt;
  return (
    <section
      className={styles.banner}
      aria-label={named ? `${vault.name}: proposed settlement` : "Proposed settlement"}
      data-testid="proposed-settlement"
    >
      <p className={styles.line}>
        <strong>
          {named ? `${vault.name}: round` : "Round"} {vault.round}'s settlement is proposed: {total} returned
          {proposal.atLoss ? ", a loss for its investors" : ""}.
        </strong>{" "}
        <Link to={roundReportPath(vault.vaultId, vault.poolId)}>Read its report</Link>
      </p>
      <p className={styles.line}>
        {timing({ finalAt: proposal.finalAt, now, windowOver, waitsForGuardian })}
        {waitsForGuardian ? " It lies outside the vault's bounds, so it also needs a guardian's co-signature." : ""}
      </p>
      {windowOver && !waitsForGuardian && <FinalizeButton vaultId={vault.vaultId} />}
    </section>
  );
}

/** When it becomes final (with the countdown once the chain's clock is read), or that its window has ended. */
function timing({
  finalAt,
  now,
  windowOver,
  waitsForGuardian,
}: {
  finalAt: number;
  now: number | undefined;
  windowOver: boolean;
  waitsForGuardian: boolean;
}): string {
  if (windowOver) {
    return waitsForGuardian
      ? "Its challenge window has ended."
      : "Its challenge window has ended: anyone can make it final.";
  }
  const left = now === undefined ? "" : ` (${countdown(finalAt, now)})`;
  return `Final from ${formatChangeTime(finalAt)}${left} unless a guardian vetoes it.`;
}

/** "Finalise settlement" for any connected wallet; without one, what connecting allows. */
function FinalizeButton({ vaultId }: { vaultId: number }) {
  const { isConnected } = useWalletStatus();
  const action = useFundAction(finalizeSettlement);
  if (!isConnected) return <p className={styles.line}>Connecting a wallet lets you finalise it.</p>;
  const pending = action.state.status === "pending";
  return (
    <div className={styles.actions}>
      <button
        type="button"
        className="button button--primary button--small"
        onClick={() => void action.run({ vaultId })}
        disabled={pending}
        aria-busy={pending}
      >
        Finalise settlement
      </button>
      <TxStatus state={action.state} />
      {action.state.status === "error" && (
        <p className={styles.error} role="alert">
          {action.state.message}
        </p>
      )}
    </div>
  );
}
