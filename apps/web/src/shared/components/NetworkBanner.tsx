import { useSwitchChain } from "wagmi";
import { useAppConfig } from "../hooks/useAppConfig";
import { useWalletStatus } from "../hooks/useWalletStatus";
import styles from "./Banner.module.css";

/** Shown while the connected wallet is on another chain than the app's, with a switch button. */
export function NetworkBanner() {
  const { chainId } = useAppConfig();
  const { wrongNetwork, chainName } = useWalletStatus();
  const { mutate: switchChain, isPending, error } = useSwitchChain();
  if (!wrongNetwork) return null;
  return (
    <div className={`${styles.banner} ${styles.warning}`} role="alert">
      <p>
        Wrong network: your wallet is connected to another network. Fundament runs on <strong>{chainName}</strong>.
      </p>
      <button
        type="button"
        className="button button--primary"
        disabled={isPending}
        onClick={() => switchChain({ chainId })}
      >
        {isPending ? "Switching…" : `Switch to ${chainName}`}
      </button>
      {error && (
        <p className="error-text">
          {error.name === "UserRejectedRequestError"
            ? "User rejected the transaction."
            : "The wallet could not switch networks. Switch it by hand."}
        </p>
      )}
    </div>
  );
}
