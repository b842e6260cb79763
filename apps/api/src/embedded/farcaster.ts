import { timingSafeEqual } from "node:crypto";
import { type AppClient, createAppClient, generateNonce, viemConnector } from "@farcaster/auth-client";
import { and, eq, isNull, lt } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { embeddedFarcasterChannels } from "../db/schema.js";
import { HttpError } from "../http/errors.js";
import { decrypt, encrypt, hmac } from "./crypto.js";
import { hashDeviceId } from "./devices.js";
import type { FarcasterConfig } from "./embeddedConfig.js";

/**
 * Sign In With Farcaster for the embedded wallet. The API opens a channel on a Farcaster auth relay (Farcaster's own,
 * or the local stand-in) with a nonce of its own, the person approves in their Farcaster app, and the API reads the
 * signed message back from the relay and verifies it with `@farcaster/auth-client`: the nonce and domain it issued,
 * the signature, and that the signer is the fid's custody address in the IdRegistry on FARCASTER_RPC_URL. The relay is
 * a messenger, never trusted: nothing it says counts before that check.
 */

/** How long a channel may wait for the person's approval; the signed message carries the same expiration time. */
export const FARCASTER_CHANNEL_TTL_MS = 10 * 60_000;

/** A Farcaster username (fname or ENS name), as Farcaster's relay accepts them. */
const USERNAME = /^[a-z0-9][a-z0-9-]{0,15}(?:\.eth)?$/;

/** How long the relay and the chain get per call. */
const UPSTREAM_TIMEOUT_MS = 10_000;

export const FARCASTER_ERRORS = {
  relayUnavailable: "The Farcaster relay is not reachable. Try again later.",
  unknownRequest: "Unknown Farcaster sign-in request. Start again.",
  alreadyUsed: "This Farcaster sign-in request was already used. Start again.",
  expired: "The Farcaster sign-in request has expired. Start again.",
  notVerified: "The Farcaster sign-in could not be verified. Start again.",
  checkUnavailable: "The Farcaster account could not be checked right now. Start again.",
} as const;

/** A completed Farcaster sign-in whose signature checked out. */
export type VerifiedFarcasterSignIn = {
  fid: number;
  /** The relay's username for the fid, only when the relay's fid is the verified one (informational). */
  username: string | null;
  /** The address that signed: the fid's custody address. */
  custody: string;
};

export type FarcasterChannelState = { state: "pending" } | ({ state: "completed" } & VerifiedFarcasterSignIn);

export type FarcasterLogin = {
  /** Opens a relay channel for `deviceId`: the link (and QR code) for the person's Farcaster app, and its token. */
  createChannel(deviceId: string): Promise<{ url: string; channelToken: string }>;
  /**
   * The channel's state: pending, or (once) completed with the verified fid. Throws HttpError with a plain sentence
   * for an unknown, expired, used or unverifiable channel, or an unreachable relay.
   */
  checkChannel(channelToken: string, deviceId: string): Promise<FarcasterChannelState>;
};

export type FarcasterLoginOptions = {
  db: Db;
  /** EMBEDDED_SECRET. */
  secret: Buffer;
  /** config.embedded.farcaster (FARCASTER_RELAY_URL, FARCASTER_RPC_URL, FARCASTER_DOMAIN, FARCASTER_SIWE_URI). */
  settings: FarcasterConfig;
  /** The clock (tests move it). */
  now?: () => Date;
  /** The auth-client app client (default: on `settings.relayUrl`, reading the chain at `settings.rpcUrl`). */
  client?: AppClient;
};

/** The stored form of a channel token (domain-separated from the other HMACs of EMBEDDED_SECRET). */
export const hashChannelToken = (secret: Buffer, token: string): string => hmac(secret, `farcaster-channel:${token}`);

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    const { protocol } = new URL(value);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

