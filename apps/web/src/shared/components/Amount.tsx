import { AddressName } from "@fundament/wallet/react";
import { formatTokenAmount, tokenTitle } from "../lib/format";

/** A token amount as the app writes it (2 decimals), the full precision in its title. */
export function TokenAmount({ units, decimals, symbol }: { units: bigint; decimals: number; symbol: string }) {
  return <span title={tokenTitle(units, decimals, symbol)}>{formatTokenAmount(units, decimals, symbol)}</span>;
}

/**
 * An address as the app shows every address (the wallet layer's `AddressName`): its name where it has one, else
 * `0x1234…abcd`; the full address on hover or focus, with a copy.
 */
export function Address({ address }: { address: string }) {
  return <AddressName address={address} />;
}
