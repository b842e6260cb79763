import { formatUnits } from "viem";
import { formatUsd } from "../prices/applyPrices.js";
import { hasInsufficientGas } from "../send/validateSend.js";

/**
 * The gas a swap is given when the API does not estimate it (apps/api `DEFAULT_SWAP_GAS`: enough for a two-hop
 * swap). The wallet sends the built swap with the API's gas limit, and the node wants that limit's fee up front, so
 * this is what the account must be able to pay before Review.
 */
export const SWAP_GAS_LIMIT = 300_000n;
/** The gas an approval is given when it cannot be estimated (apps/api `DEFAULT_APPROVE_GAS`). */
export const APPROVE_GAS_LIMIT = 100_000n;

/** The swap's estimated network fee (wei): its gas, and an approval's when one comes first, at the gas price. */
export function estimateSwapFee(p: { gasPrice: bigint; needsApproval: boolean }): bigint {
  return (SWAP_GAS_LIMIT + (p.needsApproval ? APPROVE_GAS_LIMIT : 0n)) * p.gasPrice;
}

/** The native balance, what the swap spends of it, and the fee (undefined while the gas price is unknown). */
export type SwapGasCheckParameters = {
  /** The native balance (base units). */
  balance: bigint;
  decimals: number;
  /** What the swap itself spends of the native token (its amount when swapping from it, else 0). */
  spend: bigint;
  fee: bigint | undefined;
  /** Smart accounts are exempt, as in Send (`sendingAccountType`). */
  isSmartAccount: boolean;
};

/**
 * Whether the native balance cannot pay the swap's network fee, by Send's rule (`hasInsufficientGas`): nothing
 * left after the swap's own spend, or less than the fee; smart accounts are exempt.
 */
export function swapLacksGas(p: SwapGasCheckParameters): boolean {
  const left = p.balance - p.spend;
  return hasInsufficientGas({
    networkBalanceInUSD: left > 0n ? Number(formatUnits(left, p.decimals)) : 0,
    gasPriceInUSD: p.fee === undefined ? undefined : Number(formatUnits(p.fee, p.decimals)),
    isSmartAccount: p.isSmartAccount,
  });
}

/** The fee in dollars at the native token's price; undefined without a fee or a price. */
export function feeInUsd(fee: bigint | undefined, decimals: number, price: number | undefined): number | undefined {
  if (fee === undefined || price === undefined || !(price > 0)) return undefined;
  return Number(formatUnits(fee, decimals)) * price;
}

/** "You need ETH for the network fee (about $0.14)." — without the "(about …)" when no dollar value is known. */
export function needGasText(symbol: string, usd: number | undefined): string {
  return usd === undefined
    ? `You need ${symbol} for the network fee.`
    : `You need ${symbol} for the network fee (about ${formatUsd(usd)}).`;
}
