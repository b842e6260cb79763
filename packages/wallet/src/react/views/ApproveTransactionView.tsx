import { formatNumericExact, shortenAddress } from "../../core/format.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";

/** A transaction waits for approval in the wallet. */
export function ApproveTransactionView() {
  const { send } = useWalletRuntime();
  const s = useStore(send);
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
