import type { CreateConnectorFn } from "wagmi";
import type { Store } from "../../core/createStore.js";
import type { WalletCore } from "../../core/createWalletCore.js";
import { messages } from "../../core/messages.js";
import { createEmbeddedProvider, type EmbeddedProvider } from "./createEmbeddedProvider.js";
import { createFrameClient, type FrameClient, FrameError, hideFrameElement } from "./frameClient.js";
import {
  assertEmailCooldown,
  clearLogin,
  isValidEmail,
  type LoginStorage,
  markEmailSent,
  rememberedEmail,
  rememberLogin,
} from "./loginStorage.js";
import type { EmailConnectAction, EmbeddedSession, EmbeddedUser, FrameNotices, SocialProvider } from "./protocol.js";
import {
  EMBEDDED_CONNECTOR_ID,
  EMBEDDED_CONNECTOR_NAME,
  EMBEDDED_CONNECTOR_TYPE,
  type EmbeddedFrameState,
  type EmbeddedWalletConfig,
} from "./types.js";

/** The frame's error code while the approval link was not opened yet (the app asks again). */
export const DEVICE_NOT_APPROVED = "DEVICE_NOT_APPROVED";
/** How often the app looks whether the social login popup was closed by the person. */
const POPUP_POLL_MS = 500;
/**
 * How long a closed popup may still be followed by the frame's SOCIAL_REDIRECT_DONE: the callback page closes itself
 * right after handing its URL to the frame, so "closed" alone does not mean the person gave up.
 */
const POPUP_CLOSED_GRACE_MS = 3_000;

export type EmbeddedControllerParameters = {
  config: EmbeddedWalletConfig;
  /** The wallet core of the mounted runtime (undefined before the provider mounted: then nothing is routed). */
  getCore: () => WalletCore | undefined;
  state: Store<EmbeddedFrameState>;
  /** The chain the wallet starts on (the app's first network). */
  defaultChainId: number;
  storage?: LoginStorage | undefined;
  /** Called when the frame's session ended (SESSION_ENDED) or the user signed out elsewhere: the app disconnects. */
  onSessionEnded?: (() => ((reason: string) => void) | undefined) | undefined;
  /** Test seams. */
  loadTimeoutMs?: number | undefined;
  readyDelayMs?: number | undefined;
  requestTimeoutMs?: number | undefined;
};

export type EmbeddedController = {
  client: FrameClient;
  provider: EmbeddedProvider;
  /** Mounts the hidden frame (once) and waits for its readiness + 500 ms. */
  ready(): Promise<void>;
  /** CONNECT_EMAIL, after the checks of spec §5 ('Invalid email', 'Please try again after {n} seconds'). */
  connectEmail(email: string, options?: { afterDeviceApproval?: boolean }): Promise<EmailConnectAction>;
  /** Asks CONNECT_DEVICE until the approval link was opened (or `signal` aborts). */
  waitForDevice(signal: AbortSignal): Promise<void>;
  connectOtp(otp: string): Promise<void>;
  /** The social login in `popup` (opened by the click): redirect, wait for the callback, CONNECT_SOCIAL. */
  connectSocial(provider: SocialProvider, popup: Window): Promise<void>;
  farcasterUri(): Promise<string>;
  connectFarcaster(): Promise<void>;
  updateEmail(email: string): Promise<void>;
  updateEmailPrimaryOtp(otp: string): Promise<void>;
  updateEmailSecondaryOtp(otp: string): Promise<string>;
  showRecovery(): Promise<void>;
  /** The wallet's signed-in sessions, one per device (`current`: this one). */
  getSessions(): Promise<EmbeddedSession[]>;
  /** Signs another device out (the frame signs the revoke itself); the current session is SIGN_OUT's. */
  revokeSession(pci: string): Promise<void>;
  isConnected(): Promise<boolean>;
  getUser(chainId?: number): Promise<EmbeddedUser>;
  signOut(): Promise<void>;
  /** Spec §4 bookkeeping after a finished login (email stored, flag set, last-email-time cleared). */
  loginSucceeded(): void;
  /** The email the person is logging in with (the current flow). */
  pendingEmail(): string | undefined;
  /** The real wagmi connector over `provider` (the shell connector forwards to it). */
  createConnector: CreateConnectorFn;
};

