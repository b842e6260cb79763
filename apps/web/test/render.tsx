/**
 * Renders pages the way the app does (config, wallet layer, queries, toasts, routes), against the test
 * anvil from globalSetup. A wallet is wagmi's mock connector on an anvil dev account (anvil signs), and
 * every JSON-RPC method the page sends is recorded, so a test can prove no transaction was prompted.
 */
import { useWalletCore } from "@fundament/wallet/react";
import { act, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { type Address, http } from "viem";
import { mainnet } from "viem/chains";
import { inject } from "vitest";
import { type CreateConnectorFn, createConfig, createStorage, mock, noopStorage } from "wagmi";
import { connect } from "wagmi/actions";
import { AppProviders, createAppQueryClient } from "../src/App";
import { AppRoutes } from "../src/routes";
import { type AppConfig, configChain, parseAppConfig } from "../src/shared/lib/config";
import { createAppWagmiConfig } from "../src/shared/wallet/createAppWagmiConfig";
import { rpcUrl } from "./testChain.js";

/** The anvil dev accounts (public, well known). */
export const DEV_ACCOUNTS: readonly Address[] = [
  "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
  "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
  "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc",
  "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
];

export function testConfig(overrides: Partial<{ apiUrl: string; rpcUrl: string }> = {}): AppConfig {
  return parseAppConfig({
    chainId: 31337,
    rpcUrl: overrides.rpcUrl ?? rpcUrl,
    apiUrl: overrides.apiUrl ?? "http://127.0.0.1:9",
    deployment: inject("deployment"),
  });
}

/** Records the JSON-RPC methods sent through `fetch` while a test runs. */
export function recordRpcMethods(): { methods: string[]; restore: () => void } {
  const original = globalThis.fetch;
  const methods: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (typeof init?.body === "string" && init.body.includes('"jsonrpc"')) {
      const body = JSON.parse(init.body) as { method: string } | { method: string }[];
      for (const call of Array.isArray(body) ? body : [body]) methods.push(call.method);
    }
    return original(input, init);
  }) as typeof fetch;
  return {
    methods,
    restore: () => {
      globalThis.fetch = original;
    },
  };
}

export type RenderAppOptions = {
  path?: string;
  account?: Address;
  apiUrl?: string;
  /** Another RPC address (e.g. one where nothing listens, to see the app with its RPC down). */
  rpcUrl?: string;
  /** Connect the wallet on this chain instead (e.g. 1, to see the wrong-network banner). */
  walletChainId?: number;
  /** Another wallet than wagmi's mock on `account` (e.g. the test wallet, to pick the investment path). */
  connector?: CreateConnectorFn;
  /** Sign in with the wallet over `apiUrl` (the wallet layer's SIWX), as the app has it; off by default. */
  siwx?: boolean;
  children?: ReactNode;
};

type WalletCore = ReturnType<typeof useWalletCore>;

/** Hands the wallet layer's core (its event bus, router, modal) to the test. */
function WalletCoreProbe({ onCore }: { onCore: (core: WalletCore) => void }) {
  onCore(useWalletCore());
  return null;
}

/**
 * Renders the app's routes at `path` (or `children`), optionally with a connected dev account. `walletCore()` is the
 * wallet layer's core (e.g. `walletCore().bus.history()`, the events the app emitted).
 */
export async function renderApp({
  path = "/",
  account,
  apiUrl,
  rpcUrl,
  walletChainId,
  connector: walletConnector,
  siwx = false,
  children,
}: RenderAppOptions = {}) {
  const config = testConfig({ ...(apiUrl ? { apiUrl } : {}), ...(rpcUrl ? { rpcUrl } : {}) });
  const connectors = [walletConnector ?? mock({ accounts: account ? [account] : [DEV_ACCOUNTS[0] as Address] })];
  const wagmiConfig = walletChainId
    ? createConfig({
        // The app's chain plus the one the wallet is on; nothing is ever sent to the other chain.
        chains: [configChain(config), mainnet],
        transports: { [config.chainId]: http(config.rpcUrl), [mainnet.id]: http("http://127.0.0.1:9") },
        connectors,
        multiInjectedProviderDiscovery: false,
        storage: createStorage({ storage: noopStorage }),
      })
    : createAppWagmiConfig(config, { connectors });
  const queryClient = createAppQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 60_000 } });
  let core: WalletCore | undefined;
  const result = render(
    <AppProviders config={config} wagmiConfig={wagmiConfig} queryClient={queryClient} siwx={siwx}>
      <WalletCoreProbe
        onCore={(c) => {
          core = c;
        }}
      />
      <MemoryRouter initialEntries={[path]}>{children ?? <AppRoutes />}</MemoryRouter>
    </AppProviders>,
  );
  const walletCore = (): WalletCore => {
    if (!core) throw new Error("The wallet layer has not rendered");
    return core;
  };
  // Connect after the provider mounted (its hydration resets a connection made before).
  // Tests pass their wallet as the only connector (no EIP-6963 discovery).
  const connector = wagmiConfig.connectors[0];
  if (account && connector)
    await act(
      async () =>
        void (await connect(wagmiConfig, { connector, ...(walletChainId ? { chainId: walletChainId } : {}) })),
    );
  return { ...result, config, wagmiConfig, queryClient, walletCore };
}
