import { devAccount } from "@fundament/test-chain/accounts";
import { BaseError, createWalletClient, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  APP_EVENT_PREFIX,
  type AppMessage,
  type EmbeddedSession,
  type EmbeddedUser,
  FRAME_EVENT_PREFIX,
  type FrameNoticeName,
  type FrameNotices,
  type FrameRequestName,
  type FrameRequests,
  isProtocolMessage,
} from "../features/embedded/protocol.js";

/**
 * A STAND-IN for the embedded wallet's secure frame (apps/frame), for the wallet layer's DOM tests (happy-dom, which
 * loads no iframe pages). It is not the frame: it answers the window-message protocol in-page for the iframe whose
 * `src` is on `frameUrl`'s origin, with a fixed user whose key signs for real (viem), and posts its answers as
 * `message` events from the frame origin with the iframe's window as `source`, as the real frame's `postMessage`
 * would. The real frame is tested in apps/frame and end to end.
 */
export type StandInFrameOptions = {
  frameUrl: string;
  /** The code the stand-in accepts (default "123456"). */
  otp?: string | undefined;
  /** The fixed user's key (default: anvil's account #9). */
  privateKey?: Hex | undefined;
  chainId?: number | undefined;
  /** Emails whose account exists but whose device is not approved yet: CONNECT_EMAIL answers VERIFY_DEVICE. */
  newDeviceEmails?: readonly string[] | undefined;
  /** ms before READY (default 0); `false`: never ready. */
  readyAfterMs?: number | false | undefined;
  /** Requests the stand-in never answers (timeouts). */
  silent?: readonly FrameRequestName[] | undefined;
  /** Starts signed in (the frame kept its session from an earlier visit). */
  signedIn?: boolean | undefined;
  /** ms CONNECT_DEVICE waits before DEVICE_NOT_APPROVED (default 50; the real frame waits ~25 s). */
  deviceWaitMs?: number | undefined;
  /** The wallet's sessions on other devices (GET_SESSIONS lists them after this device's own, `current`). */
  otherSessions?: readonly Omit<EmbeddedSession, "current">[] | undefined;
  /** Requests answered with this error message instead (read at each request: a test may change it meanwhile). */
  errors?: { [N in FrameRequestName]?: string } | undefined;
  /**
   * A node (anvil) the stand-in reads from and sends to, as the real frame does with its chain's RPC: reads are passed
   * through, and `eth_sendTransaction` waits for approval (SHOW "Approve transaction"), then is signed with the fixed
   * key and sent there; a failure is answered with viem's short message (the real frame's `errorPayload`). Without
   * it, only `personal_sign` is approved and every other method is refused.
   */
  rpcUrl?: string | undefined;
};

/** The reads the real frame passes through to its chain's RPC (apps/frame `FORWARDED_METHODS`). */
const FORWARDED_METHODS = new Set([
  "eth_call",
  "eth_getBalance",
  "eth_blockNumber",
  "eth_estimateGas",
  "eth_gasPrice",
  "eth_maxPriorityFeePerGas",
  "eth_feeHistory",
  "eth_getCode",
  "eth_getLogs",
  "eth_getTransactionByHash",
  "eth_getTransactionReceipt",
  "eth_getTransactionCount",
  "eth_getBlockByNumber",
  "wallet_getCapabilities",
]);

type TransactionParams = { to?: Hex; data?: Hex; value?: Hex; gas?: Hex };

export type StandInFrame = {
  readonly origin: string;
  /** Every request the app sent, in order. */
  readonly received: AppMessage[];
  readonly user: EmbeddedUser;
  signedIn(): boolean;
  /** The sessions GET_SESSIONS answers with now (this device's first). */
  sessions(): EmbeddedSession[];
  /** Each accepted REVOKE_SESSION: the id and the fixed user's signature of 'Revoke session {pci}'. */
  readonly revocations: { pci: string; signature: Hex }[];
  /** The device-approval link was opened. */
  approveDevice(): void;
  /** The Farcaster app approved the sign-in. */
  completeFarcaster(): void;
  /** The person approved / rejected the open unsafe request shown in the frame. */
  approve(): Promise<void>;
  reject(): void;
  /** Posts a notice as the frame (from its origin and window). */
  notify<N extends FrameNoticeName>(name: N, payload: FrameNotices[N]): void;
  /** Posts any data with any origin and source (e.g. a message from another origin, which must be ignored). */
  postRaw(data: unknown, origin: string, source: unknown): void;
  /** The fake window standing in for the iframe's `contentWindow` (to pass as a popup in tests). */
  readonly frameWindow: { postMessage(data: unknown, targetOrigin: string): void };
  stop(): void;
};

