import { useWalletModal } from "@fundament/wallet/react";
import { useInvestorSender } from "../hooks/useInvestorSender";
import { useWalletStatus } from "../hooks/useWalletStatus";
import { shortenAddress } from "../lib/format";
import styles from "./Banner.module.css";

/**
 * Says on every page which account the fund pages show and act for, while it is not the connected wallet itself:
 * in smart-account mode the positions, investments, withdrawals and votes are the smart account's, though the header
 * shows the wallet that owns it. "Change" opens the Account view, where the account type is chosen.
 */
export function AccountInUseBanner() {
  const sender = useInvestorSender();
  const { account } = useWalletStatus();
  const modal = useWalletModal();
  if (sender.kind === "eoa" || !account) return null;
  return (
    <div className={`${styles.banner} ${styles.info}`} role="status" data-testid="account-in-use">
      <p>
        {sender.kind === "pending" ? (
          "Looking up your smart account…"
        ) : (
          <>
            Using your <strong>smart account</strong>{" "}
            <span title={sender.address}>{shortenAddress(sender.address)}</span>: vault pages show its positions, and
            investments, withdrawals and votes are sent from it, not from your wallet{" "}
            <span title={account}>{shortenAddress(account)}</span>. Portfolio lists both.
          </>
        )}
      </p>
      <button type="button" className="button button--secondary button--small" onClick={() => modal.open()}>
        Change
      </button>
    </div>
  );
}
