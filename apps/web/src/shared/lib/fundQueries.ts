import {
  type Deployment,
  fetchFuturesPerformance,
  fetchNftLendingPerformance,
  fetchVaultPerformance,
  getFundSettings,
  getInvestmentToken,
  getInvestorView,
  getPositionHistory,
  getPositions,
  getVaultRounds,
  getVaultSettings,
  getVaults,
  type VaultPerformance,
} from "@fundament/sdk";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import type { Address } from "viem";
import type { FundClient } from "../hooks/useFundClient";
import { API_KEY, CHAIN_KEY } from "./queryKeys";

/** An abort signal that also fires after `ms` (an API that hangs must not hold the page). */
export function withTimeout(signal: AbortSignal | undefined, ms = 8_000): AbortSignal {
  const timeout = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** Both performance payloads for the vaults' APY; a failed fetch is logged and leaves that vault on its fallback yield. */
export const vaultPerformanceQuery = (apiUrl: string) =>
  queryOptions({
    queryKey: [API_KEY, "vault-performance", apiUrl],
    queryFn: ({ signal }): Promise<VaultPerformance> => fetchVaultPerformance(apiUrl, { signal: withTimeout(signal) }),
    staleTime: 60_000,
  });

/**
 * Every on-chain vault with its current round and live figures (one batched JSON-RPC call) and the APY from the
 * API's performance.
 */
export const vaultsQuery = (client: FundClient, deployment: Deployment, apiUrl: string, queryClient: QueryClient) =>
  queryOptions({
    queryKey: [CHAIN_KEY, "vaults", deployment.investmentFund],
    // The chain read and the API's performance run at once.
    queryFn: () =>
      getVaults(client, { deployment, performance: queryClient.ensureQueryData(vaultPerformanceQuery(apiUrl)) }),
  });

export const investorViewQuery = (client: FundClient, deployment: Deployment, account: Address | undefined) =>
  queryOptions({
    queryKey: [CHAIN_KEY, "investor", account ?? null],
    queryFn: () => getInvestorView(client, { deployment, account: account as Address }),
    enabled: Boolean(account),
  });

/** A vault's rounds (pools), newest first. */
export const vaultRoundsQuery = (client: FundClient, deployment: Deployment, vaultId: number | undefined) =>
  queryOptions({
    queryKey: [CHAIN_KEY, "vault-rounds", vaultId ?? null],
    queryFn: () => getVaultRounds(client, { deployment, vaultId: vaultId as number }),
    enabled: vaultId !== undefined,
  });

/** A vault's own settings (minimum, lockup duration) and its current pool. */
export const vaultSettingsQuery = (client: FundClient, deployment: Deployment, vaultId: number | undefined) =>
  queryOptions({
    queryKey: [CHAIN_KEY, "vault-settings", vaultId ?? null],
    queryFn: () => getVaultSettings(client, { deployment, vaultId: vaultId as number }),
    enabled: vaultId !== undefined,
  });

/** The account's position in each vault (raw token units). */
export const positionsQuery = (client: FundClient, deployment: Deployment, account: Address | undefined) =>
  queryOptions({
    queryKey: [CHAIN_KEY, "positions", account ?? null],
    queryFn: () => getPositions(client, { deployment, account: account as Address }),
    enabled: Boolean(account),
  });

/** The account's rounds, per vault, newest first: the Portfolio statement (from the fund's events). */
export const positionHistoryQuery = (client: FundClient, deployment: Deployment, account: Address | undefined) =>
  queryOptions({
    queryKey: [CHAIN_KEY, "position-history", account ?? null],
    queryFn: () => getPositionHistory(client, { deployment, account: account as Address }),
    enabled: Boolean(account),
  });

export const fundSettingsQuery = (client: FundClient, deployment: Deployment) =>
  queryOptions({
    queryKey: [CHAIN_KEY, "fund-settings"],
    queryFn: () => getFundSettings(client, { deployment }),
  });

export const investmentTokenQuery = (client: FundClient, deployment: Deployment) =>
  queryOptions({
    queryKey: [CHAIN_KEY, "investment-token"],
    queryFn: () => getInvestmentToken(client, { deployment }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** `GET {api}/futures/performance`; fails with the server's detail or 'Failed to fetch futures performance: ...'. */
export const futuresPerformanceQuery = (apiUrl: string) =>
  queryOptions({
    queryKey: [API_KEY, "performance", "futures", apiUrl],
    queryFn: ({ signal }) => fetchFuturesPerformance(apiUrl, { signal: withTimeout(signal) }),
    staleTime: 60_000,
    retry: false,
  });

/** `GET {api}/nft-lending/performance`; fails with the server's detail or 'Failed to fetch NFT lending performance: ...'. */
export const nftPerformanceQuery = (apiUrl: string) =>
  queryOptions({
    queryKey: [API_KEY, "performance", "nft", apiUrl],
    queryFn: ({ signal }) => fetchNftLendingPerformance(apiUrl, { signal: withTimeout(signal) }),
    staleTime: 60_000,
    retry: false,
  });
