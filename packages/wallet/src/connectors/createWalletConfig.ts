import { type Chain, http, type Transport } from "viem";
import { type Config, type CreateConnectorFn, createConfig, createStorage, injected, noopStorage } from "wagmi";
import { DEV_CHAIN_ID } from "../core/constants.js";
import { devAccounts } from "./devAccounts.js";

export type CreateWalletConfigParameters = {
  chains: readonly [Chain, ...Chain[]];
  /** RPC URL per chain id; defaults to the chain's own default RPC. */
  rpcUrls?: Record<number, string> | undefined;
  /** Offer the anvil dev accounts (only ever on chain 31337). Default: true when 31337 is among the chains. */
  devAccounts?: boolean | undefined;
  /** EIP-6963 discovery of installed wallets. Default true. */
  multiInjectedProviderDiscovery?: boolean | undefined;
  /** Storage for wagmi's persisted state; localStorage in the browser. */
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem"> | undefined;
  /** Extra connectors (e.g. a test connector). */
  connectors?: CreateConnectorFn[] | undefined;
};

/**
 * The wagmi config of the wallet layer: the injected connector with EIP-6963 discovery (through mipd), the dev
 * accounts on the local chain, one HTTP transport per chain. WalletConnect, Coinbase and Safe are added later by
 * `loadOptionalConnectors`, only when configured, so their code is not in the first view.
 */
export function createWalletConfig(parameters: CreateWalletConfigParameters): Config<readonly [Chain, ...Chain[]]> {
  const transports: Record<number, Transport> = {};
  for (const chain of parameters.chains) {
    transports[chain.id] = http(parameters.rpcUrls?.[chain.id] ?? chain.rpcUrls.default.http[0]);
  }
  const hasDevChain = parameters.chains.some((c) => c.id === DEV_CHAIN_ID);
  const connectors: CreateConnectorFn[] = [injected()];
  if ((parameters.devAccounts ?? hasDevChain) && hasDevChain) {
    connectors.push(devAccounts({ rpcUrl: parameters.rpcUrls?.[DEV_CHAIN_ID] }));
  }
  connectors.push(...(parameters.connectors ?? []));
  const browserStorage = typeof localStorage === "undefined" ? noopStorage : localStorage;
  return createConfig({
    chains: parameters.chains,
    transports,
    connectors,
    multiInjectedProviderDiscovery: parameters.multiInjectedProviderDiscovery ?? true,
    storage: createStorage({ storage: parameters.storage ?? browserStorage, key: "fundament.wallet" }),
  });
}
