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

/** The controller's state and wiring, handed to each of its steps. */
type SiwxContext = {
  p: CreateSiwxControllerParameters;
  store: Store<SiwxState>;
  storage: Pick<Storage, "getItem" | "setItem"> | undefined;
  /** Why the app asks (shown on the prompt). */
  reason: string;
  /** The server could not be reached: said once, and no prompt opens on its own after that. */
  unavailableSaid: boolean;
};

/** The connected account's address and chain, and whether it is a smart account. */
function activeAccount(p: CreateSiwxControllerParameters) {
  const account = p.core.state.activeAccount();
  if (!account.caipAddress) throw new NoActiveCaipAddressError();
  const { chainId, address } = parseCaipAddress(account.caipAddress);
  return {
    address: address as Address,
    chainId: Number(chainId),
    smart: account.preferredAccountType === "smartAccount",
  };
}

function sessionMatches(session: SiwxSession | null, address: string, chainId: number): boolean {
  return Boolean(session && session.address.toLowerCase() === address.toLowerCase() && session.chainId === chainId);
}

/** The accounts whose optional sign-in was cancelled in this browser session. */
function readSkipped(ctx: SiwxContext): string[] {
  try {
    const list = JSON.parse(ctx.storage?.getItem(SIWX_SKIPPED_KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((a): a is string => typeof a === "string") : [];
  } catch {
    return [];
  }
}

function setSkipped(ctx: SiwxContext, address: string, skip: boolean): void {
  const others = readSkipped(ctx).filter((a) => a !== address.toLowerCase());
  try {
    ctx.storage?.setItem(SIWX_SKIPPED_KEY, JSON.stringify(skip ? [...others, address.toLowerCase()] : others));
  } catch {
    // Storage full or blocked: the user is asked again after a reload, nothing worse.
  }
}

/** Says `text` once as a toast (the server could not be reached). */
function sayUnavailableOnce(ctx: SiwxContext, text: string): void {
  if (!ctx.unavailableSaid) ctx.p.core.toasts.show(text, "error");
  ctx.unavailableSaid = true;
}

function unavailable(ctx: SiwxContext): void {
  ctx.store.setState({ session: null, status: "error", message: SIWX_UNAVAILABLE });
  sayUnavailableOnce(ctx, SIWX_UNAVAILABLE);
}

/** The account's session, null when there is none; undefined when the server cannot be reached. */
async function currentSession(
  ctx: SiwxContext,
  address: string,
  chainId: number,
): Promise<SiwxSession | null | undefined> {
  let session: SiwxSession | null;
  try {
    session = (await ctx.p.adapter?.getSession()) ?? null;
  } catch {
    return undefined;
  }
  if (sessionMatches(session, address, chainId)) {
    ctx.store.setState({ session, status: "success", message: undefined });
    return session;
  }
  return null;
}

async function onConnected(ctx: SiwxContext, options: { restored?: boolean }): Promise<void> {
  const { p, store } = ctx;
  if (!p.adapter || !p.core.state.isConnected()) return;
  const { address, chainId } = activeAccount(p);
  const session = await currentSession(ctx, address, chainId);
  if (session) return;
  if (p.askOnConnect === false) {
    // Asks nothing: only learns whether this account has a session (the Account view offers sign-in).
    store.setState({ session: null, status: "idle", message: undefined });
    return;
  }
  if (session === undefined) return unavailable(ctx);
  store.setState({ session: null, status: "idle", message: undefined });
  if (options.restored && !p.required && readSkipped(ctx).includes(address.toLowerCase())) return;
  ctx.reason = p.reason ?? DEFAULT_SIWX_REASON;
  p.core.open({ view: "SIWXSignMessage" });
}

async function requestSession(ctx: SiwxContext, featureReason: string | undefined): Promise<boolean> {
  const { p } = ctx;
  if (!p.adapter || !p.core.state.isConnected()) return false;
  const { address, chainId } = activeAccount(p);
  const session = await currentSession(ctx, address, chainId);
  if (session) return true;
  if (session === undefined) {
    unavailable(ctx);
    return false;
  }
  ctx.store.setState({ session: null, status: "idle", message: undefined });
  ctx.reason = featureReason ?? p.reason ?? DEFAULT_SIWX_REASON;
  p.core.open({ view: "SIWXSignMessage" });
  return false;
}

/** The SIWE message to sign for `address` on `chainId`. */
function siweMessage(p: CreateSiwxControllerParameters, address: Address, chainId: number, nonce: string): string {
  const location = typeof window === "undefined" ? undefined : window.location;
  return createSiweMessage({
    domain: p.domain ?? location?.host ?? "localhost",
    uri: p.uri ?? location?.origin ?? "http://localhost",
    address,
    chainId,
    nonce,
    version: "1",
    statement: p.statement,
    issuedAt: new Date(),
  });
}

/** A failed signature or verification: said, shaken, and the sign-message view opened again. */
function signInFailed(ctx: SiwxContext, error: unknown, smart: boolean): void {
  const { core } = ctx.p;
  const text = isUserRejection(error)
    ? new SignatureDeclinedError({ smartAccount: smart }).shortMessage
    : ((error as { shortMessage?: string }).shortMessage ?? messages.somethingWentWrong);
  ctx.store.setState({ status: "error", message: text });
  core.bus.emit("SIWX_AUTH_ERROR", { message: text });
  core.toasts.show(text, "error");
  core.triggerShake();
  // A decline reopens the sign-message view.
  core.open({ view: "SIWXSignMessage" });
}

async function signIn(ctx: SiwxContext): Promise<SiwxSession | undefined> {
  const { p, store } = ctx;
  if (!p.adapter) throw new SiwxNotEnabledError();
  const { address, chainId, smart } = activeAccount(p);
  store.setState({ status: "authenticating", message: messages.authenticating });
  let nonce: string;
  try {
    nonce = await p.adapter.getNonce();
  } catch {
    store.setState({ status: "error", message: messages.siwxInitFailed });
    sayUnavailableOnce(ctx, messages.siwxInitFailed);
    // Back from the progress view to the prompt, which says what happened: no endless spinner.
    if (p.core.router.getState().view === "ConnectingSiwe") p.core.router.replace("SIWXSignMessage");
    return undefined;
  }
  const message = siweMessage(p, address, chainId, nonce);
  try {
    const signature = await p.signMessage(message);
    const session = await p.adapter.verify({ message, signature });
    store.setState({ status: "success", message: undefined, session });
    setSkipped(ctx, address, false);
    p.core.bus.emit("SIWX_AUTH_SUCCESS", { chainId });
    p.core.close();
    return session;
  } catch (error) {
    signInFailed(ctx, error, smart);
    return undefined;
  }
}

async function cancel(ctx: SiwxContext): Promise<void> {
  const { p } = ctx;
  ctx.store.setState({ status: "idle", message: undefined });
  if (!p.required && p.core.state.isConnected()) setSkipped(ctx, activeAccount(p).address, true);
  if (p.required) {
    await p.disconnect();
    p.core.close();
  } else {
    p.core.close();
  }
}

/** The sign-in-with-wallet flow of spec section 4, on a SIWX adapter. */
export function createSiwxController(p: CreateSiwxControllerParameters): SiwxController {
  const store = createStore<SiwxState>({ status: "idle", message: undefined, session: null });
  const ctx: SiwxContext = {
    p,
    store,
    storage: p.storage ?? (typeof sessionStorage === "undefined" ? undefined : sessionStorage),
    reason: p.reason ?? DEFAULT_SIWX_REASON,
    unavailableSaid: false,
  };
  return {
    ...store,
    get reason() {
      return ctx.reason;
    },
    onConnected: (options = {}) => onConnected(ctx, options),
    request: (featureReason) => requestSession(ctx, featureReason),
    signIn: () => signIn(ctx),
    cancel: () => cancel(ctx),
    async signOut() {
      await p.adapter?.signOut();
      store.setState({ status: "idle", message: undefined, session: null });
    },
  };
}
