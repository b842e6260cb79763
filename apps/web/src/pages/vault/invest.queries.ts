import type { Deployment } from "@fundament/sdk";
import { queryOptions } from "@tanstack/react-query";
import { type Address, erc20Abi } from "viem";
import { readContract } from "viem/actions";
import type { FundClient } from "../../shared/hooks/useFundClient";
import { CHAIN_KEY } from "../../shared/lib/queryKeys";

export const investKeys = {
  all: [CHAIN_KEY, "invest"] as const,
  wallet: (account: Address | undefined) => [CHAIN_KEY, "invest", "wallet", account ?? null] as const,
};

/** The connected wallet's token balance and its allowance for the fund (batched into one call). */
export const investWalletQuery = (
  client: FundClient,
  deployment: Deployment,
  token: Address | undefined,
  account: Address | undefined,
) =>
  queryOptions({
    queryKey: investKeys.wallet(account),
    queryFn: async () => {
      const [balance, allowance] = await Promise.all([
        readContract(client, {
          address: token as Address,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [account as Address],
        }),
        readContract(client, {
          address: token as Address,
          abi: erc20Abi,
          functionName: "allowance",
          args: [account as Address, deployment.investmentFund],
        }),
      ]);
      return { balance, allowance };
    },
    enabled: Boolean(token && account),
  });
