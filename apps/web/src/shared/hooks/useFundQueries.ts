import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  fundSettingsQuery,
  futuresPerformanceQuery,
  investmentTokenQuery,
  investorViewQuery,
  nftPerformanceQuery,
  positionHistoryQuery,
  positionsQuery,
  vaultPerformanceQuery,
  vaultRoundsQuery,
  vaultSettingsQuery,
  vaultsQuery,
} from "../lib/fundQueries";
import { useAppConfig } from "./useAppConfig";
import { useFundClient } from "./useFundClient";
import { useInvestorAccount } from "./useInvestorAccount";

export function useVaults() {
  const { deployment, apiUrl } = useAppConfig();
  const client = useFundClient();
  const queryClient = useQueryClient();
  return useQuery(vaultsQuery(client, deployment, apiUrl, queryClient));
}

export function useVaultPerformance() {
  const { apiUrl } = useAppConfig();
  return useQuery(vaultPerformanceQuery(apiUrl));
}

/** The connected investor's figures (disabled without a wallet). */
export function useInvestorView() {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  const account = useInvestorAccount();
  return useQuery(investorViewQuery(client, deployment, account));
}

/** A vault's rounds, newest first (disabled until the vault is known). */
export function useVaultRounds(vaultId: number | undefined) {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  return useQuery(vaultRoundsQuery(client, deployment, vaultId));
}

/** A vault's own settings and current pool (disabled until the vault is known). */
export function useVaultSettings(vaultId: number | undefined) {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  return useQuery(vaultSettingsQuery(client, deployment, vaultId));
}

/** The connected account's position in each vault (disabled without a wallet). */
export function usePositions() {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  const account = useInvestorAccount();
  return useQuery(positionsQuery(client, deployment, account));
}

/** The connected account's rounds per vault (disabled without a wallet). */
export function usePositionHistory() {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  const account = useInvestorAccount();
  return useQuery(positionHistoryQuery(client, deployment, account));
}

export function useFundSettings() {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  return useQuery(fundSettingsQuery(client, deployment));
}

export function useInvestmentToken() {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  return useQuery(investmentTokenQuery(client, deployment));
}

export function useFuturesPerformance() {
  const { apiUrl } = useAppConfig();
  return useQuery(futuresPerformanceQuery(apiUrl));
}

export function useNftPerformance() {
  const { apiUrl } = useAppConfig();
  return useQuery(nftPerformanceQuery(apiUrl));
}