/** The controller's state and wiring, handed to each of its steps. */
type ControllerContext = {
  p: EmbeddedControllerParameters;
  client: FrameClient;
  provider: EmbeddedProvider;
  /** The email the person is logging in with (the current flow). */
  email: string | undefined;
  /** Whether the frame opened the modal for its SHOW (then its HIDE closes it again). */
  openedByFrame: boolean;
  /** Whether SYNC_DAPP_DATA was sent. */
  synced: boolean;
  notAllowedShownAt: number;
  socialFlow: { popup: Window; promise: Promise<void> } | undefined;
  farcaster: Promise<string> | undefined;
  farcasterWait: Promise<void> | undefined;
};

/** The views that show the frame (a new SHOW replaces them, HIDE leaves them). */
const frameViews = new Set(["ApproveTransaction", "EmbeddedFrame"]);

/** Spec §6: a disallowed call is 'Requested RPC call is not allowed' to the caller, 'Action not allowed' to the person. */
function notAllowed(ctx: ControllerContext): void {
  // One message for a burst of refusals (a caller retrying the same call).
  if (Date.now() - ctx.notAllowedShownAt < 2_000) return;
  ctx.notAllowedShownAt = Date.now();
  ctx.p.getCore()?.toasts.show(messages.actionNotAllowed, "error");
}

/** Mounts the hidden frame (once) and, the first time, sends SYNC_DAPP_DATA. */
async function ready(ctx: ControllerContext): Promise<void> {
  await ctx.client.mount();
  if (ctx.synced) return;
  ctx.synced = true;
  // Best effort: the frame themes its visible steps and knows which app it serves.
  void ctx.client
    .request("SYNC_DAPP_DATA", { sdkVersion: "fundament-wallet", origin: window.location.origin })
    .catch(() => undefined);
}

/** SHOW: the frame's view is opened (the modal, when closed), pushed, or replaces the frame view shown. */
function showFrame(ctx: ControllerContext, show: FrameNotices["SHOW"]): void {
  ctx.p.state.setState({ shown: show });
  const core = ctx.p.getCore();
  if (!core) return;
  const view = show.reason === "approval" ? "ApproveTransaction" : "EmbeddedFrame";
  const data = { embeddedFrame: true, reason: show.reason, title: show.title };
  if (!core.modal.getState().open && !core.options.embedded) {
    ctx.openedByFrame = true;
    core.open({ view, data });
  } else if (frameViews.has(core.router.getState().view)) core.router.replace(view, data);
  else core.router.push(view, data);
}

/** HIDE: the frame is hidden and its view left (the modal closed when the frame opened it). */
function hideFrame(ctx: ControllerContext): void {
  ctx.p.state.setState({ shown: undefined });
  const frame = ctx.client.iframe();
  if (frame) hideFrameElement(frame);
  const core = ctx.p.getCore();
  if (!core || !frameViews.has(core.router.getState().view)) return;
  if (ctx.openedByFrame) {
    ctx.openedByFrame = false;
    core.close();
  } else core.router.goBack();
}

/** SESSION_ENDED: the login is forgotten and the app disconnects. */
function sessionEnded(ctx: ControllerContext, reason: string): void {
  clearLogin(ctx.p.storage);
  ctx.p.state.setState({ user: undefined });
  ctx.provider.clear(reason);
  ctx.p.onSessionEnded?.()?.(reason);
}

