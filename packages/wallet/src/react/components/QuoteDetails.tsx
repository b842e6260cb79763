import { formatNumeric } from "../../core/format.js";
import type { SwapToken } from "../../features/swap/createSwapClient.js";
import {
  formatRate,
  formatTokenAmount,
  isHighPriceImpact,
  isValidSlippage,
  minimumReceived,
} from "../../features/swap/swapMath.js";

/** Shown when the price impact is above 5 %. */
export const HIGH_PRICE_IMPACT = "High price impact: you get noticeably less than the market price.";

/** Rate, price impact (warned above 5 %), fee, expected and minimum received of a quote. */
export function QuoteDetails(p: {
  quote: { fromAmount: string; toAmount: string; priceImpact: string; fee: string };
  from: SwapToken;
  to: SwapToken;
  slippage: string;
}) {
  const { quote, from, to } = p;
  const high = isHighPriceImpact(quote.priceImpact);
  const min = isValidSlippage(p.slippage) ? minimumReceived(BigInt(quote.toAmount), p.slippage) : undefined;
  return (
    <>
      <dl className="fw-swap-details">
        <dt>Rate</dt>
        <dd data-testid="swap-rate">{formatRate(quote, from, to)}</dd>
        <dt>You receive</dt>
        <dd data-testid="swap-to-amount">
          ≈ {formatTokenAmount(quote.toAmount, to.decimals, 6)} {to.symbol}
        </dd>
        <dt>Minimum received</dt>
        <dd data-testid="swap-min-received">
          {min !== undefined ? `${formatTokenAmount(min, to.decimals, 6)} ${to.symbol}` : "—"}
        </dd>
        <dt>Price impact</dt>
        <dd data-testid="swap-price-impact" className={high ? "fw-error" : undefined}>
          {formatNumeric(quote.priceImpact, 2)} %
        </dd>
        <dt>Liquidity provider fee</dt>
        <dd data-testid="swap-fee">
          {formatTokenAmount(quote.fee, from.decimals, 6)} {from.symbol}
        </dd>
      </dl>
      {high ? (
        <p className="fw-error" role="alert">
          {HIGH_PRICE_IMPACT}
        </p>
      ) : null}
    </>
  );
}
