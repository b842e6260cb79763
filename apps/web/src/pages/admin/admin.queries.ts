import { type Deployment, getAdmins, getPoolReturns, getTradingWallets } from "@fundament/sdk";
import { queryOptions } from "@tanstack/react-query";
import type { FundClient } from "../../shared/hooks/useFundClient";
import { CHAIN_KEY } from "../../shared/lib/queryKeys";

export const adminKeys = {
  admins: [CHAIN_KEY, "admin", "admins"] as const,
  tradingWallets: [CHAIN_KEY, "admin", "trading-wallets"] as const,
  poolReturns: [CHAIN_KEY, "admin", "pool-returns"] as const,
};

/** The admin list ("Admin 1", "Admin 2", …). */
export const adminsQuery = (client: FundClient, deployment: Deployment) =>
  queryOptions({ queryKey: adminKeys.admins, queryFn: () => getAdmins(client, { deployment }) });

/** The current pool's trading wallets. */
export const tradingWalletsQuery = (client: FundClient, deployment: Deployment) =>
  queryOptions({ queryKey: adminKeys.tradingWallets, queryFn: () => getTradingWallets(client, { deployment }) });

/** The locked pool's returns: collected so far, and what each trading wallet has made collectable (balance ∧ allowance). */
export const poolReturnsQuery = (client: FundClient, deployment: Deployment, enabled: boolean) =>
  queryOptions({
    queryKey: adminKeys.poolReturns,
    queryFn: () => getPoolReturns(client, { deployment }),
    enabled,
    refetchInterval: enabled ? 15_000 : false,
  });
