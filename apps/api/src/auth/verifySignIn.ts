import type { Hex, PublicClient } from "viem";
import { parseSiweMessage, verifySiweMessage } from "viem/siwe";
import type { Db } from "../db/client.js";
import { HttpError } from "../http/errors.js";
import { consumeNonce } from "./nonces.js";
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

/**
 * Checks a SIWE message and its signature: the message's domain and chain are configured, it is within
 * its validity window, its nonce is known, unexpired and unused (consumed here, atomically), and the
 * signature is the address's (viem's `verifySiweMessage`, which also handles smart accounts through the
 * chain's client). Throws an HttpError (400/401) in plain words.
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
  if (!parsed.address || !parsed.chainId || !parsed.nonce || !parsed.domain || !parsed.uri || !parsed.version) {
    throw new HttpError(400, "The message is not a valid Sign-In with Ethereum message");
  }
  if (!domains.includes(parsed.domain)) {
    throw new HttpError(401, `The message is for another site (${parsed.domain})`);
  }
  const client = clientFor(parsed.chainId);
  if (!client) throw new HttpError(401, `Sign-in on chain ${parsed.chainId} is not supported`);
  if (parsed.expirationTime && parsed.expirationTime <= now)
    throw new HttpError(401, "The sign-in message has expired");
  if (parsed.notBefore && parsed.notBefore > now) throw new HttpError(401, "The sign-in message is not valid yet");
  if (!(await consumeNonce(db, parsed.nonce, now))) {
    throw new HttpError(401, "The sign-in nonce is unknown, expired or already used");
  }
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
  return { address: parsed.address, chainId: parsed.chainId };
}
