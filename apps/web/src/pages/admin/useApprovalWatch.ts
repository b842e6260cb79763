import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { type Address, erc20Abi } from "viem";
import { watchContractEvent } from "viem/actions";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useFundClient } from "../../shared/hooks/useFundClient";
import { adminKeys } from "./admin.queries";

/**
 * While `token` is known and the vault's round is locked, refreshes its returns whenever the investment token emits an
 * `Approval` naming the fund as spender (a trading wallet approving the fund for what it returns), polling at the
 * client's interval. The returns query's own interval covers a missed poll.
 */
export function useApprovalWatch(vaultId: number, token: Address | undefined, enabled: boolean): void {
  const client = useFundClient();
  const { deployment } = useAppConfig();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || !token) return;
    return watchContractEvent(client, {
      address: token,
      abi: erc20Abi,
      eventName: "Approval",
      args: { spender: deployment.investmentFund },
      poll: true,
      onLogs: (logs) => {
        if (logs.length > 0) void queryClient.invalidateQueries({ queryKey: adminKeys.poolReturns(vaultId) });
      },
      onError: () => undefined,
    });
  }, [client, deployment.investmentFund, enabled, queryClient, token, vaultId]);
}
