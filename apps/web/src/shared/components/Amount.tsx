import { formatTokenAmount, tokenTitle } from "../lib/format";

/** A token amount as the app writes it (2 decimals), the full precision in its title. */
export function TokenAmount({ units, decimals, symbol }: { units: bigint; decimals: number; symbol: string }) {
  return <span title={tokenTitle(units, decimals, symbol)}>{formatTokenAmount(units, decimals, symbol)}</span>;
}
