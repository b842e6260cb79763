import { http } from "viem";
import { foundry } from "viem/chains";
import { describe, expect, it, vi } from "vitest";
import { createConfig, createStorage, mock } from "wagmi";
import { connect, getConnection, getConnectors, watchConnectors } from "wagmi/actions";
import { createWalletConfig } from "./createWalletConfig.js";
import { addConnector, hasHydrated } from "./wagmiPrivate.js";

// These pin the two private wagmi APIs the layer relies on (checked against wagmi 3.7.7 / @wagmi/core 3.6.5):
// when a wagmi upgrade changes them, these fail before the wallet does.

const ACCOUNT = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map<string, string>(Object.entries(entries));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const newConfig = (storage = memoryStorage()) =>
  createWalletConfig({
    chains: [foundry],
    rpcUrls: { 31337: "http://127.0.0.1:9" },
    storage,
    devAccounts: false,
    multiInjectedProviderDiscovery: false,
  });

describe("addConnector (wagmi's private connector list)", () => {
  it("lists the connector in config.connectors, tells watchConnectors, and wagmi connects with it", async () => {
    const config = newConfig();
    const seen: string[][] = [];
    const stop = watchConnectors(config, { onChange: (list) => seen.push(list.map((c) => c.id)) });
    addConnector(config, mock({ accounts: [ACCOUNT] }));
    stop();
    expect(getConnectors(config).map((c) => c.id)).toEqual(["injected", "mock"]);
    expect(seen).toEqual([["injected", "mock"]]);
    const connector = config.connectors.find((c) => c.id === "mock");
    if (!connector) throw new Error("no mock connector");
    // Set up by wagmi: its emitter is linked (uid), so wagmi's connect tracks its events.
    expect(connector.uid).toBe(connector.emitter.uid);
    await connect(config, { connector });
    expect(getConnection(config)).toMatchObject({ status: "connected", address: ACCOUNT, chainId: foundry.id });
  });

  it("adds a connector id once", () => {
    const config = newConfig();
    addConnector(config, mock({ accounts: [ACCOUNT] }));
    const first = config.connectors.find((c) => c.id === "mock");
    addConnector(config, mock({ accounts: [ACCOUNT] }));
    expect(config.connectors.filter((c) => c.id === "mock")).toHaveLength(1);
    expect(config.connectors.find((c) => c.id === "mock")).toBe(first);
  });
});

describe("hasHydrated (wagmi's private persist state)", () => {
  it("is false while wagmi reads the persisted connection, true once config.state holds it", async () => {
    // Persist a connection as wagmi does, then "reload": a new config on the same storage.
    const storage = memoryStorage();
    const first = newConfig(storage);
    addConnector(first, mock({ accounts: [ACCOUNT] }));
    const connector = first.connectors.find((c) => c.id === "mock");
    if (!connector) throw new Error("no mock connector");
    await vi.waitFor(() => expect(hasHydrated(first)).toBe(true));
    await connect(first, { connector });
    await vi.waitFor(() => expect(storage.getItem("fundament.wallet.store")).toContain(ACCOUNT));

    const reloaded = newConfig(storage);
    // wagmi's storage answers asynchronously: right after createConfig the persisted connection is not in state yet.
    expect(hasHydrated(reloaded)).toBe(false);
    expect(reloaded.state.current).toBeNull();
    await vi.waitFor(() => expect(hasHydrated(reloaded)).toBe(true));
    expect(reloaded.state.current).toBe(connector.uid);
  });

  it("is true at once without storage (nothing to read)", () => {
    const config = createConfig({
      chains: [foundry],
      transports: { [foundry.id]: http("http://127.0.0.1:9") },
      storage: null,
      multiInjectedProviderDiscovery: false,
    });
    expect(config.storage).toBeNull();
    expect(hasHydrated(config)).toBe(true);
  });

  it("is true once an empty storage has been read", async () => {
    const config = createConfig({
      chains: [foundry],
      transports: { [foundry.id]: http("http://127.0.0.1:9") },
      storage: createStorage({ storage: memoryStorage() }),
      multiInjectedProviderDiscovery: false,
    });
    expect(hasHydrated(config)).toBe(false);
    await vi.waitFor(() => expect(hasHydrated(config)).toBe(true));
    expect(config.state.current).toBeNull();
  });
});
