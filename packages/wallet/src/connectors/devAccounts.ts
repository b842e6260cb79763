import { type Address, getAddress, SwitchChainError } from "viem";
import { ChainNotConfiguredError, createConnector } from "wagmi";
import { DEV_CHAIN_ID } from "../core/constants.js";
import { createDevAccountsProvider, type DevAccountsProvider } from "./createDevAccountsProvider.js";

export type DevAccountsParameters = { accountIndex?: number | undefined; rpcUrl?: string | undefined };

const CONNECTED_KEY = "devAccounts.connected";
/** The account picked last (Account view), so a reload keeps it. */
const INDEX_KEY = "devAccounts.index";

/** What the connector keeps in wagmi's storage (wagmi's `StorageItem` type parameter). */
export type DevAccountsStorageItem = {
  [CONNECTED_KEY]: boolean;
  [INDEX_KEY]: number;
};

devAccounts.type = "devAccounts" as const;

/**
 * wagmi connector for the anvil dev accounts on chain 31337: lets a person without a browser wallet use the local
 * stack. Never include it for any other chain.
 */
export function devAccounts(parameters: DevAccountsParameters = {}) {
  let provider: DevAccountsProvider | undefined;
  return createConnector<DevAccountsProvider, Record<string, unknown>, DevAccountsStorageItem>((config) => ({
    id: "devAccounts",
    name: "Dev accounts (anvil)",
    type: devAccounts.type,
    async connect({ withCapabilities, ...rest } = {}) {
      const p = await this.getProvider();
      const accounts = (await p.request({ method: "eth_requestAccounts" })) as Address[];
      const chainId = await this.getChainId();
      if ("chainId" in rest && rest.chainId !== undefined && rest.chainId !== chainId)
        throw new SwitchChainError(new ChainNotConfiguredError());
      await config.storage?.setItem(CONNECTED_KEY, true);
      p.on("accountsChanged", (value) => this.onAccountsChanged(value as string[]));
      const addresses = accounts.map((a) => getAddress(a));
      return {
        // biome-ignore lint/suspicious/noExplicitAny: wagmi's conditional return type
        accounts: (withCapabilities ? addresses.map((address) => ({ address, capabilities: {} })) : addresses) as any,
        chainId,
      };
    },
    async disconnect() {
      await config.storage?.removeItem(CONNECTED_KEY);
      await config.storage?.removeItem(INDEX_KEY);
    },
    async getAccounts() {
      const p = await this.getProvider();
      return ((await p.request({ method: "eth_accounts" })) as Address[]).map((a) => getAddress(a));
    },
    async getChainId() {
      return DEV_CHAIN_ID;
    },
    async getProvider() {
      if (!provider) {
        const chain = config.chains.find((c) => c.id === DEV_CHAIN_ID);
        if (!chain) throw new ChainNotConfiguredError();
        const stored = Number(await config.storage?.getItem(INDEX_KEY));
        const created = createDevAccountsProvider({
          chain,
          rpcUrl: parameters.rpcUrl,
          accountIndex: parameters.accountIndex ?? (Number.isInteger(stored) && stored > 0 ? stored : undefined),
        });
        created.on("accountsChanged", () => void config.storage?.setItem(INDEX_KEY, created.getAccountIndex()));
        provider ??= created;
      }
      return provider;
    },
    async isAuthorized() {
      return Boolean(await config.storage?.getItem(CONNECTED_KEY));
    },
    async switchChain({ chainId }) {
      const chain = config.chains.find((c) => c.id === chainId);
      if (!chain || chainId !== DEV_CHAIN_ID) throw new SwitchChainError(new ChainNotConfiguredError());
      return chain;
    },
    onAccountsChanged(accounts) {
      if (accounts.length === 0) this.onDisconnect();
      else config.emitter.emit("change", { accounts: accounts.map((a) => getAddress(a)) });
    },
    onChainChanged(chain) {
      config.emitter.emit("change", { chainId: Number(chain) });
    },
    async onDisconnect() {
      config.emitter.emit("disconnect");
    },
  }));
}