/** auth-client calls `fetch` without a deadline; every relay call here gets one. */
async function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** What the Farcaster steps work with: the options, with the clock and the app client settled. */
type FarcasterState = {
  db: Db;
  secret: Buffer;
  settings: FarcasterConfig;
  now: () => Date;
  appClient: AppClient;
};

/** A relay call with a deadline; any failure is 502 'The Farcaster relay is not reachable'. */
async function relayCall<T>(work: Promise<T>): Promise<T> {
  try {
    return await withTimeout(work, UPSTREAM_TIMEOUT_MS);
  } catch {
    throw new HttpError(502, FARCASTER_ERRORS.relayUnavailable);
  }
}

/** Opens a relay channel with a nonce of our own, checks the relay's answer, and stores the channel for the device. */
async function createChannel(
  { db, secret, settings, now, appClient }: FarcasterState,
  deviceId: string,
): Promise<{ url: string; channelToken: string }> {
  const at = now();
  const expiresAt = new Date(at.getTime() + FARCASTER_CHANNEL_TTL_MS);
  const nonce = generateNonce();
  const created = await relayCall(
    appClient.createChannel({
      siweUri: settings.siweUri,
      domain: settings.domain,
      nonce,
      expirationTime: expiresAt.toISOString(),
      // Custody signatures only: the check below reads the IdRegistry, not the KeyRegistry of auth addresses.
      acceptAuthAddress: false,
    }),
  );
  if (created.isError) throw new HttpError(502, FARCASTER_ERRORS.relayUnavailable);
  const { channelToken, url } = created.data;
  if (
    created.response.status !== 201 ||
    typeof channelToken !== "string" ||
    channelToken.length === 0 ||
    channelToken.length > 1_000 ||
    !isHttpUrl(url) ||
    created.data.nonce !== nonce
  ) {
    throw new HttpError(502, FARCASTER_ERRORS.relayUnavailable);
  }
  await db.delete(embeddedFarcasterChannels).where(lt(embeddedFarcasterChannels.expiresAt, at));
  await db.insert(embeddedFarcasterChannels).values({
    channelHash: hashChannelToken(secret, channelToken),
    channelTokenEnc: encrypt(secret, channelToken),
    nonce,
    deviceHash: hashDeviceId(secret, deviceId),
    expiresAt,
  });
  return { url, channelToken };
}

/** The device's stored channel, still open: 404 unknown (or another device's), 409 used, 410 expired. */
async function readOpenChannel(
  { db, secret, now }: FarcasterState,
  channelHash: string,
  channelToken: string,
  deviceId: string,
) {
  const [row] = await db
    .select()
    .from(embeddedFarcasterChannels)
    .where(eq(embeddedFarcasterChannels.channelHash, channelHash));
  // Another device's channel reads as unknown: the channel token is in the link anyone may see, the device id is
  // the frame's secret.
  if (!row || !sameHash(row.deviceHash, hashDeviceId(secret, deviceId))) {
    throw new HttpError(404, FARCASTER_ERRORS.unknownRequest);
  }
  // Defence in depth: the stored token must be the one asked about (and decrypt with this secret).
  if (decrypt(secret, row.channelTokenEnc) !== channelToken) throw new HttpError(404, FARCASTER_ERRORS.unknownRequest);
  if (row.completedAt) throw new HttpError(409, FARCASTER_ERRORS.alreadyUsed);
  if (row.expiresAt.getTime() <= now().getTime()) throw new HttpError(410, FARCASTER_ERRORS.expired);
  return row;
}

/**
 * Single use: claims the channel before verifying, so two concurrent checks cannot both sign in. The relay has
 * closed its side on this read, so a failed check cannot be retried either way.
 */
async function claimChannel({ db, now }: FarcasterState, channelHash: string): Promise<void> {
  const claimed = await db
    .update(embeddedFarcasterChannels)
    .set({ completedAt: now() })
    .where(and(eq(embeddedFarcasterChannels.channelHash, channelHash), isNull(embeddedFarcasterChannels.completedAt)))
    .returning({ channelHash: embeddedFarcasterChannels.channelHash });
  if (claimed.length !== 1) throw new HttpError(409, FARCASTER_ERRORS.alreadyUsed);
}

