export type TestWalletOptions = {
  /** The anvil JSON-RPC URL every request is forwarded to. */
  rpcUrl: string;
  /** The chain id the wallet reports at first (e.g. 1 to test the wrong-network path). Default 31337. */
  chainId?: number;
  /** Chain ids wallet_switchEthereumChain accepts. Default [31337]. */
  switchableChainIds?: number[];
  /** Which anvil account (0..9) the wallet exposes. Default 0. */
  accountIndex?: number;
  name?: string;
  rdns?: string;
  uuid?: string;
};

export type TestWalletControl = {
  /** The next prompting request (optionally only of this method) fails with code 4001. */
  rejectNext(method?: string): void;
  /**
   * The next `eth_sendTransaction` (optionally only one whose data starts with this 4-byte selector, e.g. ERC-20
   * `approve` 0x095ea7b3) goes out with too little gas (25,000), so it is mined and reverts: a wallet that
   * misestimated gas, or a transaction that fails once mined.
   */
  starveGasNext(selector?: string): void;
  setChainId(chainId: number): void;
  setAccountIndex(index: number): void;
  /** Forgets the site's permission, as a wallet's "disconnect site" does; emits accountsChanged([]). */
  revoke(): void;
  /** Every method requested so far. */
  requests: string[];
};

declare global {
  interface Window {
    __fundamentTestWallet?: TestWalletControl;
  }
}

/**
 * Injects a test wallet announced through EIP-6963 that forwards JSON-RPC to anvil (whose dev accounts are unlocked,
 * so anvil signs). It remembers the site's permission in localStorage so a reload reconnects.
 *
 * Self-contained (no imports, no outer references) so Playwright can inject it:
 * `await page.addInitScript(installTestWallet, { rpcUrl: "http://127.0.0.1:8545" })`,
 * then drive it with `page.evaluate(() => window.__fundamentTestWallet.rejectNext())`.
 * The optional second argument is the window to install into (tests outside a browser).
 */
export function installTestWallet(options: TestWalletOptions, target?: Window): TestWalletControl {
  const w = target ?? window;
  const PROMPTS = [
    "eth_requestAccounts",
    "personal_sign",
    "eth_sign",
    "eth_signTypedData_v4",
    "eth_sendTransaction",
    "wallet_switchEthereumChain",
    "wallet_addEthereumChain",
    "wallet_sendCalls",
    "wallet_watchAsset",
  ];
  const permissionKey = `__fundamentTestWallet.permission.${options.rdns ?? "org.fundament.testwallet"}`;
  const storage = (() => {
    try {
      return w.localStorage;
    } catch {
      return undefined;
    }
  })();
  let chainId = options.chainId ?? 31337;
  let accountIndex = options.accountIndex ?? 0;
  let rejectNext: { method: string | undefined } | undefined;
  let starveNext: { selector: string | undefined } | undefined;
  let id = 0;
  const listeners: Record<string, Array<(value: unknown) => void>> = {};
  const emit = (event: string, value: unknown) => {
    for (const l of listeners[event] ?? []) l(value);
  };
  const rpc = async (method: string, params: unknown[] = []): Promise<unknown> => {
    const res = await fetch(options.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
    });
    const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } };
    if (body.error) throw Object.assign(new Error(body.error.message), body.error);
    return body.result;
  };
  const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });
  const account = async () => ((await rpc("eth_accounts")) as string[])[accountIndex] as string;
  const hasPermission = () => storage?.getItem(permissionKey) === "1";

  const control: TestWalletControl = {
    requests: [],
    rejectNext(method) {
      rejectNext = { method };
    },
    starveGasNext(selector) {
      starveNext = { selector: selector?.toLowerCase() };
    },
    setChainId(next) {
      chainId = next;
      emit("chainChanged", `0x${next.toString(16)}`);
    },
    setAccountIndex(next) {
      accountIndex = next;
      void account().then((a) => emit("accountsChanged", hasPermission() ? [a] : []));
    },
    revoke() {
      storage?.removeItem(permissionKey);
      emit("accountsChanged", []);
    },
  };

  const provider = {
    isFundamentTestWallet: true,
    async request({ method, params }: { method: string; params?: unknown[] }): Promise<unknown> {
      control.requests.push(method);
      const p = params ?? [];
      if (rejectNext && PROMPTS.includes(method) && (!rejectNext.method || rejectNext.method === method)) {
        rejectNext = undefined;
        throw rpcError(4001, "User rejected the request.");
      }
      switch (method) {
        case "eth_chainId":
          return `0x${chainId.toString(16)}`;
        case "net_version":
          return String(chainId);
        case "eth_accounts":
          return hasPermission() ? [await account()] : [];
        case "eth_requestAccounts":
          storage?.setItem(permissionKey, "1");
          return [await account()];
        case "wallet_requestPermissions":
          storage?.setItem(permissionKey, "1");
          return [{ parentCapability: "eth_accounts" }];
        case "wallet_getPermissions":
          return hasPermission() ? [{ parentCapability: "eth_accounts" }] : [];
        case "wallet_revokePermissions":
          storage?.removeItem(permissionKey);
          return null;
        case "wallet_switchEthereumChain": {
          const next = Number.parseInt((p[0] as { chainId: string }).chainId, 16);
          if (!(options.switchableChainIds ?? [31337]).includes(next)) throw rpcError(4902, "Unrecognized chain ID.");
          if (next !== chainId) control.setChainId(next);
          return null;
        }
        case "wallet_addEthereumChain":
          return null;
        case "eth_sendTransaction": {
          const tx = (p[0] ?? {}) as { data?: string; input?: string };
          const data = (tx.data ?? tx.input ?? "").toLowerCase();
          if (starveNext && (!starveNext.selector || data.startsWith(starveNext.selector))) {
            starveNext = undefined;
            return rpc(method, [{ ...tx, gas: "0x61a8" }]);
          }
          return rpc(method, p);
        }
        default:
          return rpc(method, p);
      }
    },
    on(event: string, listener: (value: unknown) => void) {
      listeners[event] = [...(listeners[event] ?? []), listener];
      return provider;
    },
    removeListener(event: string, listener: (value: unknown) => void) {
      listeners[event] = (listeners[event] ?? []).filter((l) => l !== listener);
      return provider;
    },
  };

  const icon =
    "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%23334155'/%3E%3C/svg%3E";
  const detail = Object.freeze({
    info: {
      uuid: options.uuid ?? "00000000-0000-4000-8000-000000000001",
      name: options.name ?? "Test Wallet",
      icon,
      rdns: options.rdns ?? "org.fundament.testwallet",
    },
    provider,
  });
  const announce = () => w.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
  w.addEventListener("eip6963:requestProvider", announce);
  announce();
  w.__fundamentTestWallet = control;
  return control;
}
