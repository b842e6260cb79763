import { useSmartAccount } from "@fundament/wallet/react";
import { useQueries } from "@tanstack/react-query";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useFundClient } from "../../shared/hooks/useFundClient";
import { useInvestorSender } from "../../shared/hooks/useInvestorSender";
import { useWalletStatus } from "../../shared/hooks/useWalletStatus";
import { investorViewQuery, positionHistoryQuery } from "../../shared/lib/fundQueries";
import { type PortfolioAccount, portfolioAccounts } from "./portfolio.helpers";

/** The accounts Portfolio lists (see `portfolioAccounts`): the wallet, and its smart account where it has one. */
export function usePortfolioAccounts(): PortfolioAccount[] {
  const { account } = useWalletStatus();
  const sender = useInvestorSender();
  const { smartAccount } = useSmartAccount();
  return portfolioAccounts({ wallet: account, sender, smartAccount });
}

/**
 * Each listed account's investor view (figures and positions) and rounds (the statement), read with the same queries
 * as the account in use everywhere else (same keys: one read, refreshed by every transaction's invalidation).
 */
export function usePortfolio() {
  const accounts = usePortfolioAccounts();
  const { deployment } = useAppConfig();
  const client = useFundClient();
  const views = useQueries({
    queries: accounts.map((account) => investorViewQuery(client, deployment, account.address)),
  });
  const histories = useQueries({
    queries: accounts.map((account) => positionHistoryQuery(client, deployment, account.address)),
  });
  return { accounts, views, histories };
}
