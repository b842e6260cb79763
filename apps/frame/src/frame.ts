/**
 * The frame's side of the window-message protocol (`@fundament/wallet/embedded-protocol`): logins through the API,
 * the key from its shares, and every signing request shown for approval first. The key lives in this closure only.
 */
import {
  APP_EVENT_PREFIX,
  type EmbeddedSession,
  type EmbeddedUser,
  FRAME_ERRORS,
  FRAME_EVENT_PREFIX,
  type FrameErrorPayload,
  type FrameNoticeName,
  type FrameNotices,
  type FrameRequestName,
  type FrameRequests,
  isProtocolMessage,
  RPC_ERROR_CODES,
  type SocialProvider,
} from "@fundament/wallet/embedded-protocol";
import { BaseError, type Chain, type Client, createClient, defineChain, http, toHex } from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { sendTransaction } from "viem/actions";
import { ApiError, type ApiUser, createApiClient, type LoginResult } from "./api.js";
import {
  type ApprovalRequest,
  createTokenReader,
  describeApproval,
  parseApprovalRequest,
  type TokenReader,
} from "./approval/index.js";
import type { FrameChain, FrameConfig } from "./config.js";
import { FORWARDED_METHODS, isApprovalMethod, RpcError, rpcCall } from "./rpc.js";
import { combineKeyShares, createKeyShares, parseRecoveryFile, ShareMismatchError } from "./shares.js";
import { createFrameStorage } from "./storage.js";
import { clearScreen, renderApproval, renderBusy, renderRecoveryRestore, renderRecoverySave } from "./ui.js";

export const FRAME_VERSION = "1";
export const DEVICE_NOT_APPROVED = "DEVICE_NOT_APPROVED";
export const SOCIAL_CALLBACK_PATH = "/social-callback.html";

/** The text the wallet's key signs to end one of its sessions (spec §7 revoke; the API checks the same text). */
export const revokeSessionMessage = (pci: string) => `Revoke session ${pci}`;
/** A session id (`pci`) as the API makes them. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const NOT_A_SESSION_ID = "This is not a session id from the sessions list";
export const SESSION_NOT_FOUND = "This device is already signed out";
export const REVOKE_CURRENT_SESSION = "This is the session of this device. Use Sign out to end it.";

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

/** Where the social callback page's URL arrives (a BroadcastChannel on the frame origin, see social-callback.ts). */
export type SocialCallbackInbox = {
  reset(): void;
  next(): Promise<string>;
  /** Called whenever the callback page handed over a URL (the app is told the redirect is done). */
  onArrival?(listener: () => void): void;
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

type Handler<N extends FrameRequestName> = (
  payload: FrameRequests[N]["payload"],
  origin: string,
  id: string,
) => Promise<FrameRequests[N]["result"]>;

type PendingApproval = {
  requestId: string;
  request: ApprovalRequest;
  origin: string;
  chain: FrameChain;
  resolve: (value: unknown) => void;
  reject: (error: RpcError) => void;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function viemChain(chain: FrameChain): Chain {
  return defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  });
}

/** The answer's error payload: the spec's texts, codes where there are any, and never a request body or a secret. */
export function errorPayload(error: unknown): FrameErrorPayload {
  if (error instanceof RpcError) return { message: error.message, code: error.code };
  if (error instanceof ApiError) return { message: error.message, code: error.status };
  if (error instanceof ShareMismatchError) return { message: error.message };
  // viem's long messages carry request bodies (a signed transaction, say); the short one does not.
  if (error instanceof BaseError) return { message: error.shortMessage };
  if (error instanceof Error && error.message) return { message: error.message };
  return { message: FRAME_ERRORS.generic };
}

