import { useQuery } from "@tanstack/react-query";
import { parseUnits } from "viem";
import type { PricedTokenBalance } from "../../features/prices/applyPrices.js";
import { sendingAccountType } from "../../features/send/sendingAccountType.js";
import { isNativeSwapToken, type SwapGasPrice, type SwapToken } from "../../features/swap/createSwapClient.js";
import { estimateSwapFee, feeInUsd, needGasText, swapLacksGas } from "../../features/swap/swapFee.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";
import { swapAllowanceQuery, useSwapClient } from "../hooks/useSwapSupport.js";
import { useWalletAccount } from "../hooks/useWalletAccount.js";

/** The account cannot pay the swap's network fee: the native token's symbol, and the fee in dollars when known. */
export type SwapGasShortfall = { symbol: string; usd: number | undefined };

export type UseSwapGasShortfallParameters = {
  from: SwapToken | undefined;
  /** The amount to swap (base units of `from`). */
  amount: bigint | undefined;
  /** The API's gas prices (`/v1/convert/gas-price`); undefined while unknown. */
  gasPrice: SwapGasPrice | undefined;
  /** The account's balances, priced where the API knows a price. */
  balances: readonly PricedTokenBalance[] | undefined;
};

/**
 * Send's insufficient-gas rule for a swap, before Review: the native balance left after the swap's own spend must
 * pay the estimated network fee (the swap's gas, and an approval's when the router's allowance is short, at the
 * API's standard gas price). Smart accounts that send (their gas is sponsored) are exempt, as in Send. Undefined
 * when the fee can be paid, or while the balance or the allowance is not known yet.
 */
export function useSwapGasShortfall(p: UseSwapGasShortfallParameters): SwapGasShortfall | undefined {
  const runtime = useWalletRuntime();
  const { core } = runtime;
  const client = useSwapClient();
  const { address } = useWalletAccount();
  const account = useStore(core.state, () => core.state.activeAccount());
  const isNative = isNativeSwapToken(p.from);
  const allowance = useQuery(
    swapAllowanceQuery({
      client,
      apiUrl: runtime.config.apiUrl,
      from: p.from,
      userAddress: address,
      enabled: !isNative,
    }),
  );
  const native = p.balances?.find((b) => !b.address);
  if (!p.from || !p.amount || !native) return undefined;
  if (!isNative && allowance.isPending) return undefined;
  const decimals = Number(native.quantity.decimals);
  const needsApproval = !isNative && !(allowance.data !== undefined && allowance.data >= p.amount);
  const fee = p.gasPrice ? estimateSwapFee({ gasPrice: BigInt(p.gasPrice.standard), needsApproval }) : undefined;
  const lacks = swapLacksGas({
    balance: parseUnits(native.quantity.numeric, decimals),
    decimals,
    spend: isNative ? p.amount : 0n,
    fee,
    isSmartAccount: sendingAccountType(account) === "smartAccount",
  });
  if (!lacks) return undefined;
  return { symbol: native.symbol, usd: feeInUsd(fee, decimals, native.priced ? native.price : undefined) };
}

/** "You need ETH for the network fee (about $0.14)." and a "Buy ETH" button that opens Buy on the native token. */
export function SwapGasNotice({ shortfall, id }: { shortfall: SwapGasShortfall; id: string }) {
  const { core } = useWalletRuntime();
  return (
    <div className="fw-stack" data-testid="swap-gas-shortfall">
      <p id={id} className="fw-error fw-wrap" role="alert">
        {needGasText(shortfall.symbol, shortfall.usd)}
      </p>
      <button
        type="button"
        className="fw-button fw-button-secondary"
        onClick={() => core.router.push("Buy", { symbol: shortfall.symbol })}
      >
        Buy {shortfall.symbol}
      </button>
    </div>
  );
}
