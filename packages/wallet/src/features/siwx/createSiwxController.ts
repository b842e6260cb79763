import type { Address } from "viem";
import { createSiweMessage } from "viem/siwe";
import { parseCaipAddress } from "../../core/caip.js";
import { createStore, type Store } from "../../core/createStore.js";
import type { WalletCore } from "../../core/createWalletCore.js";
import {
  isUserRejection,
  NoActiveCaipAddressError,
  SignatureDeclinedError,
  SiwxNotEnabledError,
} from "../../core/errors.js";
import { messages } from "../../core/messages.js";
import { DEFAULT_SIWX_REASON, SIWX_UNAVAILABLE } from "./siwxTexts.js";
import type { SiwxAdapter, SiwxSession } from "./types.js";

export type SiwxStatus = "idle" | "authenticating" | "error" | "success";

export type SiwxState = {
  status: SiwxStatus;
  /** 'Authenticating...' while signing; the error text after a failure. */
  message: string | undefined;
  session: SiwxSession | null;
};

export type CreateSiwxControllerParameters = {
  core: WalletCore;
  adapter: SiwxAdapter | undefined;
  /** Sign-in is required: cancelling disconnects. */
  required?: boolean | undefined;
  /** Signs with the connected wallet (personal_sign). */
  signMessage: (message: string) => Promise<`0x${string}`>;
  /** Disconnects the wallet (used when cancelling a required sign-in). */
  disconnect: () => Promise<void>;
  /** Shown in the message. */
  statement?: string | undefined;
  /** Why the app asks: what the session unlocks, shown on the sign-in prompt. */
  reason?: string | undefined;
  /**
   * Ask on every connect when there is no session (default true, the spec's flow). With false, the prompt opens only
   * when a feature that needs the session calls `request()`.
   */
  askOnConnect?: boolean | undefined;
  /** Defaults to the page's host and origin. */
  domain?: string | undefined;
  uri?: string | undefined;
  /**
   * Where an optional sign-in the user cancelled is remembered for the browser session (default
   * `sessionStorage`), so a reload does not ask again.
   */
  storage?: Pick<Storage, "getItem" | "setItem"> | undefined;
};

/** The `storage` key of the accounts whose optional sign-in was cancelled in this browser session. */
export const SIWX_SKIPPED_KEY = "fundament.siwx.skipped";

export type SiwxController = Store<SiwxState> & {
  /** Why the app asks (shown on the prompt). */
  reason: string;
  /**
   * A feature needs the session: resolves true when one exists for the account, else opens the prompt (with the
   * feature's own reason, if given) and resolves false. Asks nothing while the server cannot be reached.
   */
  request(reason?: string): Promise<boolean>;
  /**
   * After a connection: opens the sign-message view when no session for this account exists. For a connection
   * `restored` at page load, not when the user cancelled an optional sign-in for this account in this session.
   * With `askOnConnect: false` it opens nothing and only reads whether the account has a session.
   */
  onConnected(options?: { restored?: boolean }): Promise<void>;
  /**
   * Signs in: nonce, message, signature, verification. When the server cannot be reached it fails once with the
   * spec's text, back on the prompt (no spinner), and is not asked again on its own.
   */
  signIn(): Promise<SiwxSession | undefined>;
  /** Cancel on the sign-message view: disconnect when sign-in is required, else close. */
  cancel(): Promise<void>;
  signOut(): Promise<void>;
};