/** Listens to the frame's notices: SHOW / HIDE, the approvals pending, the session's end. */
function listenToFrame(ctx: ControllerContext): void {
  const { client, p } = ctx;
  client.on("SHOW", (show) => showFrame(ctx, show));
  client.on("HIDE", () => hideFrame(ctx));
  client.on("RPC_REQUEST_APPROVAL", (approval) => {
    p.state.setState((s) => ({
      approvals: [...s.approvals.filter((a) => a.requestId !== approval.requestId), approval],
    }));
  });
  client.on("RPC_REQUEST_DONE", (done) => {
    p.state.setState((s) => ({ approvals: s.approvals.filter((a) => a.requestId !== done.requestId) }));
  });
  client.on("SESSION_ENDED", ({ reason }) => sessionEnded(ctx, reason));
}

async function getUser(ctx: ControllerContext, chainId?: number): Promise<EmbeddedUser> {
  await ready(ctx);
  const user = await ctx.client.request("GET_USER", { chainId });
  ctx.provider.setUser(user);
  ctx.p.state.setState({ user });
  return user;
}

async function connectEmail(
  ctx: ControllerContext,
  value: string,
  options?: { afterDeviceApproval?: boolean },
): Promise<EmailConnectAction> {
  const trimmed = value.trim();
  if (!isValidEmail(trimmed)) throw new Error(messages.invalidEmail);
  // After the device approval the API counts a new purpose (the code): no local cooldown for that call.
  if (!options?.afterDeviceApproval) assertEmailCooldown(ctx.p.storage);
  await ready(ctx);
  const { action } = await ctx.client.request("CONNECT_EMAIL", { email: trimmed });
  ctx.email = trimmed;
  if (action !== "CONNECT") markEmailSent(ctx.p.storage);
  return action;
}

async function waitForDevice(ctx: ControllerContext, signal: AbortSignal): Promise<void> {
  await ready(ctx);
  for (;;) {
    if (signal.aborted) throw new FrameError(messages.somethingWentWrong);
    try {
      await ctx.client.request("CONNECT_DEVICE", {});
      return;
    } catch (error) {
      if (signal.aborted) throw error;
      // Not approved yet (the frame answers after ~25 s), or the 30 s timeout aborted the call: ask again.
      const notYet =
        error instanceof FrameError && (error.code === DEVICE_NOT_APPROVED || error.message === "Request was aborted");
      if (!notYet) throw error;
    }
  }
}

/** Waits for the frame's SOCIAL_REDIRECT_DONE, or fails once `popup` stayed closed for the grace period. */
function waitForSocialRedirect(client: FrameClient, popup: Window): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let closedAt: number | undefined;
    const poll = setInterval(() => {
      if (!popup.closed) return;
      closedAt ??= Date.now();
      if (Date.now() - closedAt >= POPUP_CLOSED_GRACE_MS) finish(new Error(messages.socialPopupClosed));
    }, POPUP_POLL_MS);
    const off = client.on("SOCIAL_REDIRECT_DONE", ({ error }) => finish(error ? new Error(error) : undefined));
    function finish(error?: Error) {
      clearInterval(poll);
      off();
      if (error) reject(error);
      else resolve();
    }
  });
}

/** One social login in `popup`: redirect, wait for the callback, CONNECT_SOCIAL; the popup is closed after. */
async function runSocialLogin(ctx: ControllerContext, socialProvider: SocialProvider, popup: Window): Promise<void> {
  const { client } = ctx;
  await ready(ctx);
  const stop = client.acceptNoticesFrom(popup);
  try {
    const { uri } = await client.request("GET_SOCIAL_REDIRECT_URI", { provider: socialProvider });
    popup.location.href = uri;
    await waitForSocialRedirect(client, popup);
    await client.request("CONNECT_SOCIAL", { provider: socialProvider });
  } finally {
    stop();
    if (!popup.closed) popup.close();
  }
}

