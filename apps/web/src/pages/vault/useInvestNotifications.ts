import type { InvestReturnType } from "@fundament/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useToasts } from "../../shared/hooks/useToasts";
import { CHAIN_KEY } from "../../shared/lib/queryKeys";

/**
 * What happens around an investment's result: a toast with the spec's message (and the explorer link or
 * hash), and, once money moved, every on-chain query refreshed so TVL, position and balance update.
 */
export function useInvestNotifications() {
  const { push } = useToasts();
  const queryClient = useQueryClient();
  return useCallback(
    async (result: InvestReturnType) => {
      push(
        result.success
          ? { kind: "success", message: result.message, hash: result.hash }
          : { kind: "error", message: result.message },
      );
      // An approval may have gone through even when the investment did not: allowance changed.
      if (result.success || result.approvalHash) await queryClient.invalidateQueries({ queryKey: [CHAIN_KEY] });
    },
    [push, queryClient],
  );
}
