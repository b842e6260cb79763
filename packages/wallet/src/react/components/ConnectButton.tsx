import { shortenAddress } from "../../core/format.js";
import { formatTotalUsd } from "../../features/prices/applyPrices.js";
import { useWalletRuntime } from "../context.js";
import { useIdentity } from "../hooks/useIdentity.js";
import { useNativeBalance } from "../hooks/useNativeBalance.js";
import { useTheme } from "../hooks/useTheme.js";
import { usePortfolioTotal } from "../hooks/useTokenBalances.js";
import { useWalletAccount } from "../hooks/useWalletAccount.js";

export type ConnectButtonProps = {
  /** Text when disconnected. Default 'Connect Wallet'. */
  label?: string | undefined;
  /** Show the native balance next to the address. Default true. */
  showBalance?: boolean | undefined;
  className?: string | undefined;
};

/**
 * 'Connect Wallet' when disconnected, 'Connecting...' while connecting or restoring a connection, and the account's
 * name (when it has one, from the API's identity) or short address, with the balance, when connected: the USD total
 * ("≈ $1,234.56") when the API prices the balances, else the native balance. Opens the wallet modal.
 */
export function ConnectButton({ label = "Connect Wallet", showBalance = true, className }: ConnectButtonProps) {
  const { core } = useWalletRuntime();
  const theme = useTheme();
  const { address, status } = useWalletAccount();
  const balance = useNativeBalance();
  // The USD total when the API prices the balances; else the native balance, as before.
  const total = usePortfolioTotal();
  const balanceText = total !== undefined ? formatTotalUsd(total) : balance.formatted;
  const identity = useIdentity(status === "connected" ? address : undefined);
  const classes = `fw-root fw-connect-button${className ? ` ${className}` : ""}`;
  if (status === "connected" && address) {
    return (
      <button
        type="button"
        className={classes}
        data-fw-theme={theme}
        data-status="connected"
        onClick={() => core.open()}
        aria-label={identity.name ? `Account ${identity.name}, ${address}` : `Account ${address}`}
        data-name={identity.name}
      >
        {showBalance && balanceText ? (
          <span className="fw-connect-balance" title={total !== undefined ? balance.formatted : undefined}>
            {balanceText}
          </span>
        ) : null}
        <span className="fw-connect-address" title={address}>
          {identity.name ?? shortenAddress(address)}
        </span>
      </button>
    );
  }
  const connecting = status === "connecting" || status === "reconnecting";
  return (
    <button
      type="button"
      className={classes}
      data-fw-theme={theme}
      data-status={connecting ? "connecting" : "disconnected"}
      aria-busy={connecting}
      onClick={() => core.open()}
    >
      {connecting ? "Connecting..." : label}
    </button>
  );
}
