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
import type { EmailConnectAction, EmbeddedSession, EmbeddedUser, SocialProvider } from "./protocol.js";
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

/**
 * Everything of the embedded wallet that is loaded on demand: the frame client and provider, the login flows the
 * views drive, the wagmi connector, and the showing / hiding of the frame (SHOW / HIDE notices → views).
 */
export function createEmbeddedController(p: EmbeddedControllerParameters): EmbeddedController {
  const { state, storage } = p;
  const client = createFrameClient({
    frameUrl: p.config.frameUrl,
    loadTimeoutMs: p.loadTimeoutMs,
    readyDelayMs: p.readyDelayMs,
    requestTimeoutMs: p.requestTimeoutMs,
  });
  let notAllowedShownAt = 0;
  const provider = createEmbeddedProvider({
    client,
    defaultChainId: p.defaultChainId,
    // Spec §6: a disallowed call is 'Requested RPC call is not allowed' to the caller, 'Action not allowed' to the person.
    onNotAllowed: () => {
      // One message for a burst of refusals (a caller retrying the same call).
      if (Date.now() - notAllowedShownAt < 2_000) return;
      notAllowedShownAt = Date.now();
      p.getCore()?.toasts.show(messages.actionNotAllowed, "error");
    },
  });
  let email: string | undefined;
  // Whether the frame opened the modal for its SHOW (then its HIDE closes it again).
  let openedByFrame = false;
  let synced = false;

  const ready = async () => {
    await client.mount();
    if (synced) return;
    synced = true;
    // Best effort: the frame themes its visible steps and knows which app it serves.
    void client
      .request("SYNC_DAPP_DATA", { sdkVersion: "fundament-wallet", origin: window.location.origin })
      .catch(() => undefined);
  };

  const frameViews = new Set(["ApproveTransaction", "EmbeddedFrame"]);
  client.on("SHOW", (show) => {
    state.setState({ shown: show });
    const core = p.getCore();
    if (!core) return;
    const view = show.reason === "approval" ? "ApproveTransaction" : "EmbeddedFrame";
    const data = { embeddedFrame: true, reason: show.reason, title: show.title };
    if (!core.modal.getState().open && !core.options.embedded) {
      openedByFrame = true;
      core.open({ view, data });
    } else if (frameViews.has(core.router.getState().view)) core.router.replace(view, data);
    else core.router.push(view, data);
  });
  client.on("HIDE", () => {
    state.setState({ shown: undefined });
    const frame = client.iframe();
    if (frame) hideFrameElement(frame);
    const core = p.getCore();
    if (!core || !frameViews.has(core.router.getState().view)) return;
    if (openedByFrame) {
      openedByFrame = false;
      core.close();
    } else core.router.goBack();
  });
  client.on("RPC_REQUEST_APPROVAL", (approval) => {
    state.setState((s) => ({
      approvals: [...s.approvals.filter((a) => a.requestId !== approval.requestId), approval],
    }));
  });
  client.on("RPC_REQUEST_DONE", (done) => {
    state.setState((s) => ({ approvals: s.approvals.filter((a) => a.requestId !== done.requestId) }));
  });
  client.on("SESSION_ENDED", ({ reason }) => {
    clearLogin(storage);
    state.setState({ user: undefined });
    provider.clear(reason);
    p.onSessionEnded?.()?.(reason);
  });

  const getUser = async (chainId?: number) => {
    await ready();
    const user = await client.request("GET_USER", { chainId });
    provider.setUser(user);
    state.setState({ user });
    return user;
  };

  let socialFlow: { popup: Window; promise: Promise<void> } | undefined;
  let farcaster: Promise<string> | undefined;
  let farcasterWait: Promise<void> | undefined;

  const controller: EmbeddedController = {
    client,
    provider,
    ready,
    async connectEmail(value, options) {
      const trimmed = value.trim();
      if (!isValidEmail(trimmed)) throw new Error(messages.invalidEmail);
      // After the device approval the API counts a new purpose (the code): no local cooldown for that call.
      if (!options?.afterDeviceApproval) assertEmailCooldown(storage);
      await ready();
      const { action } = await client.request("CONNECT_EMAIL", { email: trimmed });
      email = trimmed;
      if (action !== "CONNECT") markEmailSent(storage);
      return action;
    },
    async waitForDevice(signal) {
      await ready();
      for (;;) {
        if (signal.aborted) throw new FrameError(messages.somethingWentWrong);
        try {
          await client.request("CONNECT_DEVICE", {});
          return;
        } catch (error) {
          if (signal.aborted) throw error;
          // Not approved yet (the frame answers after ~25 s), or the 30 s timeout aborted the call: ask again.
          const notYet =
            error instanceof FrameError &&
            (error.code === DEVICE_NOT_APPROVED || error.message === "Request was aborted");
          if (!notYet) throw error;
        }
      }
    },
    async connectOtp(otp) {
      await ready();
      await client.request("CONNECT_OTP", { otp: otp.trim() });
    },
    connectSocial(socialProvider, popup) {
      if (socialFlow?.popup === popup) return socialFlow.promise;
      const promise = (async () => {
        await ready();
        const stop = client.acceptNoticesFrom(popup);
        try {
          const { uri } = await client.request("GET_SOCIAL_REDIRECT_URI", { provider: socialProvider });
          popup.location.href = uri;
          await new Promise<void>((resolve, reject) => {
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
          await client.request("CONNECT_SOCIAL", { provider: socialProvider });
        } finally {
          stop();
          if (!popup.closed) popup.close();
        }
      })();
      socialFlow = { popup, promise };
      promise
        .catch(() => undefined)
        .finally(() => {
          if (socialFlow?.promise === promise) socialFlow = undefined;
        });
      return promise;
    },
    farcasterUri() {
      farcaster ??= (async () => {
        await ready();
        return (await client.request("GET_FARCASTER_URI", {})).url;
      })();
      farcaster.catch(() => {
        farcaster = undefined;
      });
      return farcaster;
    },
    connectFarcaster() {
      // One wait per request (a view mounted twice must not ask twice).
      farcasterWait ??= (async () => {
        await controller.farcasterUri();
        try {
          await client.request("CONNECT_FARCASTER", {});
        } finally {
          farcaster = undefined;
          farcasterWait = undefined;
        }
      })();
      return farcasterWait;
    },
    async updateEmail(value) {
      const trimmed = value.trim();
      if (!isValidEmail(trimmed)) throw new Error(messages.invalidEmail);
      assertEmailCooldown(storage);
      await ready();
      await client.request("UPDATE_EMAIL", { email: trimmed });
      markEmailSent(storage);
    },
    async updateEmailPrimaryOtp(otp) {
      await client.request("UPDATE_EMAIL_PRIMARY_OTP", { otp: otp.trim() });
    },
    async updateEmailSecondaryOtp(otp) {
      const { email: updated } = await client.request("UPDATE_EMAIL_SECONDARY_OTP", { otp: otp.trim() });
      rememberLogin(storage, updated);
      const user = state.getState().user;
      if (user) {
        const next = { ...user, email: updated };
        state.setState({ user: next });
        provider.setUser(next);
      }
      return updated;
    },
    async showRecovery() {
      await ready();
      await client.request("SHOW_RECOVERY", {});
    },
    async getSessions() {
      await ready();
      return (await client.request("GET_SESSIONS", {})).sessions;
    },
    async revokeSession(pci) {
      await ready();
      await client.request("REVOKE_SESSION", { pci });
    },
    async isConnected() {
      await ready();
      const { isConnected } = await client.request("IS_CONNECTED", {});
      // Spec §4: when not connected, cached login data is cleared.
      if (!isConnected) clearLogin(storage);
      return isConnected;
    },
    getUser,
    async signOut() {
      try {
        if (client.iframe()) await client.request("SIGN_OUT", {});
      } finally {
        clearLogin(storage);
        state.setState({ user: undefined });
        provider.clear("Signed out");
      }
    },
    loginSucceeded() {
      rememberLogin(storage, state.getState().user?.email ?? email ?? rememberedEmail(storage));
      email = undefined;
    },
    pendingEmail: () => email,
    createConnector: (config) => {
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
          const user = await getUser(chainId);
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
          const user = provider.user() ?? (await getUser());
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
    },
  };
  return controller;
}
