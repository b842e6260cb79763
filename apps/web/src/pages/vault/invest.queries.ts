import { type Deployment, getPermitDomain } from "@fundament/sdk";
import { queryOptions } from "@tanstack/react-query";
import { type Address, erc20Abi } from "viem";
import { readContract } from "viem/actions";
import type { FundClient } from "../../shared/hooks/useFundClient";
import { CHAIN_KEY } from "../../shared/lib/queryKeys";

export const investKeys = {
  all: [CHAIN_KEY, "invest"] as const,
  wallet: (account: Address | undefined) => [CHAIN_KEY, "invest", "wallet", account ?? null] as const,
  permit: (token: Address | undefined) => ["invest", "permit", token ?? null] as const,
};

/**
 * Whether the investment token takes EIP-2612 permits (it answers `nonces` and has an EIP-712 domain); the fund's
 * `investWithPermit` is in its ABI. A token does not change this, so it is read once, when a wallet is connected.
 */
export const investPermitQuery = (
  client: FundClient,
  token: Address | undefined,
  chainId: number,
  account: Address | undefined,
) =>
  queryOptions({
    queryKey: investKeys.permit(token),
    queryFn: async () =>
      (await getPermitDomain(client, token as Address, "0x0000000000000000000000000000000000000001", chainId)) !== null,
    enabled: Boolean(token && account),
    staleTime: Number.POSITIVE_INFINITY,
  });

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
