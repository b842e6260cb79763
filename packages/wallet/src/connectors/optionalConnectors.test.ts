import { parseUri } from "@walletconnect/utils";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { connect } from "wagmi/actions";
import { createWalletConfig } from "./createWalletConfig.js";
import { lazyConnector } from "./lazyConnector.js";
import { loadOptionalConnectors, safeConnector, walletConnectConnector } from "./loadOptionalConnectors.js";
import { startFakeRelay } from "./startFakeRelay.js";
import { addConnector } from "./wagmiPrivate.js";

const PROJECT_ID = "0123456789abcdef0123456789abcdef";

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}
const newConfig = () =>
  createWalletConfig({ chains: [foundry], rpcUrls: { 31337: "http://127.0.0.1:9" }, storage: memoryStorage() });

let relay: Awaited<ReturnType<typeof startFakeRelay>>;
beforeAll(async () => {
  relay = await startFakeRelay();
});
afterAll(async () => {
  await relay?.close();
});

describe("optional connectors", () => {
  it("offers each only when configured: WalletConnect with a project id, Coinbase when enabled, Safe in a Safe", () => {
    const none = newConfig();
    expect(loadOptionalConnectors(none, { safe: true })).toEqual([]);
    expect(none.connectors.map((c) => c.id)).toEqual(["injected", "devAccounts"]);

    const all = newConfig();
    expect(
      loadOptionalConnectors(all, {
        walletConnectProjectId: PROJECT_ID,
        coinbase: { appName: "Fundament" },
        safe: true,
      }),
    ).toEqual(["walletConnect", "coinbaseWalletSDK"]); // not in an iframe: no Safe
    expect(all.connectors.map((c) => [c.id, c.name, c.type])).toEqual([
      ["injected", "Injected", "injected"],
      ["devAccounts", "Dev accounts (anvil)", "devAccounts"],
      ["walletConnect", "WalletConnect", "walletConnect"],
      ["coinbaseWalletSDK", "Coinbase Wallet", "coinbaseWallet"],
    ]);
  });

  it("loads a connector's code only when it is picked, or to restore its last session", async () => {
    const load = vi.fn(async () => walletConnectConnectorStub());
    const storage = memoryStorage();
    const config = createWalletConfig({
      chains: [foundry],
      storage,
      connectors: [
        lazyConnector({
          id: "x",
          name: "X",
          type: "x",
          load,
          eager: async (s) => (await s.getItem("recentConnectorId")) === "x",
        }),
      ],
    });
    const connector = config.connectors.find((c) => c.id === "x");
    expect(await connector?.isAuthorized()).toBe(false);
    expect(load).not.toHaveBeenCalled();
    await connector?.getProvider();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("the real WalletConnect SDK loads through the lazy connector", async () => {
    const config = newConfig();
    loadOptionalConnectors(config, { walletConnectProjectId: PROJECT_ID, walletConnectRelayUrl: relay.url });
    const connector = config.connectors.find((c) => c.id === "walletConnect");
    const provider = await connector?.getProvider();
    const { EthereumProvider } = await import("@walletconnect/ethereum-provider");
    expect(provider).toBeInstanceOf(EthereumProvider);
  });

  it("the Safe SDK and provider resolve (the Safe connector itself needs a Safe around the page)", async () => {
    // The Safe connector needs a Safe around the page; its SDK and provider must still resolve from the app.
    const [sdk, safeProvider] = await Promise.all([
      import("@safe-global/safe-apps-sdk"),
      import("@safe-global/safe-apps-provider"),
    ]);
    expect(sdk.default).toBeTypeOf("function");
    expect(safeProvider.SafeAppProvider).toBeTypeOf("function");
    expect(safeConnector()).toBeTypeOf("function");
  });

  it("the pairing URI is the real provider's: wc:{topic}@2 with the irn relay and a symmetric key", async () => {
    const config = newConfig();
    addConnector(config, walletConnectConnector({ projectId: PROJECT_ID, relayUrl: relay.url }));
    const connector = config.connectors.find((c) => c.id === "walletConnect");
    if (!connector) throw new Error("no WalletConnect connector");
    const uri = new Promise<string>((resolve) => {
      connector.emitter.on("message", ({ type, data }) => {
        if (type === "display_uri") resolve(data as string);
      });
    });
    void connect(config, { connector }).catch(() => undefined);
    const value = await uri;
    expect(value).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    const parsed = parseUri(value);
    expect(parsed.topic).toBe(value.slice(3, 67));
    expect(parsed.version).toBe(2);
    expect(parsed.expiryTimestamp).toBeGreaterThan(Date.now() / 1000);
    expect(parsed.relay.protocol).toBe("irn");
    expect(parsed.symKey).toMatch(/^[0-9a-f]{64}$/);
    expect(relay.methods).toContain("wc_proposeSession");
  });
});

/** A connector that does nothing (for the lazy-loading test). */
function walletConnectConnectorStub() {
  return (() => ({
    id: "x",
    name: "X",
    type: "x",
    connect: async () => ({ accounts: [], chainId: 31337 }),
    disconnect: async () => undefined,
    getAccounts: async () => [],
    getChainId: async () => 31337,
    getProvider: async () => ({}),
    isAuthorized: async () => true,
    onAccountsChanged: () => undefined,
    onChainChanged: () => undefined,
    onDisconnect: () => undefined,
  })) as never;
}
