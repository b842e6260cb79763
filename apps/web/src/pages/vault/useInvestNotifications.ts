import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { CHAIN_KEY } from "../../shared/lib/queryKeys";
import { investKeys } from "./invest.queries";

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
      async result(result: { chainChanged: boolean }) {
        // An approval may have gone through even when the investment did not (two steps, or a batch whose investment
        // failed): the allowance changed.
        if (result.chainChanged) await queryClient.invalidateQueries({ queryKey: [CHAIN_KEY] });
      },
    }),
    [queryClient],
  );
}
