import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { WagmiProvider } from "wagmi";
import { createWalletRuntime, type WalletProviderConfig, type WalletRuntime } from "../runtime/createWalletRuntime.js";
import { WalletModal } from "./components/WalletModal.js";
import { WalletContext } from "./context.js";

export type WalletProviderProps = {
  /** Create it once (module scope or useMemo): the provider reads it on its first render only. */
  config: WalletProviderConfig;
  /** Reused when given (share the app's client); else the provider makes one. */
  queryClient?: QueryClient | undefined;
  children?: ReactNode;
};

/**
 * Provides wagmi, TanStack Query and the wallet layer, and renders the wallet modal. Put it once near the root of
 * the app; everything using the wallet hooks or `ConnectButton` goes inside it.
 */
export function WalletProvider({ config, queryClient, children }: WalletProviderProps) {
  const [runtime] = useState<WalletRuntime>(() => createWalletRuntime(config));
  const [client] = useState(() => queryClient ?? new QueryClient());
  useEffect(() => runtime.mount(), [runtime]);
  return (
    <WagmiProvider config={runtime.wagmiConfig} reconnectOnMount>
      <QueryClientProvider client={client}>
        <WalletContext.Provider value={runtime}>
          {children}
          <WalletModal />
        </WalletContext.Provider>
      </QueryClientProvider>
    </WagmiProvider>
  );
}