/** The relay's completed answer for a channel. */
type CompletedStatus = { message?: unknown; signature?: unknown; fid?: unknown; username?: unknown };

/**
 * Verifies the signed message the relay passed on, with the nonce this API issued: the domain and URI, the signature,
 * and (custody only) that the signer holds the fid in the IdRegistry. 401 when it does not check out, 502 when the
 * chain cannot be read.
 */
async function verifyCompleted(
  { settings, appClient }: FarcasterState,
  nonce: string,
  data: CompletedStatus,
): Promise<VerifiedFarcasterSignIn> {
  const { message, signature } = data;
  if (typeof message !== "string" || typeof signature !== "string" || !/^0x[0-9a-fA-F]+$/.test(signature)) {
    throw new HttpError(401, FARCASTER_ERRORS.notVerified);
  }
  let verified: Awaited<ReturnType<AppClient["verifySignInMessage"]>>;
  try {
    verified = await withTimeout(
      appClient.verifySignInMessage({
        nonce,
        domain: settings.domain,
        message,
        signature: signature as `0x${string}`,
        acceptAuthAddress: false,
      }),
      UPSTREAM_TIMEOUT_MS,
    );
  } catch {
    throw new HttpError(502, FARCASTER_ERRORS.checkUnavailable);
  }
  if (verified.isError) {
    // "unavailable": the IdRegistry could not be read; anything else: the message or the signature is wrong.
    if (verified.error?.errCode === "unavailable") throw new HttpError(502, FARCASTER_ERRORS.checkUnavailable);
    throw new HttpError(401, FARCASTER_ERRORS.notVerified);
  }
  // auth-client checks the domain but not the URI: the message must also name the URI this API asked for.
  if (verified.data.uri !== settings.siweUri || verified.authMethod !== "custody") {
    throw new HttpError(401, FARCASTER_ERRORS.notVerified);
  }
  const relayName = data.username;
  const username =
    data.fid === verified.fid && typeof relayName === "string" && USERNAME.test(relayName) ? relayName : null;
  return { fid: verified.fid, username, custody: verified.data.address };
}

/** The channel's state: pending, or (once) completed with the verified fid. */
async function checkChannel(
  state: FarcasterState,
  channelToken: string,
  deviceId: string,
): Promise<FarcasterChannelState> {
  const channelHash = hashChannelToken(state.secret, channelToken);
  const row = await readOpenChannel(state, channelHash, channelToken, deviceId);
  const status = await relayCall(state.appClient.status({ channelToken }));
  if (status.isError) throw new HttpError(502, FARCASTER_ERRORS.relayUnavailable);
  // The relay forgets a channel that expired, was cancelled in the Farcaster app, or was already read completed.
  if (status.response.status === 401) throw new HttpError(410, FARCASTER_ERRORS.expired);
  if (status.response.status === 202) return { state: "pending" };
  if (status.response.status !== 200 || status.data.state !== "completed") {
    throw new HttpError(502, FARCASTER_ERRORS.relayUnavailable);
  }
  await claimChannel(state, channelHash);
  return { state: "completed", ...(await verifyCompleted(state, row.nonce, status.data)) };
}

/** Sign In With Farcaster over the relay of `settings` (see the module's note); the steps are the functions above. */
export function farcasterLogin({
  db,
  secret,
  settings,
  now = () => new Date(),
  client,
}: FarcasterLoginOptions): FarcasterLogin {
  const appClient =
    client ??
    createAppClient({
      relay: settings.relayUrl.replace(/\/+$/, ""),
      ethereum: viemConnector({ rpcUrl: settings.rpcUrl }),
    });
  const state: FarcasterState = { db, secret, settings, now, appClient };
  return {
    createChannel: (deviceId) => createChannel(state, deviceId),
    checkChannel: (channelToken, deviceId) => checkChannel(state, channelToken, deviceId),
  };
}
