import { getAddress, type Hex, type PublicClient } from "viem";
import { parseSiweMessage, verifySiweMessage } from "viem/siwe";
import type { Db } from "../db/client.js";
import { HttpError } from "../http/errors.js";
import { consumeNonce, NONCE_TTL_MS } from "./nonces.js";
import type { Session } from "./sessions.js";

export type VerifySignInParameters = {
  db: Db;
  message: string;
  signature: Hex;
  /** Hosts (host:port) the sign-in message may name. */
  domains: readonly string[];
  /** A public client for each chain sign-ins are accepted on. */
  clientFor: (chainId: number) => PublicClient | undefined;
  now?: Date;
};

/** How far in the future a message's `Issued At` may be: clocks of wallets and servers drift (60 s). */
export const CLOCK_SKEW_MS = 60_000;

/**
 * How old a message's `Issued At` may be: a message is signed over a nonce that lives NONCE_TTL_MS, so one issued
 * longer ago than that (plus clock skew) was written for another sign-in, whatever nonce it now carries.
 */
export const MAX_MESSAGE_AGE_MS = NONCE_TTL_MS + CLOCK_SKEW_MS;

const isValidDate = (date: Date | undefined): date is Date => date instanceof Date && !Number.isNaN(date.getTime());

/** The host (host:port) of a SIWE `URI`, or undefined when it is not an http(s) URL. */
function uriHost(uri: string): string | undefined {
  try {
    const url = new URL(uri);
    return url.protocol === "http:" || url.protocol === "https:" ? url.host : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks a SIWE message and its signature: the message's domain and chain are configured, its `URI` is on the
 * same host as its domain, its address is EIP-55 checksummed, it was not issued in the future (beyond
 * CLOCK_SKEW_MS) nor more than MAX_MESSAGE_AGE_MS ago, and is within its validity window, and the signature is the address's (viem's
 * `verifySiweMessage`, which also handles smart accounts, ERC-1271/ERC-6492, through the chain's client).
 * Only then is the nonce consumed (one atomic DELETE … RETURNING): a failed attempt leaves the genuine nonce
 * usable, and a replay of a good one still fails. Throws an HttpError (400/401) in plain words.
 */
export async function verifySignIn({
  db,
  message,
  signature,
  domains,
  clientFor,
  now = new Date(),
}: VerifySignInParameters): Promise<Session> {
  const parsed = parseSiweMessage(message);
  if (
    !parsed.address ||
    !parsed.chainId ||
    !parsed.nonce ||
    !parsed.domain ||
    !parsed.uri ||
    !parsed.version ||
    !isValidDate(parsed.issuedAt)
  ) {
    throw new HttpError(400, "The message is not a valid Sign-In with Ethereum message");
  }
  if (!domains.includes(parsed.domain)) {
    throw new HttpError(401, `The message is for another site (${parsed.domain})`);
  }
  if (uriHost(parsed.uri) !== parsed.domain) {
    throw new HttpError(401, `The message's URI is not on the site it names (${parsed.domain})`);
  }
  if (getAddress(parsed.address) !== parsed.address) {
    throw new HttpError(400, "The message's address must be EIP-55 checksummed");
  }
  const client = clientFor(parsed.chainId);
  if (!client) throw new HttpError(401, `Sign-in on chain ${parsed.chainId} is not supported`);
  if (parsed.issuedAt.getTime() > now.getTime() + CLOCK_SKEW_MS)
    throw new HttpError(401, "The sign-in message is issued in the future");
  if (parsed.issuedAt.getTime() < now.getTime() - MAX_MESSAGE_AGE_MS)
    throw new HttpError(401, "The sign-in message was issued too long ago: sign in again");
  if (parsed.expirationTime && !(parsed.expirationTime > now))
    throw new HttpError(401, "The sign-in message has expired");
  if (parsed.notBefore && !(parsed.notBefore <= now)) throw new HttpError(401, "The sign-in message is not valid yet");
  let valid = false;
  try {
    valid = await verifySiweMessage(client, {
      message,
      signature,
      domain: parsed.domain,
      nonce: parsed.nonce,
      time: now,
    });
  } catch {
    throw new HttpError(401, "The signature could not be checked");
  }
  if (!valid) throw new HttpError(401, "The signature does not match the message");
  if (!(await consumeNonce(db, parsed.nonce, now))) {
    throw new HttpError(401, "The sign-in nonce is unknown, expired or already used");
  }
  return { address: parsed.address, chainId: parsed.chainId };
}
