import { CopyButton } from "../components/CopyButton.js";
import { QrCode } from "../components/QrCode.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";
import { useWalletAccount } from "../hooks/useWalletAccount.js";

/** The address as a QR code, with copy. */
export function ReceiveView() {
  const { core } = useWalletRuntime();
  const { address } = useWalletAccount();
  const network = useStore(core.state, () => core.state.activeNetwork());
  if (!address) return <p className="fw-muted">Not connected.</p>;
  return (
    <div className="fw-stack fw-center">
      <QrCode value={address} label={`QR code of ${address}`} size={220} />
      <p className="fw-code">{address}</p>
      <CopyButton text={address} />
      {network ? <p className="fw-muted">Only send assets on {network.name} to this address.</p> : null}
    </div>
  );
}
