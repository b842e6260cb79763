import { formatAmount } from "../../../core/format.js";
import type { RawTokenBalance } from "../../../features/onramp/readTokenBalance.js";
import { useWalletRuntime } from "../../context.js";
import { type Checkout, purchaseArrived, WAITING_FOR_PURCHASE } from "./buyTexts.js";

/** The success state: how much of the token arrived. */
function PurchaseArrived({ risen, decimals, symbol }: { risen: bigint; decimals: number; symbol: string }) {
  const { core } = useWalletRuntime();
  return (
    <div className="fw-stack fw-center" role="status">
      <p className="fw-subtitle fw-success" data-testid="buy-arrived">
        {purchaseArrived(formatAmount(risen, decimals, undefined, 6), symbol)}
      </p>
      <p className="fw-muted">The tokens are in your account.</p>
      <button type="button" className="fw-button" onClick={() => core.router.reset("Account")}>
        Done
      </button>
    </div>
  );
}

/** The waiting state: the checkout tab is open and the balance is read every 2 s. */
function WaitingForPurchase({ checkout, onBack }: { checkout: Checkout; onBack: () => void }) {
  return (
    <div className="fw-stack fw-center" aria-busy="true">
      <span className="fw-spinner" aria-hidden="true" />
      <p className="fw-subtitle" role="status">
        {WAITING_FOR_PURCHASE}
      </p>
      <p className="fw-muted">
        Finish the payment in the checkout tab. Your {checkout.symbol} balance is checked every 2 seconds.
      </p>
      <p className="fw-muted">
        Checkout did not open?{" "}
        <a href={checkout.url} target="_blank" rel="noopener noreferrer" data-testid="buy-checkout-link">
          Open the checkout
        </a>
      </p>
      <button type="button" className="fw-button fw-button-secondary" onClick={onBack}>
        Back
      </button>
    </div>
  );
}

type BuyCheckoutStateProps = { checkout: Checkout; balance: RawTokenBalance | undefined; onBack: () => void };

/** After "Continue to checkout": waiting until the balance rises above the baseline, then the arrival. */
export function BuyCheckoutState({ checkout, balance, onBack }: BuyCheckoutStateProps) {
  const risen = balance && balance.raw > checkout.baseline ? balance.raw - checkout.baseline : undefined;
  if (risen !== undefined && balance) {
    return <PurchaseArrived risen={risen} decimals={balance.decimals} symbol={checkout.symbol} />;
  }
  return <WaitingForPurchase checkout={checkout} onBack={onBack} />;
}
