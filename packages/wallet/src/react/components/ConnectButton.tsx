import type { ChainNamespace } from "../../core/caip.js";
import { shortenAddress } from "../../core/format.js";
import { namespaceName, noWalletConnected } from "../../core/messages.js";
import { formatTotalUsd } from "../../features/prices/applyPrices.js";
import { useWalletRuntime } from "../context.js";
import { type ConnectedAccount, useConnectedAccounts } from "../hooks/useConnectedAccounts.js";
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
 * The account of the active chain family, one account per family: 'Connect Wallet' when no family has one,
 * 'Connecting...' while connecting or restoring a connection, the account's name (when it has one, from the API's
 * identity) or short address, with the balance, when connected: the USD total ("≈ $1,234.56") when the API prices the
 * balances, else the native balance. When the active family has no account but another has, it says so ('No Solana
 * wallet connected') and still shows the other accounts ('EVM 0xf39F…2266'): they stay connected. Opens the modal.
 */
export function ConnectButton({ label = "Connect Wallet", showBalance = true, className }: ConnectButtonProps) {
  const { core } = useWalletRuntime();
  const theme = useTheme();
  const { address, status, namespace } = useWalletAccount();
  const others = useConnectedAccounts().filter((a) => a.namespace !== namespace);
  const classes = `fw-root fw-connect-button${className ? ` ${className}` : ""}`;
  const common = { type: "button", className: classes, "data-fw-theme": theme, onClick: () => core.open() } as const;
  if (status === "connected" && address)
    return <ConnectedButton common={common} address={address} others={others} showBalance={showBalance} />;
  const connecting = status === "connecting" || status === "reconnecting";
  if (!connecting && others.length > 0)
    return (
      <button
        {...common}
        data-status="other-family"
        aria-label={[noWalletConnected(namespace), ...others.map(accountLabel)].join("; ")}
      >
        <span className="fw-connect-missing">{noWalletConnected(namespace)}</span>
        <OtherAccounts others={others} />
      </button>
    );
  return (
    <button {...common} data-status={connecting ? "connecting" : "disconnected"} aria-busy={connecting}>
      {connecting ? "Connecting..." : label}
    </button>
  );
}

type CommonProps = {
  type: "button";
  className: string;
  "data-fw-theme": string;
  onClick: () => void;
};

/** The active family's account: balance, name or short address, and the other families' accounts. */
function ConnectedButton(p: {
  common: CommonProps;
  address: string;
  others: ConnectedAccount[];
  showBalance: boolean;
}) {
  const balance = useNativeBalance();
  // The USD total when the API prices the balances; else the native balance, as before.
  const total = usePortfolioTotal();
  const balanceText = total !== undefined ? formatTotalUsd(total) : balance.formatted;
  const identity = useIdentity(p.address);
  const own = identity.name ? `Account ${identity.name}, ${p.address}` : `Account ${p.address}`;
  return (
    <button
      {...p.common}
      data-status="connected"
      aria-label={[own, ...p.others.map(accountLabel)].join("; ")}
      data-name={identity.name}
    >
      {p.showBalance && balanceText ? (
        <span className="fw-connect-balance" title={total !== undefined ? balance.formatted : undefined}>
          {balanceText}
        </span>
      ) : null}
      <span className="fw-connect-address" title={p.address}>
        {identity.name ?? shortenAddress(p.address)}
      </span>
      <OtherAccounts others={p.others} />
    </button>
  );
}

/** 'EVM account 0x…': another family's account, for the button's accessible name. */
function accountLabel(account: { namespace: ChainNamespace; address: string }): string {
  return `${namespaceName(account.namespace)} account ${account.address}`;
}

/** The other families' connected accounts, small: 'EVM 0xf39F…2266'. */
function OtherAccounts({ others }: { others: ConnectedAccount[] }) {
  if (others.length === 0) return null;
  return (
    <span className="fw-connect-others">
      {others.map((a) => (
        <span key={a.namespace} title={a.address}>
          {`${namespaceName(a.namespace)} ${shortenAddress(a.address)}`}
        </span>
      ))}
    </span>
  );
}
