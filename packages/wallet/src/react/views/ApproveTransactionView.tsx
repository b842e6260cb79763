import { formatNumericExact, shortenAddress } from "../../core/format.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";
import { EmbeddedFrameSlot } from "./embedded/EmbeddedFrameSlot.js";

/**
 * A transaction waits for approval in the wallet. With the embedded wallet (`embeddedFrame` in the view data, set on
 * the frame's SHOW) the approval happens in the secure frame, shown over this view.
 */
export function ApproveTransactionView() {
  const { send, core } = useWalletRuntime();
  const s = useStore(send);
  const embeddedFrame = useStore(core.router, (r) => r.data?.embeddedFrame === true);
  if (embeddedFrame) return <EmbeddedApproval />;
  return (
    <div className="fw-stack fw-center">
      <div className="fw-spinner" aria-hidden="true" />
      <p role="status">Approve the transaction in your wallet</p>
      {s.sendTokenAmount && s.receiverAddress ? (
        <p className="fw-muted">
          Send {formatNumericExact(s.sendTokenAmount)} {s.token?.symbol ?? ""} to{" "}
          <span title={s.receiverAddress}>{s.receiverProfileName ?? shortenAddress(s.receiverAddress)}</span>
        </p>
      ) : null}
    </div>
  );
}

/** The embedded wallet's approval: the frame shows the call in plain words with Approve / Reject (its title is the
 * dialog's, see `frameApprovalTitle`). */
function EmbeddedApproval() {
  return (
    <div className="fw-stack">
      <EmbeddedFrameSlot />
    </div>
  );
}
