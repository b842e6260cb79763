/** The wallet's signed-in sessions (spec §7): listed, and another device's ended with the wallet's own signature. */
import { type EmbeddedSession, FRAME_ERRORS } from "@fundament/wallet/embedded-protocol";
import type { Address } from "viem";
import { type FrameContext, requireWallet } from "../frameContext.js";
import { authed, restoreSession } from "../keyLifecycle.js";
import type { RequestInput, RequestResult } from "./types.js";

/** The text the wallet's key signs to end one of its sessions (spec §7 revoke; the API checks the same text). */
export const revokeSessionMessage = (pci: string) => `Revoke session ${pci}`;
export const NOT_A_SESSION_ID = "This is not a session id from the sessions list";
export const SESSION_NOT_FOUND = "This device is already signed out";
export const REVOKE_CURRENT_SESSION = "This is the session of this device. Use Sign out to end it.";

/** The wallet's live sessions from the API, passed on field by field (nothing else of the answer reaches the app). */
async function liveSessions(frame: FrameContext, address: Address): Promise<EmbeddedSession[]> {
  const { data } = await authed(frame, () => frame.api.sessions(address));
  if (!Array.isArray(data)) throw new Error(FRAME_ERRORS.generic);
  return data.map((item) => ({
    pci: String(item.pci),
    createdAt: String(item.createdAt),
    lastUsedAt: typeof item.lastUsedAt === "string" ? item.lastUsedAt : null,
    current: item.current === true,
    loginMethod: String(item.loginMethod),
  }));
}

export async function getSessions(frame: FrameContext): RequestResult<"GET_SESSIONS"> {
  await restoreSession(frame);
  const { account: key } = requireWallet(frame);
  return { sessions: await liveSessions(frame, key.address) };
}

export async function revokeSession(
  frame: FrameContext,
  { pci }: RequestInput["REVOKE_SESSION"],
): RequestResult<"REVOKE_SESSION"> {
  await restoreSession(frame);
  const { account: key } = requireWallet(frame);
  // This signature needs no click, so the frame signs nothing the app chose: only this fixed text, and only for
  // the id of a live session of this wallet, read from the API just now.
  if (pci === undefined) throw new Error(NOT_A_SESSION_ID);
  const target = (await liveSessions(frame, key.address)).find((session) => session.pci === pci);
  if (!target) throw new Error(SESSION_NOT_FOUND);
  if (target.current) throw new Error(REVOKE_CURRENT_SESSION);
  const signature = await key.signMessage({ message: revokeSessionMessage(pci) });
  // Not through `authed`: this route is authorised by the signature, and its 401 is a refused signature, not the
  // end of this device's session.
  const { success } = await frame.api.revokeSession(key.address, { pci, signature });
  if (!success) throw new Error(FRAME_ERRORS.generic);
  return {};
}
