import { formatNumeric, formatNumericExact } from "../../core/format.js";
import { formatUsd } from "../../features/prices/applyPrices.js";

type ListedBalance = {
  name: string;
  symbol: string;
  address?: string | undefined;
  quantity: { numeric: string };
  priced?: boolean | undefined;
  price: number;
  value: number;
};

/**
 * The "Tokens" section of an Account view: each balance by name, its amount (exact in the tooltip) and, when priced,
 * its USD value. `titleOf`: a tooltip on a token's name (e.g. its mint).
 */
export function TokenBalancesSection({
  balances,
  titleOf,
}: {
  balances: readonly ListedBalance[];
  titleOf?: ((balance: ListedBalance) => string | undefined) | undefined;
}) {
  return (
    <section aria-label="Token balances">
      <h3 className="fw-subtitle">Tokens</h3>
      <ul className="fw-tokens">
        {balances.map((b) => (
          <li key={b.address ?? "native"}>
            <span title={titleOf?.(b)}>{b.name || b.symbol}</span>
            <span className="fw-token-amounts">
              <span title={`${formatNumericExact(b.quantity.numeric)} ${b.symbol}`}>
                {formatNumeric(b.quantity.numeric)} {b.symbol}
              </span>
              {b.priced ? (
                <span className="fw-token-value" title={`${formatUsd(b.price)} per ${b.symbol}`}>
                  {formatUsd(b.value)}
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