export function createFrame(options: FrameOptions) {
  const { config, parent, root } = options;
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const storage = createFrameStorage(options.storage);
  const api = createApiClient({ apiUrl: config.apiUrl, fetch: options.fetch, token: () => storage.session()?.token });
  const deviceId = storage.deviceId();
  const firstChain = config.chains[0];
  if (!firstChain) throw new Error("Invalid frame config: no chains");

  let chainId = firstChain.id;
  let appOrigin: string | undefined;
  let user: ApiUser | undefined;
  let account: PrivateKeyAccount | undefined;
  let pendingEmail: string | undefined;
  let farcasterChannel: string | undefined;
  let restoring: Promise<boolean> | undefined;
  const approvals: PendingApproval[] = [];
  let showing: PendingApproval | undefined;
  const clients = new Map<number, { client: Client; tokens: TokenReader }>();

  function chainClient(chain: FrameChain) {
    let entry = clients.get(chain.id);
    if (!entry) {
      const client = createClient({
        chain: viemChain(chain),
        transport: http(chain.rpcUrl, { fetchFn: options.fetch }),
      });
      entry = { client, tokens: createTokenReader(client) };
      clients.set(chain.id, entry);
    }
    return entry;
  }

  function post(origin: string, message: { type: string; id: string; payload: unknown }) {
    parent.postMessage(message, origin);
  }

  /** Unsolicited notices go to the app's origin once it has spoken; before that (READY) to each allowed origin. */
  function notify<N extends FrameNoticeName>(name: N, payload: FrameNotices[N]) {
    const message = { type: `${FRAME_EVENT_PREFIX}${name}`, id: crypto.randomUUID(), payload };
    for (const origin of appOrigin ? [appOrigin] : config.parentOrigins) post(origin, message);
  }

  // --- session and wallet -------------------------------------------------------------------------------------------

  function forgetSession() {
    storage.clearSession();
    user = undefined;
    account = undefined;
    abortApprovals(FRAME_ERRORS.aborted);
  }

  /** A 401 from the API means the session ended on the server (revoked, expired): the app disconnects. */
  async function authed<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && storage.session()) {
        forgetSession();
        notify("SESSION_ENDED", { reason: error.message });
      }
      throw error;
    }
  }

  function show(reason: FrameNotices["SHOW"]["reason"], title: string) {
    notify("SHOW", { reason, title });
  }

  function hide() {
    clearScreen(root);
    notify("HIDE", {});
  }

  /**
   * Opens the user's wallet after a login: makes it (then the recovery file is saved), or rebuilds the key from the
   * device share, or, on a new device, from the recovery file. `interactive: false` (a silent reload) never shows a
   * screen: without a device share it leaves the wallet closed.
   */
  async function openWallet(apiUser: ApiUser, interactive: boolean): Promise<boolean> {
    const share = await authed(() => api.walletShare());
    if (!share) {
      if (!interactive) return false;
      await createWallet(apiUser);
      return true;
    }
    const local = storage.deviceShare(apiUser.id);
    if (local) {
      try {
        const key = await combineKeyShares(local, share.authShare, share.address);
        setWallet(apiUser, key);
        return true;
      } catch (error) {
        if (!(error instanceof ShareMismatchError)) throw error;
        // A share of an older wallet of this user on this device: it cannot open this one, so ask for the file.
        storage.removeDeviceShare(apiUser.id);
      }
    }
    if (!interactive) return false;
    await restoreFromFile(apiUser, share);
    return true;
  }

  function setWallet(apiUser: ApiUser, key: `0x${string}`) {
    account = privateKeyToAccount(key);
    user = { ...apiUser, address: account.address };
  }

  async function createWallet(apiUser: ApiUser) {
    const { privateKey, address, shares } = await createKeyShares();
    const keyAccount = privateKeyToAccount(privateKey);
    const signature = await keyAccount.signMessage({
      message: `Fundament embedded wallet\nUser: ${apiUser.id}\nAddress: ${address}`,
    });
    // Stored before the upload: if the upload fails the next login makes a new key and overwrites this share.
    storage.setDeviceShare(apiUser.id, shares.deviceShare);
    try {
      await authed(() => api.createWallet({ address, authShare: shares.authShare, signature }));
    } catch (error) {
      storage.removeDeviceShare(apiUser.id);
      if (error instanceof ApiError && error.status === 409) {
        // Another device made the wallet meanwhile: open that one instead.
        const existing = await authed(() => api.walletShare());
        if (existing) return restoreFromFile(apiUser, existing);
      }
      throw error;
    }
    setWallet(apiUser, privateKey);
    show("recovery-save", "Save your recovery file");
    await new Promise<void>((done) =>
      renderRecoverySave(root, { address, recoveryShare: shares.recoveryShare, onDone: done, onLater: done }),
    );
    hide();
  }

  async function restoreFromFile(apiUser: ApiUser, share: { address: `0x${string}`; authShare: string }) {
    show("recovery-restore", "Restore your wallet on this device");
    await new Promise<void>((done) =>
      renderRecoveryRestore(root, {
        address: share.address,
        onFile: async (text) => {
          try {
            const file = parseRecoveryFile(text);
            const key = await combineKeyShares(file.recoveryShare, share.authShare, share.address);
            storage.setDeviceShare(apiUser.id, file.recoveryShare);
            setWallet(apiUser, key);
            done();
            return undefined;
          } catch (error) {
            if (error instanceof ShareMismatchError) {
              return error.message.startsWith("This is not")
                ? error.message
                : "This recovery file belongs to a different wallet. Choose the file saved for this wallet.";
            }
            throw error;
          }
        },
      }),
    );
    hide();
  }

  async function finishLogin(result: LoginResult) {
    storage.setSession({ token: result.sessionToken, email: result.user.email?.toLowerCase() ?? null });
    await openWallet(result.user, true);
  }

  /** After a reload: the stored session and this device's share reopen the wallet without any screen. */
  function restoreSession(): Promise<boolean> {
    if (account && user) return Promise.resolve(true);
    if (!storage.session()) return Promise.resolve(false);
    restoring ??= (async () => {
      try {
        const me = await authed(() => api.me());
        return await openWallet(me, false);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return false;
        throw error;
      } finally {
        restoring = undefined;
      }
    })();
    return restoring;
  }

  function requireWallet(): { account: PrivateKeyAccount; user: ApiUser } {
    if (!account || !user) throw new RpcError(RPC_ERROR_CODES.unauthorized, "Not signed in");
    return { account, user };
  }

  function embeddedUser(requestedChainId?: number): EmbeddedUser {
    const wallet = requireWallet();
    const address = wallet.account.address;
    return {
      ...(wallet.user.email ? { email: wallet.user.email } : {}),
      address,
      chainId: requestedChainId && configuredChain(requestedChainId) ? requestedChainId : chainId,
      accounts: [{ address, type: "eoa" }],
      ...(wallet.user.userName ? { userName: wallet.user.userName } : {}),
      smartAccountDeployed: false,
      preferredAccountType: "eoa",
      loginMethod: wallet.user.loginMethod as EmbeddedUser["loginMethod"],
    };
  }

  function configuredChain(id: number): FrameChain | undefined {
    return config.chains.find((chain) => chain.id === id);
  }

  // --- approvals ----------------------------------------------------------------------------------------------------

  /** The modal's title while the request is being read; the view's own title replaces it once read. */
  const titles: Record<ApprovalRequest["method"], string> = {
    personal_sign: "Sign a message",
    eth_signTypedData_v4: "Sign typed data",
    eth_sendTransaction: "Approve transaction",
  };

  function settle(item: PendingApproval, approved: boolean) {
    const index = approvals.indexOf(item);
    if (index >= 0) approvals.splice(index, 1);
    if (showing === item) showing = undefined;
    notify("RPC_REQUEST_DONE", { requestId: item.requestId, approved });
    if (approvals.length > 0) void showNext();
    else if (!showing) hide();
  }

  /** Rejects every open signing request: the spec's "rejecting aborts the open unsafe requests". */
  function abortApprovals(message: string, first?: PendingApproval) {
    const open = [...approvals];
    approvals.length = 0;
    showing = undefined;
    for (const item of open) {
      item.reject(new RpcError(RPC_ERROR_CODES.userRejected, item === first ? FRAME_ERRORS.userRejected : message));
      notify("RPC_REQUEST_DONE", { requestId: item.requestId, approved: false });
    }
    if (open.length > 0) hide();
  }

  async function showNext() {
    const item = approvals[0];
    if (!item || showing) return;
    showing = item;
    show("approval", titles[item.request.method]);
    renderBusy(root, "Reading the request…");
    const wallet = requireWallet();
    const { client, tokens } = chainClient(item.chain);
    let view: Awaited<ReturnType<typeof describeApproval>>;
    try {
      view = await describeApproval({
        request: item.request,
        origin: item.origin,
        account: wallet.account.address,
        chain: item.chain,
        client,
        knownContracts: config.knownContracts,
        tokens,
        ethUsd: () => api.ethUsdPrice(item.chain.id),
      });
    } catch (error) {
      if (showing !== item) return;
      // Nothing can be approved unseen.
      item.reject(new RpcError(-32603, `The request could not be read: ${errorPayload(error).message}`));
      settle(item, false);
      return;
    }
    if (showing !== item) return; // aborted while reading
    // Now that the request is read, the modal's title says what it is ("Sign in to …", "Sign to register …").
    if (view.title !== titles[item.request.method]) show("approval", view.title);
    renderApproval(root, view, {
      onReject: () => abortApprovals(FRAME_ERRORS.aborted, item),
      onApprove: () => void execute(item),
    });
  }

  async function execute(item: PendingApproval) {
    renderBusy(root, item.request.method === "eth_sendTransaction" ? "Sending…" : "Signing…");
    try {
      item.resolve(await sign(item));
    } catch (error) {
      const { message, code } = errorPayload(error);
      item.reject(new RpcError(code ?? -32603, message));
    }
    settle(item, true);
  }

  async function sign(item: PendingApproval): Promise<unknown> {
    const { account: key } = requireWallet();
    const request = item.request;
    if (request.method === "personal_sign") return key.signMessage({ message: { raw: request.message } });
    if (request.method === "eth_signTypedData_v4") return key.signTypedData(request.typedData);
    const tx = request.transaction;
    // viem fills nonce, gas and fees from the node, and signs with the local account.
    return sendTransaction(chainClient(item.chain).client, {
      account: key,
      chain: viemChain(item.chain),
      ...(tx.to ? { to: tx.to } : {}),
      value: tx.value,
      ...(tx.data ? { data: tx.data } : {}),
      ...(tx.gas !== undefined ? { gas: tx.gas } : {}),
    });
  }

  // --- RPC ----------------------------------------------------------------------------------------------------------

  async function rpcRequest(payload: FrameRequests["RPC_REQUEST"]["payload"], origin: string, id: string) {
    const { method, params } = payload;
    const chain = configuredChain(payload.chainId);
    if (!chain) throw new RpcError(4901, `The wallet is not connected to chain ${payload.chainId}`);
    switch (method) {
      case "eth_chainId":
        return toHex(chainId);
      case "eth_accounts":
        await restoreSession();
        return account ? [account.address] : [];
      case "eth_requestAccounts":
        await restoreSession();
        return [requireWallet().account.address];
      case "wallet_switchEthereumChain": {
        const requested = Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined)?.chainId : undefined;
        const target = typeof requested === "string" ? Number.parseInt(requested, 16) : Number.NaN;
        if (!configuredChain(target)) throw new RpcError(4902, `Unrecognized chain ID ${String(requested)}.`);
        chainId = target;
        return null;
      }
    }
    if (FORWARDED_METHODS.has(method)) return rpcCall(options.fetch, chain.rpcUrl, method, params);
    if (!isApprovalMethod(method)) throw new RpcError(RPC_ERROR_CODES.unsupportedMethod, FRAME_ERRORS.methodNotAllowed);
    const wallet = requireWallet();
    const request = parseApprovalRequest(method, params, wallet.account.address);
    return new Promise((resolve, reject) => {
      approvals.push({ requestId: id, request, origin, chain, resolve, reject });
      notify("RPC_REQUEST_APPROVAL", { requestId: id, method });
      void showNext();
    });
  }

  // --- requests -----------------------------------------------------------------------------------------------------

  const handlers: { [N in FrameRequestName]: Handler<N> } = {
    CONNECT_EMAIL: async ({ email }) => {
      const normalized = String(email).trim().toLowerCase();
      const session = storage.session();
      if (session && session.email === normalized && (await restoreSessionInteractive())) return { action: "CONNECT" };
      pendingEmail = normalized;
      return api.emailConnect(normalized, deviceId);
    },
    CONNECT_DEVICE: async () => {
      const email = pendingEmail;
      if (!email) throw new Error("Enter your email first");
      const giveUpAt = Date.now() + timing.deviceGiveUpMs;
      for (;;) {
        const { approved } = await api.deviceStatus(email, deviceId);
        // Approved: the app asks CONNECT_EMAIL again, which now mails the code (VERIFY_OTP).
        if (approved) return {};
        if (Date.now() + timing.devicePollMs > giveUpAt) {
          throw new RpcError(
            DEVICE_NOT_APPROVED,
            "This device is not approved yet. Open the link in the email we sent you.",
          );
        }
        await sleep(timing.devicePollMs);
      }
    },
    CONNECT_OTP: async ({ otp }) => {
      if (!pendingEmail) throw new Error("Enter your email first");
      await finishLogin(await api.emailVerify(pendingEmail, deviceId, String(otp)));
      return {};
    },
    GET_SOCIAL_REDIRECT_URI: async ({ provider }) => {
      options.socialCallbacks.reset();
      const redirectUri = `${options.window.location.origin}${SOCIAL_CALLBACK_PATH}`;
      return api.socialStart(provider, deviceId, redirectUri);
    },
    CONNECT_SOCIAL: async (_payload: { provider: SocialProvider }) => {
      const callbackUrl = await options.socialCallbacks.next();
      const result = await api.socialFinish(callbackUrl, deviceId);
      await finishLogin(result);
      return {
        ...(result.user.userName ? { userName: result.user.userName } : {}),
        ...(result.user.email ? { email: result.user.email } : {}),
      };
    },
    GET_FARCASTER_URI: async () => {
      const { url, channelToken } = await api.farcasterChannel(deviceId);
      farcasterChannel = channelToken;
      return { url };
    },
    CONNECT_FARCASTER: async () => {
      const channelToken = farcasterChannel;
      if (!channelToken) throw new Error("Start the Farcaster login first");
      const giveUpAt = Date.now() + timing.farcasterGiveUpMs;
      for (;;) {
        if (farcasterChannel !== channelToken) throw new RpcError(RPC_ERROR_CODES.userRejected, FRAME_ERRORS.aborted);
        const status = await api.farcasterStatus(channelToken, deviceId);
        if (status.state === "completed") {
          farcasterChannel = undefined;
          await finishLogin(status);
          return status.user.userName ? { userName: status.user.userName } : {};
        }
        if (Date.now() > giveUpAt) throw new Error("The Farcaster request expired. Start again.");
        await sleep(timing.farcasterPollMs);
      }
    },
    GET_USER: async ({ chainId: requested }) => {
      await restoreSession();
      return embeddedUser(requested);
    },
    IS_CONNECTED: async () => ({ isConnected: await restoreSession() }),
    SWITCH_NETWORK: async ({ chainId: requested }) => {
      if (!configuredChain(requested)) throw new RpcError(4902, "Network Not Found");
      chainId = requested;
      return { chainId };
    },
    SIGN_OUT: async () => {
      try {
        if (storage.session()) await api.signOut();
      } catch {
        // Signing out locally matters most: the token is forgotten even if the server cannot be reached.
      }
      forgetSession();
      return {};
    },
    RPC_REQUEST: (payload, origin, id) => rpcRequest(payload, origin, id),
    RPC_ABORT: async () => {
      abortApprovals(FRAME_ERRORS.aborted);
      return {};
    },
    SYNC_THEME: async ({ themeMode }) => {
      document.documentElement.dataset.theme = themeMode === "dark" ? "dark" : "light";
      return {};
    },
    SYNC_DAPP_DATA: async () => ({}),
    UPDATE_EMAIL: ({ email }) => authed(() => api.updateEmail(String(email).trim().toLowerCase())),
    UPDATE_EMAIL_PRIMARY_OTP: ({ otp }) => authed(() => api.updateEmailPrimary(String(otp))),
    UPDATE_EMAIL_SECONDARY_OTP: async ({ otp }) => {
      const result = await authed(() => api.updateEmailSecondary(String(otp)));
      const session = storage.session();
      if (session) storage.setSession({ ...session, email: result.email.toLowerCase() });
      if (user) user = { ...user, email: result.email };
      return result;
    },
    SET_PREFERRED_ACCOUNT: async () => ({ type: "eoa" }),
    GET_SESSIONS: async () => {
      await restoreSession();
      const { account: key } = requireWallet();
      return { sessions: await liveSessions(key.address) };
    },
    REVOKE_SESSION: async ({ pci }) => {
      await restoreSession();
      const { account: key } = requireWallet();
      const id = typeof pci === "string" ? pci : "";
      // This signature needs no click, so the frame signs nothing the app chose: only this fixed text, and only for
      // the id of a live session of this wallet, read from the API just now.
      if (!SESSION_ID.test(id)) throw new Error(NOT_A_SESSION_ID);
      const target = (await liveSessions(key.address)).find((session) => session.pci === id);
      if (!target) throw new Error(SESSION_NOT_FOUND);
      if (target.current) throw new Error(REVOKE_CURRENT_SESSION);
      const signature = await key.signMessage({ message: revokeSessionMessage(id) });
      // Not through `authed`: this route is authorised by the signature, and its 401 is a refused signature, not the
      // end of this device's session.
      const { success } = await api.revokeSession(key.address, { pci: id, signature });
      if (!success) throw new Error(FRAME_ERRORS.generic);
      return {};
    },
    SHOW_RECOVERY: async () => {
      const wallet = requireWallet();
      // Any share together with the auth share rebuilds the key, so this device's share is a valid recovery file.
      const share = storage.deviceShare(wallet.user.id);
      if (!share) throw new Error(FRAME_ERRORS.generic);
      show("recovery-save", "Save your recovery file");
      await new Promise<void>((done) =>
        // "Save later" here too: opened by mistake, the step must not hold the wallet until a download.
        renderRecoverySave(root, {
          address: wallet.account.address,
          recoveryShare: share,
          onDone: done,
          onLater: done,
        }),
      );
      hide();
      return {};
    },
  };

  // --- sessions -----------------------------------------------------------------------------------------------------

  /** The wallet's live sessions from the API, passed on field by field (nothing else of the answer reaches the app). */
  async function liveSessions(address: `0x${string}`): Promise<EmbeddedSession[]> {
    const { data } = await authed(() => api.sessions(address));
    if (!Array.isArray(data)) throw new Error(FRAME_ERRORS.generic);
    return data.map((item) => ({
      pci: String(item.pci),
      createdAt: String(item.createdAt),
      lastUsedAt: typeof item.lastUsedAt === "string" ? item.lastUsedAt : null,
      current: item.current === true,
      loginMethod: String(item.loginMethod),
    }));
  }

  /** CONNECT_EMAIL's CONNECT: this device holds a live session for that email; may ask for the recovery file. */
  async function restoreSessionInteractive(): Promise<boolean> {
    if (await restoreSession()) return true;
    if (!storage.session()) return false;
    const me = await authed(() => api.me()).catch(() => undefined);
    return me ? openWallet(me, true) : false;
  }

  function onMessage(event: MessageEvent) {
    // Both checks: the origin says who sent it, the source that it is the window embedding this frame.
    if (event.source !== (parent as unknown) || !config.parentOrigins.includes(event.origin)) return;
    const data: unknown = event.data;
    if (!isProtocolMessage(data, APP_EVENT_PREFIX)) return;
    const name = data.type.slice(APP_EVENT_PREFIX.length);
    if (!(name in handlers)) return;
    appOrigin = event.origin;
    const origin = event.origin;
    const handler = handlers[name as FrameRequestName] as Handler<FrameRequestName>;
    const payload = (typeof data.payload === "object" && data.payload !== null ? data.payload : {}) as never;
    handler(payload, origin, data.id).then(
      (result) => post(origin, { type: `${FRAME_EVENT_PREFIX}${name}_SUCCESS`, id: data.id, payload: result ?? null }),
      (error: unknown) =>
        post(origin, { type: `${FRAME_EVENT_PREFIX}${name}_ERROR`, id: data.id, payload: errorPayload(error) }),
    );
  }

  options.window.addEventListener("message", onMessage);
  // The app learns from the frame itself that the popup came back: the popup's own word may never arrive (an identity
  // provider's Cross-Origin-Opener-Policy severs `window.opener`).
  options.socialCallbacks.onArrival?.(() => notify("SOCIAL_REDIRECT_DONE", {}));

  notify("READY", { version: FRAME_VERSION });

  return {
    close() {
      options.window.removeEventListener("message", onMessage);
    },
  };
}

/** Collects the social callback page's URL from the BroadcastChannel (same origin only: the URL holds the code). */
export function createSocialCallbackInbox(channel: EventTarget, origin: string): SocialCallbackInbox {
  let latest: string | undefined;
  let waiting: ((url: string) => void) | undefined;
  const listeners: Array<() => void> = [];
  channel.addEventListener("message", (event) => {
    const url: unknown = (event as MessageEvent).data?.url;
    if (typeof url !== "string" || !url.startsWith(`${origin}${SOCIAL_CALLBACK_PATH}`)) return;
    for (const listener of listeners) listener();
    if (waiting) {
      waiting(url);
      waiting = undefined;
    } else {
      latest = url;
    }
  });
  return {
    onArrival(listener) {
      listeners.push(listener);
    },
    reset() {
      latest = undefined;
    },
    next() {
      if (latest) {
        const url = latest;
        latest = undefined;
        return Promise.resolve(url);
      }
      return new Promise((resolve) => {
        waiting = resolve;
      });
    },
  };
}
