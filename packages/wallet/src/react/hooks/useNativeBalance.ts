import { useBalance } from "wagmi";
import { BALANCE_CACHE_MS } from "../../core/constants.js";
import { formatAmount } from "../format.js";
import { useWalletAccount } from "./useWalletAccount.js";

/** The connected account's native balance, formatted (`10,000 ETH`), cached 30 s. */
export function useNativeBalance() {
  const { address, chainId, isConnected } = useWalletAccount();
  const query = useBalance({
    address,
    chainId,
    query: { enabled: isConnected && Boolean(address), staleTime: BALANCE_CACHE_MS, refetchInterval: BALANCE_CACHE_MS },
  });
  const data = query.data;
  return {
    ...query,
    formatted: data ? formatAmount(data.value, data.decimals, data.symbol) : undefined,
  };
}
