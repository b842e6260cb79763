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
  /**
   * EIP-5792 batching: `wallet_getCapabilities` reports `atomic: { status: "supported" }` for the wallet's chains and
   * `wallet_sendCalls` runs the calls. Off, both (and `wallet_getCallsStatus`) answer 4200 (unsupported method), as a
   * wallet without EIP-5792 does. Default false.
   */
  batching?: boolean;
  /**
   * EIP-712 signing: `eth_signTypedData_v4` is signed by anvil. Off, it answers 4200 (unsupported method), as a wallet
   * that cannot sign typed data does. Default true.
   */
  typedData?: boolean;
};

/** One transaction the wallet sent: on its own (`eth_sendTransaction`) or as a call of a `wallet_sendCalls` batch. */
export type TestWalletTransaction = { to: string; data: string; hash: string | null; batchId: string | null };

export type TestWalletControl = {
  /** The next prompting request (optionally only of this method) fails with code 4001. */
  rejectNext(method?: string): void;
  /**
   * The next transaction, on its own or a call of a batch (optionally only one whose data starts with this 4-byte selector, e.g. ERC-20
   * `approve` 0x095ea7b3) goes out with too little gas (25,000), so it is mined and reverts: a wallet that
   * misestimated gas, or a transaction that fails once mined.
   */
  starveGasNext(selector?: string): void;
  setChainId(chainId: number): void;
  setAccountIndex(index: number): void;
  /** Forgets the site's permission, as a wallet's "disconnect site" does; emits accountsChanged([]). */
  revoke(): void;
  /** Turns EIP-5792 batching on or off (see `TestWalletOptions.batching`). */
  setBatching(on: boolean): void;
  /** Turns typed-data signing on or off (see `TestWalletOptions.typedData`). */
  setTypedData(on: boolean): void;
  /** Every method requested so far. */
  requests: string[];
  /** Every transaction sent so far (lower-case `to` and `data`), in order, batch calls included. */
  transactions: TestWalletTransaction[];
};

declare global {
  interface Window {
    __fundamentTestWallet?: TestWalletControl;
  }
}

