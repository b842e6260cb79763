/**
 * What `createFrame` holds and wires: the options, the API client, the storage, and the frame's few pieces of state. Each
 * step the frame performs (key lifecycle, approval queue, request handlers) is a named function taking this context.
 */
import {
  FRAME_EVENT_PREFIX,
  type FrameNoticeName,
  type FrameNotices,
  RPC_ERROR_CODES,
} from "@fundament/wallet/embedded-protocol";
import { type Chain, type Client, createClient, defineChain, http } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { type ApiClient, type ApiUser, createApiClient } from "./api.js";
import { type ApprovalRequest, createTokenReader, type TokenReader } from "./approval/index.js";
import type { FrameChain, FrameConfig } from "./config.js";
import { RpcError } from "./rpc.js";
import type { SocialCallbackInbox } from "./socialCallbackInbox.js";
import { createFrameStorage, type FrameStorage } from "./storage.js";
import { clearScreen } from "./ui.js";

export type FrameTiming = {
  devicePollMs: number;
  deviceGiveUpMs: number;
  farcasterPollMs: number;
  farcasterGiveUpMs: number;
};
const DEFAULT_TIMING: FrameTiming = {
  devicePollMs: 2_000,
  deviceGiveUpMs: 25_000,
  farcasterPollMs: 1_500,
  farcasterGiveUpMs: 10 * 60_000,
};

export type FrameOptions = {
  config: FrameConfig;
  /** The frame's window: message events arrive here. */
  window: Window;
  /** The embedding window: messages must come from it (`event.source`), and answers go to it. */
  parent: { postMessage(message: unknown, targetOrigin: string): void };
  storage: Storage;
  fetch: typeof fetch;
  /** Where the visible screens render. */
  root: HTMLElement;
  socialCallbacks: SocialCallbackInbox;
  timing?: Partial<FrameTiming>;
};

/** A signing request waiting in the approval queue; settled once, by the person's click or an abort. */
export type PendingApproval = {
  requestId: string;
  request: ApprovalRequest;
  origin: string;
  chain: FrameChain;
  resolve: (value: unknown) => void;
  reject: (error: RpcError) => void;
};

/** The frame's mutable state. The key (`account`) lives here only, in memory. */
export type FrameState = {
  /** The chain the app is on (eth_chainId, GET_USER). */
  chainId: number;
  /** The app's origin once it has sent a request: notices go there only. */
  appOrigin: string | undefined;
  user: ApiUser | undefined;
  account: PrivateKeyAccount | undefined;
  /** The email of the login under way (CONNECT_EMAIL, then CONNECT_DEVICE and CONNECT_OTP). */
  pendingEmail: string | undefined;
  /** The Farcaster login under way (GET_FARCASTER_URI, then CONNECT_FARCASTER). */
  farcasterChannel: string | undefined;
  /** The silent reopen under way, shared by the requests that arrive meanwhile. */
  restoring: Promise<boolean> | undefined;
  /** Open signing requests, first shown first. */
  approvals: PendingApproval[];
  /** The request on screen, if any. */
  showing: PendingApproval | undefined;
};

export type FrameContext = {
  config: FrameConfig;
  parent: FrameOptions["parent"];
  root: HTMLElement;
  window: Window;
  fetch: typeof fetch;
  socialCallbacks: SocialCallbackInbox;
  timing: FrameTiming;
  storage: FrameStorage;
  api: ApiClient;
  deviceId: string;
  state: FrameState;
  /** One viem client (and token reader) per chain, made on first use. */
  clients: Map<number, { client: Client; tokens: TokenReader }>;
};

export function createFrameContext(options: FrameOptions): FrameContext {
  const { config } = options;
  const storage = createFrameStorage(options.storage);
  const api = createApiClient({ apiUrl: config.apiUrl, fetch: options.fetch, token: () => storage.session()?.token });
  const deviceId = storage.deviceId();
  const firstChain = config.chains[0];
  if (!firstChain) throw new Error("Invalid frame config: no chains");
  return {
    config,
    parent: options.parent,
    root: options.root,
    window: options.window,
    fetch: options.fetch,
    socialCallbacks: options.socialCallbacks,
    timing: { ...DEFAULT_TIMING, ...options.timing },
    storage,
    api,
    deviceId,
    state: {
      chainId: firstChain.id,
      appOrigin: undefined,
      user: undefined,
      account: undefined,
      pendingEmail: undefined,
      farcasterChannel: undefined,
      restoring: undefined,
      approvals: [],
      showing: undefined,
    },
    clients: new Map(),
  };
}

export function viemChain(chain: FrameChain): Chain {
  return defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  });
}

export function chainClient(frame: FrameContext, chain: FrameChain): { client: Client; tokens: TokenReader } {
  let entry = frame.clients.get(chain.id);
  if (!entry) {
    const client = createClient({
      chain: viemChain(chain),
      transport: http(chain.rpcUrl, { fetchFn: frame.fetch }),
    });
    entry = { client, tokens: createTokenReader(client) };
    frame.clients.set(chain.id, entry);
  }
  return entry;
}

export function configuredChain(frame: FrameContext, id: number | undefined): FrameChain | undefined {
  return frame.config.chains.find((chain) => chain.id === id);
}

export function post(frame: FrameContext, origin: string, message: { type: string; id: string; payload: unknown }) {
  frame.parent.postMessage(message, origin);
}

/** Unsolicited notices go to the app's origin once it has spoken; before that (READY) to each allowed origin. */
export function notify<N extends FrameNoticeName>(frame: FrameContext, name: N, payload: FrameNotices[N]) {
  const message = { type: `${FRAME_EVENT_PREFIX}${name}`, id: crypto.randomUUID(), payload };
  const { appOrigin } = frame.state;
  for (const origin of appOrigin ? [appOrigin] : frame.config.parentOrigins) post(frame, origin, message);
}

export function show(frame: FrameContext, reason: FrameNotices["SHOW"]["reason"], title: string) {
  notify(frame, "SHOW", { reason, title });
}

export function hide(frame: FrameContext) {
  clearScreen(frame.root);
  notify(frame, "HIDE", {});
}

/** The open wallet, or 4100 `Not signed in`. */
export function requireWallet(frame: FrameContext): { account: PrivateKeyAccount; user: ApiUser } {
  const { account, user } = frame.state;
  if (!account || !user) throw new RpcError(RPC_ERROR_CODES.unauthorized, "Not signed in");
  return { account, user };
}
