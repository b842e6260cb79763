import { formatNumeric } from "../../../core/format.js";
import { ESTIMATE_LABEL } from "../../../features/onramp/estimateOnrampQuote.js";
import { formatFiat } from "../../../features/onramp/onrampLimits.js";
import type { BuyQuote } from "./buyTexts.js";

/** What the quote (or the marked estimate) says: what you get, the fees and the total. */
function BuyQuoteDetails({ quote }: { quote: BuyQuote }) {
  const isEstimate = "estimate" in quote;
  return (
    <>
      {isEstimate ? (
        <p className="fw-muted" data-testid="buy-estimate">
          {ESTIMATE_LABEL}
        </p>
      ) : null}
      <dl className="fw-buy-details">
        <dt>You get</dt>
        <dd data-testid="buy-you-get">
          {isEstimate ? "≈ " : ""}
          {formatNumeric(quote.purchaseAmount.amount, 6)} {quote.purchaseAmount.currency}
        </dd>
        <dt>Network fee</dt>
        <dd data-testid="buy-network-fee">
          {quote.networkFee.amount ? `${formatFiat(quote.networkFee.amount)} ${quote.networkFee.currency}` : "—"}
        </dd>
        <dt>Provider fee</dt>
        <dd data-testid="buy-provider-fee">
          {formatFiat(quote.coinbaseFee.amount)} {quote.coinbaseFee.currency}
        </dd>
        <dt>Total</dt>
        <dd data-testid="buy-total">
          {formatFiat(quote.paymentTotal.amount)} {quote.paymentTotal.currency}
        </dd>
      </dl>
    </>
  );
}

type BuyQuoteSectionProps = {
  /** The quote to show (only once the amount has settled). */
  quote: BuyQuote | undefined;
  fetching: boolean;
  /** Whether "Getting a quote…" shows. */
  pending: boolean;
};

/** The live "Quote" region of the amount step. */
export function BuyQuoteSection({ quote, fetching, pending }: BuyQuoteSectionProps) {
  return (
    <section aria-label="Quote" aria-live="polite" aria-busy={fetching}>
      {quote ? <BuyQuoteDetails quote={quote} /> : null}
      {pending ? <p className="fw-muted">Getting a quote…</p> : null}
    </section>
  );
}