/**
 * Injects a test wallet announced through EIP-6963 that forwards JSON-RPC to anvil (whose dev accounts are unlocked,
 * so anvil signs). It remembers the site's permission in localStorage so a reload reconnects. Per wallet, EIP-5792
 * batching (`wallet_getCapabilities`, `wallet_sendCalls`, `wallet_getCallsStatus`) and EIP-712 signing can be turned
 * on or off, so a test picks the investment path the app takes.
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
  let batching = options.batching ?? false;
  let typedData = options.typedData ?? true;
  type Receipt = { status: string; blockHash: string; blockNumber: string; gasUsed: string; logs: unknown[] };
  type Batch = {
    chainId: number;
    done: boolean;
    /** An error before any call was sent (EIP-5792 status 400). */
    offchainError: boolean;
    receipts: Array<Receipt & { transactionHash: string }>;
  };
  const batches = new Map<string, Batch>();
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
  const unsupported = (method: string) => rpcError(4200, `The wallet does not support ${method}.`);
  const toHex = (n: number) => `0x${n.toString(16)}`;
  /** A transaction through anvil; the next starved one (see starveGasNext) goes out with 25,000 gas. */
  const sendTransaction = async (tx: Record<string, unknown>, batchId: string | null): Promise<string> => {
    const data = String(tx.data ?? tx.input ?? "").toLowerCase();
    const record: TestWalletTransaction = { to: String(tx.to ?? "").toLowerCase(), data, hash: null, batchId };
    control.transactions.push(record);
    let sent = tx;
    if (starveNext && (!starveNext.selector || data.startsWith(starveNext.selector))) {
      starveNext = undefined;
      sent = { ...tx, gas: "0x61a8" };
    }
    record.hash = (await rpc("eth_sendTransaction", [sent])) as string;
    return record.hash;
  };
  const receiptOf = async (hash: string): Promise<Receipt & { transactionHash: string }> => {
    for (;;) {
      const receipt = (await rpc("eth_getTransactionReceipt", [hash])) as
        | (Receipt & { transactionHash: string })
        | null;
      if (receipt) return receipt;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  /**
   * Runs a batch's calls one after another as transactions (anvil mines each at once) and stops at the first that
   * reverts. Not atomic: a call mined before a reverted one stays mined, and the status says so (600).
   */
  const runBatch = async (batch: Batch, from: string, calls: Array<Record<string, unknown>>, batchId: string) => {
    try {
      for (const call of calls) {
        const hash = await sendTransaction({ from, to: call.to, data: call.data ?? "0x", value: call.value }, batchId);
        const receipt = await receiptOf(hash);
        batch.receipts.push(receipt);
        if (receipt.status !== "0x1") break;
      }
    } catch {
      if (batch.receipts.length === 0) batch.offchainError = true;
    } finally {
      batch.done = true;
    }
  };
  const batchStatus = (batch: Batch, calls: number): number => {
    if (!batch.done) return 100;
    if (batch.offchainError) return 400;
    const succeeded = batch.receipts.filter((r) => r.status === "0x1").length;
    if (succeeded === calls) return 200;
    return succeeded === 0 ? 500 : 600;
  };
  const batchCalls = new Map<string, number>();

  const control: TestWalletControl = {
    requests: [],
    transactions: [],
    setBatching(on) {
      batching = on;
    },
    setTypedData(on) {
      typedData = on;
    },
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
        case "eth_sendTransaction":
          return sendTransaction((p[0] ?? {}) as Record<string, unknown>, null);
        case "eth_signTypedData_v4":
          if (!typedData) throw unsupported(method);
          return rpc(method, p);
        // EIP-5792 (v2.0.0), as viem's getCapabilities / sendCalls / getCallsStatus expect it.
        case "wallet_getCapabilities": {
          if (!batching) throw unsupported(method);
          const chains = (options.switchableChainIds ?? [31337]).map(toHex);
          const asked = ((p[1] as string[] | undefined) ?? chains).filter((chain) =>
            chains.includes(toHex(Number.parseInt(chain, 16))),
          );
          return Object.fromEntries(asked.map((chain) => [chain, { atomic: { status: "supported" } }]));
        }
        case "wallet_sendCalls": {
          if (!batching) throw unsupported(method);
          const request = (p[0] ?? {}) as {
            from?: string;
            chainId?: string;
            calls?: Array<Record<string, unknown>>;
            id?: string;
          };
          if (request.chainId && Number.parseInt(request.chainId, 16) !== chainId)
            throw rpcError(5710, "Unsupported chain id.");
          const calls = request.calls ?? [];
          if (calls.length === 0) throw rpcError(-32602, "No calls to send.");
          const from = request.from ?? (await account());
          const batchId =
            request.id ??
            `0x${Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join("")}`;
          if (batches.has(batchId)) throw rpcError(5720, "Duplicate batch id.");
          const batch: Batch = { chainId, done: false, offchainError: false, receipts: [] };
          batches.set(batchId, batch);
          batchCalls.set(batchId, calls.length);
          void runBatch(batch, from, calls, batchId);
          return { id: batchId };
        }
        case "wallet_getCallsStatus": {
          if (!batching) throw unsupported(method);
          const batchId = String(p[0]);
          const batch = batches.get(batchId);
          if (!batch) throw rpcError(5730, "Unknown bundle id.");
          return {
            version: "2.0.0",
            id: batchId,
            chainId: toHex(batch.chainId),
            status: batchStatus(batch, batchCalls.get(batchId) ?? 0),
            atomic: false,
            receipts: batch.done
              ? batch.receipts.map(({ logs, status, blockHash, blockNumber, gasUsed, transactionHash }) => ({
                  logs,
                  status,
                  blockHash,
                  blockNumber,
                  gasUsed,
                  transactionHash,
                }))
              : [],
          };
        }
        case "wallet_showCallsStatus":
          if (!batching) throw unsupported(method);
          return null;
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
