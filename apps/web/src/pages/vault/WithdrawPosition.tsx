import { emergencyWithdraw, type VaultPosition, withdraw } from "@fundament/sdk";
import { useLayoutEffect } from "react";
import { ConfirmAction } from "../../shared/components/ConfirmAction";
import { TxStatus } from "../../shared/components/TxStatus";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { useInvestorSender } from "../../shared/hooks/useInvestorSender";
import { formatTokenAmount } from "../../shared/lib/format";
import { withdrawKind } from "../../shared/lib/positions";
import styles from "./WithdrawPosition.module.css";

type Props = {
  vaultId: number;
  vaultName: string;
  position: VaultPosition;
  decimals: number;
  symbol: string;
  /** The element that shows the result (the position's heading): focus moves there after a success. */
  resultTarget?: HTMLElement | null;
};

/**
 * Withdraw from one vault, after a confirmation that states the amount: a settled round's payout, or the deposit of a
 * round that is still open (nothing earned). Renders nothing when there is nothing to withdraw.
 */
export function WithdrawPosition({ vaultId, vaultName, position, decimals, symbol, resultTarget = null }: Props) {
  const action = useFundAction(withdraw, { sender: "investor" });
  const where = destination(useInvestorSender().kind);
  const { resultRef } = action;
  useLayoutEffect(() => resultRef(resultTarget), [resultRef, resultTarget]);
  const kind = withdrawKind(position);
  const amount = formatTokenAmount(position.withdrawable, decimals, symbol);
  return (
    <div className={styles.withdraw}>
      {kind && (
        <ConfirmAction
          label="Withdraw"
          confirmLabel="Confirm withdrawal"
          busy={action.state.status === "pending"}
          onConfirm={() => void action.run({ vaultId })}
        >
          <p>
            Withdraw <strong>{amount}</strong> from the {vaultName} to {where.to}?{" "}
            {kind === "payout"
              ? `This is round ${position.round}'s payout: your principal and your share of the profit (or minus a loss).`
              : `Your deposit leaves round ${position.round} before it locks, and earns nothing.`}{" "}
            {where.confirm}
          </p>
        </ConfirmAction>
      )}
      <TxStatus state={action.state} />
    </div>
  );
}

/**
 * The emergency exit from one vault (only while the fund is in an emergency state), after a confirmation that states
 * the amount. A round that is locked with the traders cannot be left until it settles.
 */
export function EmergencyWithdrawPosition({
  vaultId,
  vaultName,
  position,
  decimals,
  symbol,
  resultTarget = null,
}: Props) {
  const action = useFundAction(emergencyWithdraw, { sender: "investor" });
  const where = destination(useInvestorSender().kind);
  const { resultRef } = action;
  useLayoutEffect(() => resultRef(resultTarget), [resultRef, resultTarget]);
  const amount = formatTokenAmount(position.withdrawable, decimals, symbol);
  return (
    <div className={styles.withdraw}>
      <ConfirmAction
        label="Emergency withdraw"
        confirmLabel="Confirm emergency withdrawal"
        tone="danger"
        busy={action.state.status === "pending"}
        disabled={position.withdrawable === 0n}
        onConfirm={() => void action.run({ vaultId })}
      >
        <p>
          Withdraw <strong>{amount}</strong> from the {vaultName} now, in the emergency? This cannot be undone.{" "}
          {where.confirm}
        </p>
      </ConfirmAction>
      <TxStatus state={action.state} />
    </div>
  );
}

/** Where a withdrawal goes and what the wallet asks: the smart account's, when it is the account in use. */
function destination(sender: "eoa" | "pending" | "smartAccount") {
  return sender === "smartAccount"
    ? {
        to: "your smart account",
        confirm:
          "Your wallet will ask you to sign once; the fund pays the gas. Move the tokens to your wallet from the Account view.",
      }
    : { to: "your wallet", confirm: "Your wallet will ask you to confirm the transaction." };
}
