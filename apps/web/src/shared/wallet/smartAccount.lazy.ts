import {
  createFundPublicClient,
  fundPaymasterAbi,
  investmentFundAbi,
  moveSmartAccountTokens,
  type SmartAccountDeployment,
  type WriteContext,
} from "@fundament/sdk";
import type { SmartAccountSponsorship } from "@fundament/wallet/core";
import type { QueryClient } from "@tanstack/react-query";
import type { Address } from "viem";
import type { Config } from "wagmi";
import { getWalletClient } from "wagmi/actions";
import type { AppConfig } from "../lib/config";
import { CHAIN_KEY } from "../lib/queryKeys";

// The smart-account reads and the move behind the wallet layer's `smartAccount` hooks (smartAccountNotice.ts,
// smartAccountSponsorship.ts, smartAccountMoveToOwner.ts): a public client with every action, the fund's and the
// paymaster's ABIs and the user-operation code load with this chunk, when the Account view first asks, not with the
// first view.

/** The sponsor's name in the Account view: "Gas sponsored by the fund: 0.0083 ETH left". */
const SPONSOR = "the fund";

const clients = new Map<string, ReturnType<typeof createFundPublicClient>>();
/** One public client per chain and RPC for every read here. */
function publicClient(config: AppConfig) {
  const key = `${config.chainId} ${config.rpcUrl}`;
  let client = clients.get(key);
  if (!client) {
    client = createFundPublicClient({ chainId: config.chainId, rpcUrl: config.rpcUrl });
    clients.set(key, client);
  }
  return client;
}

/** Whether the fund has whitelisted `address` (`isWhitelisted`). */
export function isWhitelisted(config: AppConfig, address: Address): Promise<boolean> {
  return publicClient(config).readContract({
    address: config.deployment.investmentFund,
    abi: investmentFundAbi,
    functionName: "isWhitelisted",
    args: [address],
  });
}

/** Whether the fund's paymaster pays the smart account's gas, how much is left, or why not. */
export async function readSponsorship(
  config: AppConfig,
  aa: SmartAccountDeployment,
  address: Address,
): Promise<SmartAccountSponsorship> {
  const [whitelisted, remaining] = await Promise.all([
    isWhitelisted(config, address),
    publicClient(config).readContract({
      address: aa.fundPaymaster,
      abi: fundPaymasterAbi,
      functionName: "remainingSponsorship",
      args: [address],
    }),
  ]);
  if (!whitelisted) return { sponsored: false, reason: "not on the whitelist" };
  if (remaining === 0n) return { sponsored: false, reason: "its gas budget is used up" };
  return { sponsored: true, sponsor: SPONSOR, remaining };
}

/** The smart account's investment tokens back to the owner (see smartAccountMoveToOwner.ts). */
export async function moveToOwner(
  config: AppConfig,
  wagmiConfig: Config,
  queryClient: QueryClient,
  smartAccount: Address,
  chainId: number,
) {
  const walletClient = await getWalletClient(wagmiConfig, { chainId });
  const result = await moveSmartAccountTokens({
    deployment: config.deployment,
    publicClient: publicClient(config) as WriteContext["publicClient"],
    walletClient: walletClient as unknown as WriteContext["walletClient"],
  });
  if (result.smartAccount && result.smartAccount !== smartAccount) {
    return { success: false, message: `The wallet's smart account is ${result.smartAccount}, not ${smartAccount}.` };
  }
  if (result.success) await queryClient.invalidateQueries({ queryKey: [CHAIN_KEY] });
  return { success: result.success, message: result.message };
}
