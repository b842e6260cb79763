import "@fundament/wallet/styles.css";
import { WalletProvider, type WalletProviderConfig } from "@fundament/wallet/react";
import type { QueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import type { Config } from "wagmi";
import { type AppConfig, configChain } from "../lib/config";
import { createAppWagmiConfig } from "./createAppWagmiConfig";
import { smartAccountMoveToOwner } from "./smartAccountMoveToOwner";
import { smartAccountNotice } from "./smartAccountNotice";
import { smartAccountSponsorship } from "./smartAccountSponsorship";

const APP_NAME = "Fundament";

/** What a WalletConnect wallet shows about the app. */
function walletMetadata(origin: string) {
  return {
    name: APP_NAME,
    description: "An open-source on-chain investment fund",
    url: origin,
    icons: [`${origin}/icons/favicon.svg`],
  };
}

export type WalletLayerProps = {
  config: AppConfig;
  queryClient: QueryClient;
  /** A ready wagmi config (tests); built from `config` by default. */
  wagmiConfig?: Config;
  /**
   * Sign in with the wallet (the wallet layer's SIWX over the API). Default on, but never asked on connect: no feature
   * needs a session today, so the person chooses it from the Account view's "Sign in".
   */
  siwx?: boolean;
  children: ReactNode;
};

/**
 * The wallet layer around the app (@fundament/wallet): wagmi on the configured chain, TanStack Query, the
 * connect modal and its views. The one place that knows how the wallet is wired.
 */
export function WalletLayer({ config, queryClient, wagmiConfig, siwx = true, children }: WalletLayerProps) {
  // The provider reads its config on the first render only.
  const [walletConfig] = useState<WalletProviderConfig>(() =>
    walletLayerConfig(config, queryClient, wagmiConfig, siwx),
  );
  return (
    <WalletProvider config={walletConfig} queryClient={queryClient}>
      {children}
    </WalletProvider>
  );
}

function walletLayerConfig(
  config: AppConfig,
  queryClient: QueryClient,
  wagmiConfig: Config | undefined,
  siwx: boolean,
): WalletProviderConfig {
  const wagmi = wagmiConfig ?? createAppWagmiConfig(config);
  return {
    wagmiConfig: wagmi,
    networks: [configChain(config)],
    apiUrl: config.apiUrl,
    siwx: siwx ? { required: false, askOnConnect: false } : false,
    theme: "system",
    // Optional connectors, each offered only when configured and loaded only when picked: WalletConnect with a
    // project id, Coinbase when /config.json enables it, Safe only inside a Safe (an iframe).
    walletConnectProjectId: config.walletConnectProjectId,
    coinbase: config.coinbaseWallet ? { appName: APP_NAME } : undefined,
    safe: true,
    // Solana (Wallet Standard wallets) when /config.json has a Solana RPC; its token named by its mint.
    // Bitcoin (Wallet Standard wallets, the payment account) when /config.json names a balance API.
    bitcoin: config.bitcoin
      ? { balanceApiUrl: config.bitcoin.balanceApiUrl, network: config.bitcoin.network }
      : undefined,
    solana: config.solana
      ? {
          rpcUrl: config.solana.rpcUrl,
          genesisHash: config.solana.genesisHash,
          tokens: config.solana.mint
            ? [{ mint: config.solana.mint.address, symbol: config.solana.mint.symbol, name: config.solana.mint.name }]
            : undefined,
        }
      : undefined,
    // The embedded wallet (email, social accounts, Farcaster) when /config.json names its secure frame.
    embeddedWallet: config.embedded,
    metadata: typeof window === "undefined" ? undefined : walletMetadata(window.location.origin),
    // Smart accounts (ERC-4337) where the deployment has them: the Account view's "Account type" choice, and the
    // fund's word on the smart account (it must be whitelisted to invest).
    smartAccount:
      config.deployment.accountFactory && config.deployment.entryPoint
        ? {
            chains: {
              [config.chainId]: { factory: config.deployment.accountFactory, entryPoint: config.deployment.entryPoint },
            },
            notice: smartAccountNotice(config),
            // "Move to my wallet": the smart account's tokens back to the owner, gas paid by the fund's paymaster
            // (or by the smart account's own ETH when the fund does not sponsor it).
            moveToOwner: smartAccountMoveToOwner(config, wagmi, queryClient),
            // Who pays its gas: the paymaster's remaining budget for it, or why not ("Add ETH for gas" then helps).
            sponsorship: smartAccountSponsorship(config),
          }
        : undefined,
    // The deployment's token list (the investment token first, then what the DEX pools), else the investment token.
    tokens: config.deployment.tokens?.length
      ? {
          [config.chainId]: config.deployment.tokens.map((token) => ({
            address: token.address,
            symbol: token.symbol,
            name: token.name,
            decimals: token.decimals,
          })),
        }
      : config.deployment.investmentToken
        ? { [config.chainId]: [{ address: config.deployment.investmentToken }] }
        : undefined,
  };
}