type Answer<N extends FrameRequestName> = FrameRequests[N]["result"];

/** Dev account 9 (browser-safe import: the accounts module alone). */
const DEFAULT_KEY: Hex = devAccount(9).privateKey;

export function installStandInFrame(options: StandInFrameOptions): StandInFrame {
  const origin = new URL(options.frameUrl).origin;
  const account = privateKeyToAccount(options.privateKey ?? DEFAULT_KEY);
  const otp = options.otp ?? "123456";
  const silent = new Set(options.silent ?? []);
  const newDevice = new Set((options.newDeviceEmails ?? []).map((e) => e.toLowerCase()));
  const received: AppMessage[] = [];
  let chainId = options.chainId ?? 31337;
  let signedIn = options.signedIn ?? false;
  let email: string | undefined;
  let deviceApproved = false;
  let pendingEmailUpdate: string | undefined;
  let farcasterDone: (() => void) | undefined;
  let farcasterCompleted = false;
  let approval: { resolve(): Promise<void>; reject(): void } | undefined;
  const thisSession: EmbeddedSession = {
    pci: crypto.randomUUID(),
    createdAt: new Date().toISOString(),
    lastUsedAt: new Date().toISOString(),
    current: true,
    loginMethod: "email",
  };
  let otherSessions: EmbeddedSession[] = (options.otherSessions ?? []).map((s) => ({ ...s, current: false }));
  const revocations: StandInFrame["revocations"] = [];
  const sessions = () => [thisSession, ...otherSessions];

  const user = (): EmbeddedUser => ({
    email,
    address: account.address,
    chainId,
    accounts: [{ address: account.address, type: "eoa" }],
    smartAccountDeployed: false,
    preferredAccountType: "eoa",
    loginMethod: "email",
  });

  const frameWindow = {
    postMessage(data: unknown, targetOrigin: string) {
      // The browser drops a message whose target origin is not the frame's.
      if (targetOrigin !== origin) return;
      if (!isProtocolMessage(data, APP_EVENT_PREFIX)) return;
      received.push(data as AppMessage);
      void handle(data as AppMessage);
    },
  };

  const post = (data: unknown, from = origin, source: unknown = frameWindow) => {
    setTimeout(() => {
      window.dispatchEvent(new MessageEvent("message", { data, origin: from, source: source as Window }));
    }, 0);
  };
  const success = (m: AppMessage, payload: unknown) =>
    post({ type: `${FRAME_EVENT_PREFIX}${m.type.slice(APP_EVENT_PREFIX.length)}_SUCCESS`, id: m.id, payload });
  const failure = (m: AppMessage, message: string, code?: number | string) =>
    post({
      type: `${FRAME_EVENT_PREFIX}${m.type.slice(APP_EVENT_PREFIX.length)}_ERROR`,
      id: m.id,
      payload: { message, code },
    });
  const notify = <N extends FrameNoticeName>(name: N, payload: FrameNotices[N]) =>
    post({ type: `${FRAME_EVENT_PREFIX}${name}`, id: crypto.randomUUID(), payload });

  async function handle(m: AppMessage) {
    const name = m.type.slice(APP_EVENT_PREFIX.length) as FrameRequestName;
    if (silent.has(name)) return;
    const error = options.errors?.[name];
    if (error) return failure(m, error);
    const payload = m.payload as Record<string, unknown>;
    switch (name) {
      case "CONNECT_EMAIL": {
        const value = String(payload.email ?? "").toLowerCase();
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return failure(m, "Invalid email", 400);
        email = value;
        const action = newDevice.has(value) && !deviceApproved ? "VERIFY_DEVICE" : "VERIFY_OTP";
        return success(m, { action } satisfies Answer<"CONNECT_EMAIL">);
      }
      case "CONNECT_DEVICE":
        if (deviceApproved) return success(m, {});
        return setTimeout(
          () => (deviceApproved ? success(m, {}) : failure(m, "Device not approved yet", "DEVICE_NOT_APPROVED")),
          options.deviceWaitMs ?? 50,
        );
      case "CONNECT_OTP":
        if (payload.otp !== otp) return failure(m, "Invalid code", 400);
        signedIn = true;
        return success(m, {});
      case "GET_SOCIAL_REDIRECT_URI":
        return success(m, { uri: `${origin}/stand-in-provider?provider=${String(payload.provider)}` });
      case "CONNECT_SOCIAL":
        signedIn = true;
        email = "social@example.test";
        return success(m, { email });
      case "GET_FARCASTER_URI":
        return success(m, { url: "https://farcaster.xyz/~/siwf?channelToken=stand-in-channel" });
      case "CONNECT_FARCASTER":
        if (farcasterCompleted) {
          signedIn = true;
          return success(m, { userName: "stand-in" });
        }
        farcasterDone = () => {
          signedIn = true;
          success(m, { userName: "stand-in" });
        };
        return;
      case "IS_CONNECTED":
        return success(m, { isConnected: signedIn });
      case "GET_USER":
        if (!signedIn) return failure(m, "Not signed in", 4100);
        return success(m, user());
      case "SWITCH_NETWORK":
        chainId = Number(payload.chainId);
        return success(m, { chainId });
      case "SIGN_OUT":
        signedIn = false;
        return success(m, {});
      case "RPC_REQUEST":
        return rpc(m, String(payload.method), payload.params);
      case "RPC_ABORT":
        approval?.reject();
        return success(m, {});
      case "UPDATE_EMAIL":
        pendingEmailUpdate = String(payload.email);
        return success(m, { action: "VERIFY_PRIMARY_OTP" });
      case "UPDATE_EMAIL_PRIMARY_OTP":
        if (payload.otp !== otp) return failure(m, "Invalid code", 400);
        return success(m, { action: "VERIFY_SECONDARY_OTP" });
      case "UPDATE_EMAIL_SECONDARY_OTP":
        if (payload.otp !== otp) return failure(m, "Invalid code", 400);
        email = pendingEmailUpdate;
        return success(m, { email });
      case "GET_SESSIONS":
        if (!signedIn) return failure(m, "Not signed in", 4100);
        return success(m, { sessions: sessions() } satisfies Answer<"GET_SESSIONS">);
      case "REVOKE_SESSION": {
        if (!signedIn) return failure(m, "Not signed in", 4100);
        const pci = String(payload.pci);
        // The real frame's refusals (apps/frame/src/frame.ts).
        if (pci === thisSession.pci) return failure(m, "This is the session of this device. Use Sign out to end it.");
        if (!otherSessions.some((s) => s.pci === pci)) return failure(m, "This device is already signed out");
        const signature = await account.signMessage({ message: `Revoke session ${pci}` });
        otherSessions = otherSessions.filter((s) => s.pci !== pci);
        revocations.push({ pci, signature });
        return success(m, {});
      }
      case "SHOW_RECOVERY":
        notify("SHOW", { reason: "recovery-save", title: "Save your recovery file" });
        return success(m, {});
      default:
        return success(m, {});
    }
  }

  async function rpc(m: AppMessage, method: string, params: unknown) {
    if (method === "eth_chainId") return success(m, `0x${chainId.toString(16)}`);
    if (method === "eth_accounts") return success(m, signedIn ? [account.address] : []);
    const rpcUrl = options.rpcUrl;
    if (rpcUrl && FORWARDED_METHODS.has(method)) return forward(m, rpcUrl, method, params);
    if (rpcUrl && method === "eth_sendTransaction") {
      const [tx] = params as [TransactionParams];
      return askApproval(m, method, "Approve transaction", () => sendTransaction(rpcUrl, tx));
    }
    if (method !== "personal_sign") return failure(m, "Requested RPC call is not allowed", 4200);
    const [data] = params as [Hex, string];
    return askApproval(m, method, "Sign this message", () => account.signMessage({ message: { raw: data } }));
  }

  /** Shows the request for approval; approved, `execute` runs and its result (or its error) is the answer. */
  function askApproval(m: AppMessage, method: string, title: string, execute: () => Promise<unknown>) {
    const requestId = crypto.randomUUID();
    notify("RPC_REQUEST_APPROVAL", { requestId, method });
    notify("SHOW", { reason: "approval", title });
    // As the real frame settles a request: RPC_REQUEST_DONE and HIDE are posted before the answer.
    const settle = (approved: boolean) => {
      approval = undefined;
      notify("HIDE", {});
      notify("RPC_REQUEST_DONE", { requestId, approved });
    };
    approval = {
      async resolve() {
        approval = undefined;
        let result: unknown;
        try {
          result = await execute();
        } catch (error) {
          settle(true);
          failure(m, error instanceof BaseError ? error.shortMessage : String((error as Error)?.message ?? error));
          return;
        }
        settle(true);
        success(m, result);
      },
      reject() {
        settle(false);
        failure(m, "User rejected the request.", 4001);
      },
    };
  }

  async function forward(m: AppMessage, rpcUrl: string, method: string, params: unknown) {
    const res = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: params ?? [] }),
    });
    const body = (await res.json()) as { result?: unknown; error?: { message: string; code?: number } };
    if (body.error) return failure(m, body.error.message, body.error.code);
    return success(m, body.result);
  }

  /** Signs the transaction with the fixed key and sends it to the node (viem fills nonce, gas and fees). */
  function sendTransaction(rpcUrl: string, tx: TransactionParams) {
    const wallet = createWalletClient({ account, transport: http(rpcUrl) });
    return wallet.sendTransaction({
      chain: null,
      ...(tx.to ? { to: tx.to } : {}),
      ...(tx.data ? { data: tx.data } : {}),
      value: tx.value ? BigInt(tx.value) : 0n,
      ...(tx.gas ? { gas: BigInt(tx.gas) } : {}),
    });
  }

  // The iframe of the frame origin gets the stand-in as its window; happy-dom's "page loading is disabled" error is
  // kept from it (capture on window runs before the iframe's own listeners).
  const isFrame = (node: unknown): node is HTMLIFrameElement =>
    node instanceof HTMLIFrameElement && node.src.startsWith(origin);
  const descriptor = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, "contentWindow");
  Object.defineProperty(HTMLIFrameElement.prototype, "contentWindow", {
    configurable: true,
    get(this: HTMLIFrameElement) {
      return isFrame(this) ? frameWindow : descriptor?.get?.call(this);
    },
  });
  const swallowLoadError = (event: Event) => {
    if (isFrame(event.target)) event.stopImmediatePropagation();
  };
  window.addEventListener("error", swallowLoadError, true);
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const node of Array.from(mutation.addedNodes)) {
        if (!isFrame(node) || options.readyAfterMs === false) continue;
        setTimeout(() => notify("READY", { version: "stand-in" }), options.readyAfterMs ?? 0);
      }
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });

  return {
    origin,
    received,
    get user() {
      return user();
    },
    signedIn: () => signedIn,
    sessions,
    revocations,
    approveDevice() {
      deviceApproved = true;
    },
    completeFarcaster() {
      farcasterCompleted = true;
      farcasterDone?.();
      farcasterDone = undefined;
    },
    approve: async () => approval?.resolve(),
    reject: () => approval?.reject(),
    notify,
    postRaw: (data, from, source) => post(data, from, source),
    frameWindow,
    stop() {
      observer.disconnect();
      window.removeEventListener("error", swallowLoadError, true);
      if (descriptor) Object.defineProperty(HTMLIFrameElement.prototype, "contentWindow", descriptor);
    },
  };
}
