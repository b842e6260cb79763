import type { InvestmentToken, TradingWallet, VaultSettings } from "@fundament/sdk";
import { AddressName } from "@fundament/wallet/react";
import { formatTokenAmount } from "../../shared/lib/format";
import { AdminConfirmAction } from "./AdminConfirm";
import { bpsToPercent, lockupBlocker } from "./admin.helpers";
import { lockupEffect, splitByAllocation } from "./effects.helpers";
import { PlannedLockup } from "./PlannedLockup";
import styles from "./VaultRoundSection.module.css";

export type StartLockupProps = {
  vaultId: number;
  vault: VaultSettings;
  token: InvestmentToken;
  /** The vault's trading wallets; undefined until they are read (the button waits for the list). */
  tradingWallets: readonly TradingWallet[] | undefined;
  emergencyState: boolean;
  /** The start is being sent. */
  pending: boolean;
  /** Another write of the round is under way. */
  busy: boolean;
  /** The admin confirmed: send the start. */
  onStart: () => void;
};

/**
 * An open round: "Start lockup period", checked first (deposits, allocations, emergency), then confirmed by the admin
 * with what goes to which trading wallet, in tokens; below it why it cannot start yet, and the planned lockup.
 */
export function StartLockup({
  vaultId,
  vault,
  token,
  tradingWallets,
  emergencyState,
  pending,
  busy,
  onStart,
}: StartLockupProps) {
  const { currentPool, round, lockupPeriodDuration } = vault;
  const wallets = tradingWallets ?? [];
  const blocker = lockupBlocker({
    totalFunds: currentPool.totalFunds,
    // Until the wallets are read, only the other checks speak (the button waits for the list).
    allocationBps: tradingWallets ? tradingWallets.reduce((sum, w) => sum + Number(w.allocation), 0) : 10_000,
    emergencyState,
  });
  return (
    <>
      <AdminConfirmAction
        label="Start lockup period"
        confirmLabel="Confirm start of lockup"
        tone="primary"
        busy={pending}
        disabled={busy || !tradingWallets || Boolean(blocker)}
        effect={lockupEffect({
          amount: currentPool.totalFunds,
          wallets: wallets.length,
          round,
          lockupSeconds: lockupPeriodDuration,
          token,
        })}
        onConfirm={onStart}
      >
        <WalletSplit wallets={wallets} totalFunds={currentPool.totalFunds} token={token} />
        <p>
          Deposits into this vault stop until the round settles; the next round then opens. The funds come back only
          when the trading wallets return them.
        </p>
      </AdminConfirmAction>
      {blocker && <p className="muted small">{blocker}</p>}
      <PlannedLockup vault={{ vaultId, round, status: "open" }} />
    </>
  );
}

/** What each trading wallet receives when the lockup starts: its share of the deposits, in tokens and per cent. */
function WalletSplit({
  wallets,
  totalFunds,
  token,
}: {
  wallets: readonly TradingWallet[];
  totalFunds: bigint;
  token: InvestmentToken;
}) {
  const split = splitByAllocation(
    totalFunds,
    wallets.map((w) => w.allocation),
  );
  return (
    <ul className={styles.walletList} aria-label="What each trading wallet receives">
      {wallets.map((w, i) => (
        <li key={`${w.walletAddress}-${w.index}`}>
          {w.walletType} (<AddressName address={w.walletAddress} />
          ): {formatTokenAmount(split[i] ?? 0n, token.decimals, token.symbol)} ({bpsToPercent(w.allocation)})
        </li>
      ))}
    </ul>
  );
}