/** The social login in `popup` (one flow per popup: a second call for the same popup joins the first). */
function connectSocial(ctx: ControllerContext, socialProvider: SocialProvider, popup: Window): Promise<void> {
  if (ctx.socialFlow?.popup === popup) return ctx.socialFlow.promise;
  const promise = runSocialLogin(ctx, socialProvider, popup);
  ctx.socialFlow = { popup, promise };
  promise
    .catch(() => undefined)
    .finally(() => {
      if (ctx.socialFlow?.promise === promise) ctx.socialFlow = undefined;
    });
  return promise;
}

function farcasterUri(ctx: ControllerContext): Promise<string> {
  ctx.farcaster ??= (async () => {
    await ready(ctx);
    return (await ctx.client.request("GET_FARCASTER_URI", {})).url;
  })();
  ctx.farcaster.catch(() => {
    ctx.farcaster = undefined;
  });
  return ctx.farcaster;
}

function connectFarcaster(ctx: ControllerContext, controller: EmbeddedController): Promise<void> {
  // One wait per request (a view mounted twice must not ask twice).
  ctx.farcasterWait ??= (async () => {
    await controller.farcasterUri();
    try {
      await ctx.client.request("CONNECT_FARCASTER", {});
    } finally {
      ctx.farcaster = undefined;
      ctx.farcasterWait = undefined;
    }
  })();
  return ctx.farcasterWait;
}

async function updateEmail(ctx: ControllerContext, value: string): Promise<void> {
  const trimmed = value.trim();
  if (!isValidEmail(trimmed)) throw new Error(messages.invalidEmail);
  assertEmailCooldown(ctx.p.storage);
  await ready(ctx);
  await ctx.client.request("UPDATE_EMAIL", { email: trimmed });
  markEmailSent(ctx.p.storage);
}

async function updateEmailSecondaryOtp(ctx: ControllerContext, otp: string): Promise<string> {
  const { state, storage } = ctx.p;
  const { email: updated } = await ctx.client.request("UPDATE_EMAIL_SECONDARY_OTP", { otp: otp.trim() });
  rememberLogin(storage, updated);
  const user = state.getState().user;
  if (user) {
    const next = { ...user, email: updated };
    state.setState({ user: next });
    ctx.provider.setUser(next);
  }
  return updated;
}

async function isConnected(ctx: ControllerContext): Promise<boolean> {
  await ready(ctx);
  const { isConnected } = await ctx.client.request("IS_CONNECTED", {});
  // Spec §4: when not connected, cached login data is cleared.
  if (!isConnected) clearLogin(ctx.p.storage);
  return isConnected;
}

async function signOut(ctx: ControllerContext): Promise<void> {
  try {
    if (ctx.client.iframe()) await ctx.client.request("SIGN_OUT", {});
  } finally {
    clearLogin(ctx.p.storage);
    ctx.p.state.setState({ user: undefined });
    ctx.provider.clear("Signed out");
  }
}

function loginSucceeded(ctx: ControllerContext): void {
  const { state, storage } = ctx.p;
  rememberLogin(storage, state.getState().user?.email ?? ctx.email ?? rememberedEmail(storage));
  ctx.email = undefined;
}

