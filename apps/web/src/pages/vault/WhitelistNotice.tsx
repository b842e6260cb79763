import { Link } from "react-router";
import type { Address } from "viem";
import { CopyButton } from "../../shared/components/CopyButton";
import { shortenAddress } from "../../shared/lib/format";
import styles from "./InvestWidget.module.css";

/**
 * Said up front in the invest box when the fund's whitelist refuses the investing account (the smart account's when
 * that is the one in use): only whitelisted investors may invest, who can add this address, and the address to copy
 * for them. An admin's wallet is told it can add itself on the Admin page.
 */
export function WhitelistNotice({ account, isAdmin }: { account: Address; isAdmin: boolean }) {
  const short = <span title={account}>{shortenAddress(account)}</span>;
  return (
    <div className={`notice notice--warning ${styles.whitelist}`} role="status" data-testid="whitelist-notice">
      {isAdmin ? (
        <p>
          <strong>Whitelisted investors only:</strong> as an admin, you can add {short} yourself.{" "}
          <Link to="/admin">Open the Admin page</Link> and add it under Investor whitelist.
        </p>
      ) : (
        <p>
          <strong>Whitelisted investors only:</strong> ask the fund's admin to add {short}.
        </p>
      )}
      <CopyButton text={account} label="Copy address" />
    </div>
  );
}
