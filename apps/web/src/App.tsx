import { smartAccountQueryKey } from "@fundament/wallet/react";
import { QueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { BrowserRouter } from "react-router";
import type { Config } from "wagmi";
import { AppRoutes } from "./routes";
import { AppConfigProvider } from "./shared/hooks/useAppConfig";
import { ToastsProvider } from "./shared/hooks/useToasts";
import type { AppConfig } from "./shared/lib/config";
import { WalletLayer } from "./shared/wallet/WalletLayer";

export function createAppQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { staleTime: 15_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
  // The wallet layer's smart-account lookup (three reads, one after another) is read once per visit, not again by
  // every component that mounts later and asks which account sends (`useInvestorSender`): its address never changes,
  // and a user operation that deploys it invalidates it (the wallet layer does).
  client.setQueryDefaults(smartAccountQueryKey(), { refetchOnMount: false });
  return client;
}

export type AppProvidersProps = {
  config: AppConfig;
  queryClient?: QueryClient;
  /** A ready wagmi config (tests). */
  wagmiConfig?: Config;
  /** Sign-in with the wallet, offered in the Account view (never asked on connect; default on; tests turn it off). */
  siwx?: boolean;
  children: ReactNode;
};

/** Everything a page needs around it: config, wallet layer, queries, toasts. Tests wrap pages in this too. */
export function AppProviders({ config, queryClient, wagmiConfig, siwx, children }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createAppQueryClient());
  return (
    <AppConfigProvider config={config}>
      <WalletLayer
        config={config}
        queryClient={client}
        {...(wagmiConfig ? { wagmiConfig } : {})}
        {...(siwx === undefined ? {} : { siwx })}
      >
        <ToastsProvider>{children}</ToastsProvider>
      </WalletLayer>
    </AppConfigProvider>
  );
}

export function App({ config }: { config: AppConfig }) {
  return (
    <AppProviders config={config}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
