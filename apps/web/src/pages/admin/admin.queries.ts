import {
  type Deployment,
  findWipedPositions,
  getAdmins,
  getLogsInChunks,
  getPoolReturns,
  getSponsorship,
  getTradingWallets,
  getWhitelist,
  investmentFundAbi,
} from "@fundament/sdk";
import { queryOptions } from "@tanstack/react-query";
import { getAbiItem } from "viem";
import { getBlockNumber } from "viem/actions";
import type { FundClient } from "../../shared/hooks/useFundClient";
import { CHAIN_KEY } from "../../shared/lib/queryKeys";

export const adminKeys = {
  admins: [CHAIN_KEY, "admin", "admins"] as const,
  tradingWallets: (poolId: bigint | undefined) =>
    [CHAIN_KEY, "admin", "trading-wallets", poolId === undefined ? null : poolId.toString()] as const,
  poolReturns: (vaultId: number) => [CHAIN_KEY, "admin", "pool-returns", vaultId] as const,
  collectedByWallet: (poolId: bigint) => [CHAIN_KEY, "admin", "collected-by-wallet", poolId.toString()] as const,
  whitelist: [CHAIN_KEY, "admin", "whitelist"] as const,
  sponsorship: [CHAIN_KEY, "admin", "sponsorship"] as const,
  wipedPositions: (vaultId: number) => [CHAIN_KEY, "admin", "wiped-positions", vaultId] as const,
};

/**
 * The mutation that asks the API to build a vault's round report before it settles: its key lets the round's other
 * controls (collecting) wait while it runs (`useIsMutating`).
 */
export const reportBuildKey = (vaultId: number) => ["admin", "round-report-build", vaultId] as const;

/** Rolling positions of `vaultId` that a total loss wiped out and that may still count as voting power. */
export const wipedPositionsQuery = (client: FundClient, deployment: Deployment, vaultId: number) =>
  queryOptions({
    queryKey: adminKeys.wipedPositions(vaultId),
    queryFn: () => findWipedPositions(client, { deployment, vaultId }),
  });

/** The fund paymaster's gas budget per account (null without a paymaster). */
export const sponsorshipQuery = (client: FundClient, deployment: Deployment) =>
  queryOptions({ queryKey: adminKeys.sponsorship, queryFn: () => getSponsorship(client, { deployment }) });

/** The wallets whitelisted now (rebuilt from the whitelist events), oldest first; any fund event refreshes it. */
export const whitelistQuery = (client: FundClient, deployment: Deployment) =>
  queryOptions({ queryKey: adminKeys.whitelist, queryFn: () => getWhitelist(client, { deployment }) });

/** The admin list ("Admin 1", "Admin 2", …). */
export const adminsQuery = (client: FundClient, deployment: Deployment) =>
  queryOptions({ queryKey: adminKeys.admins, queryFn: () => getAdmins(client, { deployment }) });

/** A pool's trading wallets (a vault's current pool: the wallets its next lockup sends funds to). */
export const tradingWalletsQuery = (client: FundClient, deployment: Deployment, poolId: bigint | undefined) =>
  queryOptions({
    queryKey: adminKeys.tradingWallets(poolId),
    queryFn: () => getTradingWallets(client, { deployment, poolId: poolId as bigint }),
    enabled: poolId !== undefined,
  });

/**
 * A vault's locked round's returns: collected so far, and what each trading wallet has made collectable
 * (balance ∧ allowance).
 */
export const poolReturnsQuery = (client: FundClient, deployment: Deployment, vaultId: number, enabled: boolean) =>
  queryOptions({
    queryKey: adminKeys.poolReturns(vaultId),
    queryFn: () => getPoolReturns(client, { deployment, vaultId }),
    enabled,
    // The trading wallets' approvals are token events, not the fund's: `useApprovalWatch` refreshes on them, and this
    // interval catches any the watch misses while the round is locked.
    refetchInterval: enabled ? 15_000 : false,
  });

const fundsCollectedEvent = getAbiItem({ abi: investmentFundAbi, name: "FundsCollected" });

/**
 * What was collected from each trading wallet for pool `poolId` so far (its `FundsCollected` events), keyed by the
 * wallet's address in lower case: a row with nothing left to collect says "Collected" rather than "0".
 */
export const collectedByWalletQuery = (client: FundClient, deployment: Deployment, poolId: bigint) =>
  queryOptions({
    queryKey: adminKeys.collectedByWallet(poolId),
    queryFn: async (): Promise<Record<string, bigint>> => {
      const fromBlock = deployment.deploymentBlock;
      const toBlock = await getBlockNumber(client, { cacheTime: 0 });
      if (toBlock < fromBlock) return {};
      const logs = await getLogsInChunks(client, {
        address: deployment.investmentFund,
        event: fundsCollectedEvent,
        args: { poolId },
        fromBlock,
        toBlock,
        initialRange: toBlock - fromBlock + 1n,
      });
      const collected: Record<string, bigint> = {};
      for (const { args } of logs) {
        if (!args.wallet || args.amount === undefined) continue;
        const wallet = args.wallet.toLowerCase();
        collected[wallet] = (collected[wallet] ?? 0n) + args.amount;
      }
      return collected;
    },
  });
