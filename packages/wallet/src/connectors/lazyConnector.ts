import type { Connector, CreateConnectorFn } from "wagmi";

type InnerConnector = ReturnType<CreateConnectorFn>;

export type LazyConnectorParameters = {
  id: string;
  name: string;
  type: string;
  /** Loads the real connector (a dynamic import of wagmi's connector, which imports its SDK on first use). */
  load: () => Promise<CreateConnectorFn>;
  /**
   * Whether the real connector must load when the app starts: a session of it was kept from the last visit (or it
   * is the Safe iframe). Otherwise its code loads when the person picks it.
   */
  eager?: ((storage: { getItem(key: string): unknown }) => Promise<boolean> | boolean) | undefined;
  /** Wraps the real connector's `connect` (e.g. to bound the time until WalletConnect shows a QR code). */
  wrapConnect?:
    | (<T>(
        connect: () => Promise<T>,
        context: { emitter: { on: Connector["emitter"]["on"]; off: Connector["emitter"]["off"] } },
      ) => Promise<T>)
    | undefined;
  /**
   * When the code loads without being picked. `eager` (default): at setup, and for `isAuthorized`, when `eager` says
   * so. `used` (the embedded wallet): never at setup; `getProvider` fails and `isAuthorized` is false until the
   * connector is used, unless `eager` says so (so wagmi's reconnect at page load loads nothing for other visitors).
   */
  loadWhen?: "eager" | "used" | undefined;
};

/** True when wagmi's storage says the last connection was made with this connector. */
export async function wasLastConnector(storage: { getItem(key: string): unknown } | null | undefined, id: string) {
  return (await storage?.getItem("recentConnectorId")) === id;
}

/**
 * A connector whose code (and its SDK) loads the first time it is used: same id, name and type as the real one, so
 * the connect modal lists it before anything is downloaded. Every call is forwarded to the real connector, which
 * is created with the same wagmi config (and so the same emitter: `display_uri` and account events arrive as usual).
 * The one proxy for every lazily loaded connector (WalletConnect, Coinbase, Safe, the embedded wallet).
 */
export function lazyConnector(p: LazyConnectorParameters): CreateConnectorFn {
  // (wagmi's `createConnector` is the identity function; importing it from "wagmi" would pull the library's whole
  // entry into the app's first view.)
  const create: CreateConnectorFn = (config) => {
    let inner: Promise<InnerConnector> | undefined;
    const load = () => {
      inner ??= p.load().then((fn) => fn(config));
      // A failed load (e.g. a chunk that did not download) may be retried.
      inner.catch(() => {
        inner = undefined;
      });
      return inner;
    };
    const eager = async () => Boolean(config.storage && (await p.eager?.(config.storage)));
    const onUse = p.loadWhen === "used";
    /** `used`: not loaded yet, and not to be loaded before the person uses it. */
    const idle = async () => onUse && !inner && !(await eager());
    return {
      id: p.id,
      name: p.name,
      type: p.type,
      ...(onUse
        ? {}
        : {
            async setup() {
              if (!(await eager())) return;
              const connector = await load();
              await connector.setup?.();
            },
          }),
      async connect(options) {
        const run = async () => (await load()).connect(options);
        return p.wrapConnect ? p.wrapConnect(run, { emitter: config.emitter }) : run();
      },
      async disconnect() {
        return (await load()).disconnect();
      },
      async getAccounts() {
        return (await load()).getAccounts();
      },
      async getChainId() {
        return (await load()).getChainId();
      },
      async getProvider(parameters) {
        if (await idle()) throw new Error(`${p.name} is not loaded`);
        return (await load()).getProvider(parameters);
      },
      async isAuthorized() {
        // Never authorised unless this browser connected with it before (or, `used`, it is loaded): only then load it.
        if (onUse ? await idle() : !(await eager())) return false;
        return (await load()).isAuthorized();
      },
      async switchChain(parameters) {
        const connector = await load();
        if (!connector.switchChain) throw new Error(`${p.name} cannot switch networks`);
        return connector.switchChain(parameters);
      },
      onAccountsChanged(accounts) {
        void load().then((c) => c.onAccountsChanged(accounts));
      },
      onChainChanged(chainId) {
        void load().then((c) => c.onChainChanged(chainId));
      },
      onConnect(data) {
        void load().then((c) => c.onConnect?.(data));
      },
      onDisconnect(error) {
        void load().then((c) => c.onDisconnect(error));
      },
    };
  };
  return create;
}
