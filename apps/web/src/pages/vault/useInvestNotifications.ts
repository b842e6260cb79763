import { smartAccountQueryKey } from "@fundament/wallet/react";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { CHAIN_KEY } from "../../shared/lib/queryKeys";
import { investKeys } from "./invest.queries";

/** The wallet layer's query-key root (its balances, the smart account's deployment state and balances). */
const WALLET_QUERY_KEY = smartAccountQueryKey()[0];

/**
 * What happens around an investment: once the approval is mined, the wallet's allowance is read again (the widget
 * shows the new allowance while the investment is confirmed); at the result, once money moved, every on-chain query
 * is refreshed so TVL, position and balance update. The result itself (the spec's message and the hash, or the
 * failure) is said in one place: inline in the widget, where focus lands — not also as a toast.
 */
export function useInvestNotifications() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      async approvalMined() {
        await queryClient.invalidateQueries({ queryKey: investKeys.all });
      },
      async result(result: { chainChanged: boolean; path?: string | undefined }) {
        if (!result.chainChanged) return;
        // A smart account's first operation deploys it, and its balances changed: the wallet layer's view of it
        // (deployed, its tokens) is read again.
        if (result.path === "smartAccount") void queryClient.invalidateQueries({ queryKey: [WALLET_QUERY_KEY] });
        // An approval may have gone through even when the investment did not (two steps, or a batch whose investment
        // failed): the allowance changed.
        await queryClient.invalidateQueries({ queryKey: [CHAIN_KEY] });
      },
    }),
    [queryClient],
  );
}