/** The real wagmi connector over the controller's provider. */
function createConnector(
  ctx: ControllerContext,
  controller: EmbeddedController,
  config: Parameters<CreateConnectorFn>[0],
): ReturnType<CreateConnectorFn> {
  const { client, provider } = ctx;
  const onAccountsChanged = (accounts: `0x${string}`[]) => {
    if (accounts.length === 0) config.emitter.emit("disconnect");
    else config.emitter.emit("change", { accounts });
  };
  const onChainChanged = (chain: string) => config.emitter.emit("change", { chainId: Number(chain) });
  const onDisconnect = () => config.emitter.emit("disconnect");
  provider.on("accountsChanged", onAccountsChanged);
  provider.on("chainChanged", onChainChanged);
  provider.on("disconnect", onDisconnect);
  return {
    id: EMBEDDED_CONNECTOR_ID,
    name: EMBEDDED_CONNECTOR_NAME,
    type: EMBEDDED_CONNECTOR_TYPE,
    async connect(parameters) {
      const chainId = (parameters as { chainId?: number } | undefined)?.chainId;
      const user = await getUser(ctx, chainId);
      let connectedChain = user.chainId;
      if (chainId !== undefined && chainId !== user.chainId) {
        connectedChain = (await client.request("SWITCH_NETWORK", { chainId })).chainId;
        provider.setUser({ ...user, chainId: connectedChain });
      }
      // wagmi's connect return type depends on its `withCapabilities` type parameter; the frame gives addresses.
      return { accounts: [user.address], chainId: connectedChain } as never;
    },
    async disconnect() {
      await controller.signOut();
    },
    async getAccounts() {
      const user = provider.user() ?? (await getUser(ctx));
      return [user.address];
    },
    async getChainId() {
      return provider.chainId();
    },
    async getProvider() {
      return provider;
    },
    async isAuthorized() {
      try {
        return await controller.isConnected();
      } catch {
        return false;
      }
    },
    async switchChain({ chainId }) {
      const chain = config.chains.find((c) => c.id === chainId);
      if (!chain) throw new Error(messages.networkNotFound);
      await provider.request({
        method: "wallet_switchEthereumChain",
        params: [{ chainId: `0x${chainId.toString(16)}` }],
      });
      return chain;
    },
    onAccountsChanged,
    onChainChanged,
    onDisconnect,
  };
}

/**
 * Everything of the embedded wallet that is loaded on demand: the frame client and provider, the login flows the
 * views drive, the wagmi connector, and the showing / hiding of the frame (SHOW / HIDE notices → views).
 */
export function createEmbeddedController(p: EmbeddedControllerParameters): EmbeddedController {
  const client = createFrameClient({
    frameUrl: p.config.frameUrl,
    loadTimeoutMs: p.loadTimeoutMs,
    readyDelayMs: p.readyDelayMs,
    requestTimeoutMs: p.requestTimeoutMs,
  });
  const provider = createEmbeddedProvider({
    client,
    defaultChainId: p.defaultChainId,
    onNotAllowed: () => notAllowed(ctx),
  });
  const ctx: ControllerContext = {
    p,
    client,
    provider,
    email: undefined,
    openedByFrame: false,
    synced: false,
    notAllowedShownAt: 0,
    socialFlow: undefined,
    farcaster: undefined,
    farcasterWait: undefined,
  };
  listenToFrame(ctx);

  const controller: EmbeddedController = {
    client,
    provider,
    ready: () => ready(ctx),
    connectEmail: (value, options) => connectEmail(ctx, value, options),
    waitForDevice: (signal) => waitForDevice(ctx, signal),
    async connectOtp(otp) {
      await ready(ctx);
      await client.request("CONNECT_OTP", { otp: otp.trim() });
    },
    connectSocial: (socialProvider, popup) => connectSocial(ctx, socialProvider, popup),
    farcasterUri: () => farcasterUri(ctx),
    connectFarcaster: () => connectFarcaster(ctx, controller),
    updateEmail: (value) => updateEmail(ctx, value),
    async updateEmailPrimaryOtp(otp) {
      await client.request("UPDATE_EMAIL_PRIMARY_OTP", { otp: otp.trim() });
    },
    updateEmailSecondaryOtp: (otp) => updateEmailSecondaryOtp(ctx, otp),
    async showRecovery() {
      await ready(ctx);
      await client.request("SHOW_RECOVERY", {});
    },
    async getSessions() {
      await ready(ctx);
      return (await client.request("GET_SESSIONS", {})).sessions;
    },
    async revokeSession(pci) {
      await ready(ctx);
      await client.request("REVOKE_SESSION", { pci });
    },
    isConnected: () => isConnected(ctx),
    getUser: (chainId) => getUser(ctx, chainId),
    signOut: () => signOut(ctx),
    loginSucceeded: () => loginSucceeded(ctx),
    pendingEmail: () => ctx.email,
    createConnector: (config) => createConnector(ctx, controller, config),
  };
  return controller;
}
