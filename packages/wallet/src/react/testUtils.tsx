import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { type ReactNode, StrictMode } from "react";
import type { Chain } from "viem";
import { foundry } from "viem/chains";
import type { CreateConnectorFn } from "wagmi";
import { createWalletConfig } from "../connectors/createWalletConfig.js";
import type { WalletProviderConfig, WalletRuntime } from "../runtime/createWalletRuntime.js";
import { ConnectButton } from "./components/ConnectButton.js";
import { useWalletRuntime } from "./context.js";
import { WalletProvider } from "./WalletProvider.js";

/** A Storage in memory (one per simulated browser profile). */
export function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

export type RenderWalletParameters = Partial<Omit<WalletProviderConfig, "wagmiConfig">> & {
  rpcUrl: string;
  chains?: readonly [Chain, ...Chain[]];
  storage?: ReturnType<typeof memoryStorage>;
  children?: ReactNode;
  devAccounts?: boolean;
  connectors?: CreateConnectorFn[];
};

function Capture({ into }: { into: { current: WalletRuntime | undefined } }) {
  into.current = useWalletRuntime();
  return null;
}

/** Renders a WalletProvider (SIWX off unless asked) with a ConnectButton, on a wagmi config pointed at anvil. */
export function renderWallet(p: RenderWalletParameters) {
  const { rpcUrl, chains = [foundry], storage = memoryStorage(), children, devAccounts, connectors, ...rest } = p;
  const wagmiConfig = createWalletConfig({
    chains,
    rpcUrls: Object.fromEntries(chains.map((c) => [c.id, rpcUrl])),
    storage,
    devAccounts,
    connectors,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const config: WalletProviderConfig = { siwx: false, isMobile: () => false, ...rest, wagmiConfig };
  const captured: { current: WalletRuntime | undefined } = { current: undefined };
  // StrictMode, as the web app renders: effects mount, unmount and mount again.
  const result = render(
    <StrictMode>
      <WalletProvider config={config} queryClient={queryClient}>
        <Capture into={captured} />
        <ConnectButton />
        {children}
      </WalletProvider>
    </StrictMode>,
  );
  const runtime = captured.current as WalletRuntime;
  return { ...result, wagmiConfig, storage, queryClient, config, runtime, core: runtime.core };
}