/** The sign-in-with-wallet flow of spec section 4, on a SIWX adapter. */
export function createSiwxController(p: CreateSiwxControllerParameters): SiwxController {
  const store = createStore<SiwxState>({ status: "idle", message: undefined, session: null });
  const active = () => {
    const account = p.core.state.activeAccount();
    if (!account.caipAddress) throw new NoActiveCaipAddressError();
    const { chainId, address } = parseCaipAddress(account.caipAddress);
    return {
      address: address as Address,
      chainId: Number(chainId),
      smart: account.preferredAccountType === "smartAccount",
    };
  };
  const matches = (session: SiwxSession | null, address: string, chainId: number) =>
    Boolean(session && session.address.toLowerCase() === address.toLowerCase() && session.chainId === chainId);
  const storage = p.storage ?? (typeof sessionStorage === "undefined" ? undefined : sessionStorage);
  const skipped = (): string[] => {
    try {
      const list = JSON.parse(storage?.getItem(SIWX_SKIPPED_KEY) ?? "[]");
      return Array.isArray(list) ? list.filter((a): a is string => typeof a === "string") : [];
    } catch {
      return [];
    }
  };
  const setSkipped = (address: string, skip: boolean) => {
    const others = skipped().filter((a) => a !== address.toLowerCase());
    try {
      storage?.setItem(SIWX_SKIPPED_KEY, JSON.stringify(skip ? [...others, address.toLowerCase()] : others));
    } catch {
      // Storage full or blocked: the user is asked again after a reload, nothing worse.
    }
  };

  let reason = p.reason ?? DEFAULT_SIWX_REASON;
  // The server could not be reached: said once, and no prompt opens on its own after that.
  let unavailableSaid = false;
  const unavailable = () => {
    store.setState({ session: null, status: "error", message: SIWX_UNAVAILABLE });
    if (!unavailableSaid) p.core.toasts.show(SIWX_UNAVAILABLE, "error");
    unavailableSaid = true;
  };
  /** The account's session, null when there is none; undefined when the server cannot be reached. */
  const currentSession = async (address: string, chainId: number): Promise<SiwxSession | null | undefined> => {
    let session: SiwxSession | null;
    try {
      session = (await p.adapter?.getSession()) ?? null;
    } catch {
      return undefined;
    }
    if (matches(session, address, chainId)) {
      store.setState({ session, status: "success", message: undefined });
      return session;
    }
    return null;
  };

  return {
    ...store,
    get reason() {
      return reason;
    },
    async onConnected(options = {}) {
      if (!p.adapter || !p.core.state.isConnected()) return;
      const { address, chainId } = active();
      const session = await currentSession(address, chainId);
      if (session) return;
      if (p.askOnConnect === false) {
        // Asks nothing: only learns whether this account has a session (the Account view offers sign-in).
        store.setState({ session: null, status: "idle", message: undefined });
        return;
      }
      if (session === undefined) return unavailable();
      store.setState({ session: null, status: "idle", message: undefined });
      if (options.restored && !p.required && skipped().includes(address.toLowerCase())) return;
      reason = p.reason ?? DEFAULT_SIWX_REASON;
      p.core.open({ view: "SIWXSignMessage" });
    },
    async request(featureReason) {
      if (!p.adapter || !p.core.state.isConnected()) return false;
      const { address, chainId } = active();
      const session = await currentSession(address, chainId);
      if (session) return true;
      if (session === undefined) {
        unavailable();
        return false;
      }
      store.setState({ session: null, status: "idle", message: undefined });
      reason = featureReason ?? p.reason ?? DEFAULT_SIWX_REASON;
      p.core.open({ view: "SIWXSignMessage" });
      return false;
    },
    async signIn() {
      if (!p.adapter) throw new SiwxNotEnabledError();
      const { address, chainId, smart } = active();
      store.setState({ status: "authenticating", message: messages.authenticating });
      let nonce: string;
      try {
        nonce = await p.adapter.getNonce();
      } catch {
        store.setState({ status: "error", message: messages.siwxInitFailed });
        if (!unavailableSaid) p.core.toasts.show(messages.siwxInitFailed, "error");
        unavailableSaid = true;
        // Back from the progress view to the prompt, which says what happened: no endless spinner.
        if (p.core.router.getState().view === "ConnectingSiwe") p.core.router.replace("SIWXSignMessage");
        return undefined;
      }
      const location = typeof window === "undefined" ? undefined : window.location;
      const message = createSiweMessage({
        domain: p.domain ?? location?.host ?? "localhost",
        uri: p.uri ?? location?.origin ?? "http://localhost",
        address,
        chainId,
        nonce,
        version: "1",
        statement: p.statement,
        issuedAt: new Date(),
      });
      try {
        const signature = await p.signMessage(message);
        const session = await p.adapter.verify({ message, signature });
        store.setState({ status: "success", message: undefined, session });
        setSkipped(address, false);
        p.core.bus.emit("SIWX_AUTH_SUCCESS", { chainId });
        p.core.close();
        return session;
      } catch (error) {
        const text = isUserRejection(error)
          ? new SignatureDeclinedError({ smartAccount: smart }).shortMessage
          : ((error as { shortMessage?: string }).shortMessage ?? messages.somethingWentWrong);
        store.setState({ status: "error", message: text });
        p.core.bus.emit("SIWX_AUTH_ERROR", { message: text });
        p.core.toasts.show(text, "error");
        p.core.triggerShake();
        // A decline reopens the sign-message view.
        p.core.open({ view: "SIWXSignMessage" });
        return undefined;
      }
    },
    async cancel() {
      store.setState({ status: "idle", message: undefined });
      if (!p.required && p.core.state.isConnected()) setSkipped(active().address, true);
      if (p.required) {
        await p.disconnect();
        p.core.close();
      } else {
        p.core.close();
      }
    },
    async signOut() {
      await p.adapter?.signOut();
      store.setState({ status: "idle", message: undefined, session: null });
    },
  };
}
