import type { ReactNode } from "react";
import { formatNumeric, formatNumericExact, shortenAddress } from "../../core/format.js";
import { messages } from "../../core/messages.js";
import { formatTotalUsd } from "../../features/prices/applyPrices.js";
import { CopyButton } from "./CopyButton.js";
import { WalletImage } from "./WalletImage.js";

export type AccountHeaderProps = {
  address: string;
  /** The account's avatar, else the wallet's icon (a monogram of `walletName` without either). */
  icon: string | undefined;
  walletName: string | undefined;
  /** The account's name, above its address. */
  name?: string | null | undefined;
  /** Sets `data-address` on the address line (for pages and tests that read the full address). */
  markAddress?: boolean | undefined;
  /** Under the address (e.g. the account type). */
  details?: ReactNode;
  /** The native balance, and how its query stands. */
  balance: {
    native: { quantity: { numeric: string }; symbol: string } | undefined;
    isLoading: boolean;
    /** The balance could not be read: 'Token Balance Unavailable' (leave out where the family says nothing). */
    isError?: boolean | undefined;
    testId?: string | undefined;
  };
  /** The total in USD of the balances listed, when priced. */
  totalValue?: number | undefined;
  /** Under the balance; default: Copy address. */
  actions?: ReactNode;
};

/**
 * The head of every chain family's Account view: the wallet's image, the account's name and address, the native
 * balance ('Token Balance Unavailable' where the family says so), the USD total, then Copy address (or the actions).
 */
export function AccountHeader(p: AccountHeaderProps) {
  const { native, isLoading, isError } = p.balance;
  return (
    <div className="fw-account-head">
      <WalletImage src={p.icon} name={p.walletName ?? "Wallet"} size={56} />
      {p.name ? <p className="fw-account-name">{p.name}</p> : null}
      <p className="fw-account-address" title={p.address} data-address={p.markAddress ? p.address : undefined}>
        {shortenAddress(p.address)}
      </p>
      {p.details}
      <p
        className="fw-account-balance"
        aria-live="polite"
        data-testid={p.balance.testId}
        title={native ? `${formatNumericExact(native.quantity.numeric)} ${native.symbol}` : undefined}
      >
        {native
          ? `${formatNumeric(native.quantity.numeric)} ${native.symbol}`
          : isLoading
            ? "…"
            : isError
              ? messages.tokenBalanceUnavailable
              : ""}
      </p>
      {p.totalValue !== undefined ? (
        <p className="fw-account-total" data-testid="account-total-usd" title="Total value in USD of the tokens listed">
          Total {formatTotalUsd(p.totalValue)}
        </p>
      ) : null}
      {p.actions ?? <CopyButton text={p.address} />}
    </div>
  );
}
