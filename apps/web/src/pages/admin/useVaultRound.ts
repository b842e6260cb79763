import { endLockupPeriod, startLockupPeriod } from "@fundament/sdk";
import { useIsMutating, useQuery } from "@tanstack/react-query";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useChainTime } from "../../shared/hooks/useChainTime";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { useFundClient } from "../../shared/hooks/useFundClient";
import { useFundSettings, useInvestmentToken, useVaultSettings } from "../../shared/hooks/useFundQueries";
import { poolReturnsQuery, reportBuildKey } from "./admin.queries";
import { useApprovalWatch } from "./useApprovalWatch";

/**
 * A vault's current round for the admin: its settings, the fund's, the token, the returns collected while locked,
 * the chain's clock, and the round's two writes (start and end the lockup); `busy` while any of them, or the round's
 * report build, is under way. Watches the trading wallets' approvals while the round is locked.
 */
export function useVaultRound(vaultId: number) {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  const vault = useVaultSettings(vaultId);
  const fund = useFundSettings();
  const token = useInvestmentToken();
  const locked = vault.data?.currentPool.isLocked === true;
  const returns = useQuery(poolReturnsQuery(client, deployment, vaultId, locked));
  const chainTime = useChainTime(locked);
  useApprovalWatch(vaultId, token.data?.address, locked);
  const start = useFundAction(startLockupPeriod);
  const end = useFundAction(endLockupPeriod);
  // While the round's report is being built, collecting would change the total it claims: the round's writes wait.
  const building = useIsMutating({ mutationKey: reportBuildKey(vaultId) }) > 0;
  const busy = start.state.status === "pending" || end.state.status === "pending" || building;
  return { deployment, vault, fund, token, returns, chainTime, start, end, busy };
}
