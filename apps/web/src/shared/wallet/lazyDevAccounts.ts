import { type CreateConnectorFn, createConnector } from "wagmi";

type DevAccountsConnector = ReturnType<ReturnType<typeof import("./devAccounts.lazy")["devAccounts"]>>;

/**
 * The wallet layer's anvil dev-accounts connector (chain 31337 only), with its code loaded the first time
 * it is used: same id, name and type, so the connect modal lists it as the wallet layer's own.
 */
export function lazyDevAccounts(parameters: { rpcUrl?: string } = {}): CreateConnectorFn {
  return createConnector((config) => {
    let inner: Promise<DevAccountsConnector> | undefined;
    const load = () => {
      inner ??= import("./devAccounts.lazy").then(({ devAccounts }) => devAccounts(parameters)(config));
      return inner;
    };
    return {
      id: "devAccounts",
      name: "Dev accounts (anvil)",
      type: "devAccounts",
      async connect(options) {
        return (await load()).connect(options as never) as never;
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
      async getProvider() {
        return (await load()).getProvider();
      },
      async isAuthorized() {
        // Never authorised unless this browser connected it before: only then load its code.
        if (!(await config.storage?.getItem("devAccounts.connected" as never))) return false;
        return (await load()).isAuthorized();
      },
      async switchChain(options) {
        const connector = await load();
        if (!connector.switchChain) throw new Error("Dev accounts cannot switch chains");
        return connector.switchChain(options);
      },
      onAccountsChanged(accounts) {
        void load().then((c) => c.onAccountsChanged(accounts));
      },
      onChainChanged(chainId) {
        void load().then((c) => c.onChainChanged(chainId));
      },
      onDisconnect(error) {
        void load().then((c) => c.onDisconnect(error));
      },
    };
  });
}
