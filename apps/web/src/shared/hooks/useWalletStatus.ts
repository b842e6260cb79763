import type { Address } from "viem";
import { useChainId, useConnection } from "wagmi";
import { configChain } from "../lib/config";
import { NOT_CONNECTED, switchNetworkFirst } from "../lib/messages";
import { useAppConfig } from "./useAppConfig";

export type WalletStatus = {
  account: Address | undefined;
  isConnected: boolean;
  /** Connected to a chain other than the app's. */
  wrongNetwork: boolean;
  /** Why a transaction cannot be sent now (null: it can). */
  blocker: string | null;
  chainName: string;
};

/** The connected account and whether it can send transactions to the app's chain. */
export function useWalletStatus(): WalletStatus {
  const config = useAppConfig();
  const { address, status, chainId: connectedChainId } = useConnection();
  const fallbackChainId = useChainId();
  const chainName = configChain(config).name;
  const isConnected = status === "connected" && Boolean(address);
  const walletChain = connectedChainId ?? fallbackChainId;
  const wrongNetwork = isConnected && walletChain !== config.chainId;
  let blocker: string | null = null;
  if (!isConnected) blocker = NOT_CONNECTED;
  else if (wrongNetwork) blocker = switchNetworkFirst(chainName);
  return { account: isConnected ? address : undefined, isConnected, wrongNetwork, blocker, chainName };
}
