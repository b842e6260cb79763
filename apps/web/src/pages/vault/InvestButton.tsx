import { useWalletModal } from "@fundament/wallet/react";
import { useSwitchChain } from "wagmi";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import type { InvestButtonState } from "./useInvestDecision";

/**
 * The invest box's one button (Uniswap's swap button): labelled with what stops the investment or with the path it
 * takes. "Connect wallet" opens the wallet's connect modal, "Switch network" asks the wallet to switch to the app's
 * chain, the path's label submits the form; any other blocker leaves it disabled, as does a running investment.
 */
export function InvestButton({ button }: { button: InvestButtonState }) {
  const modal = useWalletModal();
  const { chainId } = useAppConfig();
  const { switchChain } = useSwitchChain();
  const onClick =
    button.action === "connect"
      ? () => modal.open()
      : button.action === "switchNetwork"
        ? () => switchChain({ chainId })
        : undefined;
  return (
    <button
      type={button.action === "invest" ? "submit" : "button"}
      className="button button--primary button--block"
      disabled={button.action === null}
      aria-busy={button.busy}
      onClick={onClick}
    >
      {button.busy && <span className="spinner" aria-hidden="true" />}
      {button.label}
    </button>
  );
}
