/**
 * The key's lifecycle (README "Key scheme"): made and split on the first login, rebuilt from the device share on a
 * reload, from the recovery file on a new device, and forgotten on sign-out. The key only ever sits in the frame's
 * state (`FrameState.account`), never in storage.
 */
import { FRAME_ERRORS } from "@fundament/wallet/embedded-protocol";
import type { Address, Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { ApiError, type ApiUser, type LoginResult } from "./api.js";
import { abortApprovals } from "./approvalQueue.js";
import { type FrameContext, hide, notify, show } from "./frameContext.js";
import { combineKeyShares, createKeyShares, parseRecoveryFile, ShareMismatchError } from "./shares.js";
import { renderRecoveryRestore, renderRecoverySave } from "./ui.js";

/** The wallet's address and auth share, as the API releases them. */
type WalletShare = { address: Address; authShare: string };

/** Sign-out, or the session ended on the server: the token and the key go, every open signing request is aborted. */
export function forgetSession(frame: FrameContext) {
  frame.storage.clearSession();
  frame.state.user = undefined;
  frame.state.account = undefined;
  abortApprovals(frame, FRAME_ERRORS.aborted);
}

/** A 401 from the API means the session ended on the server (revoked, expired): the app disconnects. */
export async function authed<T>(frame: FrameContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && frame.storage.session()) {
      forgetSession(frame);
      notify(frame, "SESSION_ENDED", { reason: error.message });
    }
    throw error;
  }
}

function setWallet(frame: FrameContext, apiUser: ApiUser, key: Hex) {
  const account = privateKeyToAccount(key);
  frame.state.account = account;
  frame.state.user = { ...apiUser, address: account.address };
}

/**
 * Opens the user's wallet after a login: makes it (then the recovery file is saved), or rebuilds the key from the
 * device share, or, on a new device, from the recovery file. `interactive: false` (a silent reload) never shows a
 * screen: without a device share it leaves the wallet closed.
 */
export async function openWallet(frame: FrameContext, apiUser: ApiUser, interactive: boolean): Promise<boolean> {
  const share = await authed(frame, () => frame.api.walletShare());
  if (!share) {
    if (!interactive) return false;
    await createWallet(frame, apiUser);
    return true;
  }
  if (await openWithDeviceShare(frame, apiUser, share)) return true;
  if (!interactive) return false;
  await restoreFromFile(frame, apiUser, share);
  return true;
}

/** The device share and the auth share: whether they opened the wallet. */
async function openWithDeviceShare(frame: FrameContext, apiUser: ApiUser, share: WalletShare): Promise<boolean> {
  const local = frame.storage.deviceShare(apiUser.id);
  if (!local) return false;
  try {
    const key = await combineKeyShares(local, share.authShare, share.address);
    setWallet(frame, apiUser, key);
    return true;
  } catch (error) {
    if (!(error instanceof ShareMismatchError)) throw error;
    // A share of an older wallet of this user on this device: it cannot open this one, so ask for the file.
    frame.storage.removeDeviceShare(apiUser.id);
    return false;
  }
}

/** The first login: a new key, split; the device share kept, the auth share registered, the recovery file offered. */
async function createWallet(frame: FrameContext, apiUser: ApiUser) {
  const { storage, api } = frame;
  const { privateKey, address, shares } = await createKeyShares();
  const keyAccount = privateKeyToAccount(privateKey);
  const signature = await keyAccount.signMessage({
    message: `Fundament embedded wallet\nUser: ${apiUser.id}\nAddress: ${address}`,
  });
  // Stored before the upload: if the upload fails the next login makes a new key and overwrites this share.
  storage.setDeviceShare(apiUser.id, shares.deviceShare);
  try {
    await authed(frame, () => api.createWallet({ address, authShare: shares.authShare, signature }));
  } catch (error) {
    storage.removeDeviceShare(apiUser.id);
    if (error instanceof ApiError && error.status === 409) {
      // Another device made the wallet meanwhile: open that one instead.
      const existing = await authed(frame, () => api.walletShare());
      if (existing) return restoreFromFile(frame, apiUser, existing);
    }
    throw error;
  }
  setWallet(frame, apiUser, privateKey);
  await showRecoverySave(frame, address, shares.recoveryShare);
}

/** "Save your recovery file" until the person saved it or chose "Save later". */
export async function showRecoverySave(frame: FrameContext, address: Address, recoveryShare: string) {
  show(frame, "recovery-save", "Save your recovery file");
  await new Promise<void>((done) =>
    renderRecoverySave(frame.root, { address, recoveryShare, onDone: done, onLater: done }),
  );
  hide(frame);
}

/** "Restore your wallet on this device" until a recovery file of this wallet opened it. */
async function restoreFromFile(frame: FrameContext, apiUser: ApiUser, share: WalletShare) {
  show(frame, "recovery-restore", "Restore your wallet on this device");
  await new Promise<void>((done) =>
    renderRecoveryRestore(frame.root, {
      address: share.address,
      onFile: (text) => openWithRecoveryFile(frame, apiUser, share, text, done),
    }),
  );
  hide(frame);
}

/**
 * One chosen file: opens the wallet (then `onOpened`) and keeps the recovery share as this device's share, or answers
 * the text to show for a wrong file.
 */
async function openWithRecoveryFile(
  frame: FrameContext,
  apiUser: ApiUser,
  share: WalletShare,
  text: string,
  onOpened: () => void,
): Promise<string | undefined> {
  try {
    const file = parseRecoveryFile(text);
    const key = await combineKeyShares(file.recoveryShare, share.authShare, share.address);
    frame.storage.setDeviceShare(apiUser.id, file.recoveryShare);
    setWallet(frame, apiUser, key);
    onOpened();
    return undefined;
  } catch (error) {
    if (error instanceof ShareMismatchError) {
      return error.message.startsWith("This is not")
        ? error.message
        : "This recovery file belongs to a different wallet. Choose the file saved for this wallet.";
    }
    throw error;
  }
}

/** A login's answer: the session is kept, then the wallet opens (with any screen it needs). */
export async function finishLogin(frame: FrameContext, result: LoginResult) {
  frame.storage.setSession({ token: result.sessionToken, email: result.user.email?.toLowerCase() ?? null });
  await openWallet(frame, result.user, true);
}

/** After a reload: the stored session and this device's share reopen the wallet without any screen. */
export function restoreSession(frame: FrameContext): Promise<boolean> {
  const { state } = frame;
  if (state.account && state.user) return Promise.resolve(true);
  if (!frame.storage.session()) return Promise.resolve(false);
  state.restoring ??= reopenSilently(frame);
  return state.restoring;
}

async function reopenSilently(frame: FrameContext): Promise<boolean> {
  try {
    const me = await authed(frame, () => frame.api.me());
    return await openWallet(frame, me, false);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return false;
    throw error;
  } finally {
    frame.state.restoring = undefined;
  }
}

/** CONNECT_EMAIL's CONNECT: this device holds a live session for that email; may ask for the recovery file. */
export async function restoreSessionInteractive(frame: FrameContext): Promise<boolean> {
  if (await restoreSession(frame)) return true;
  if (!frame.storage.session()) return false;
  const me = await authed(frame, () => frame.api.me()).catch(() => undefined);
  return me ? openWallet(frame, me, true) : false;
}
