import { createHash } from "node:crypto";
import { and, eq, max, ne, sql } from "drizzle-orm";
import { type Address, getAddress, type Hex, type PublicClient } from "viem";
import { verifyMessage } from "viem/actions";
import type { Db } from "../db/client.js";
import { nameRegistrations, names } from "../db/schema.js";
import { HttpError } from "../http/errors.js";
import {
  COIN_TYPE_OFFSET,
  coinTypeOf,
  ETH_COIN_TYPE,
  INVALID_CHAIN_ID,
  type NameRecord,
  toNameRecord,
} from "./nameStore.js";
import { labelProblem, parseName } from "./rules.js";

/** How far a registration message's `timestamp` may be from now, either way (seconds). */
export const REGISTRATION_WINDOW_SECONDS = 600;
/** The answer to a message already used, or one not newer than the address's last registration. */
export const REGISTRATION_REPLAYED = "This registration message was already used; sign a new one";

/** `POST /v1/profile/account`'s body, checked for shape by the route. */
export type RegistrationRequest = {
  coinType: number;
  address: Address;
  /** The JSON text `{"name":"alice.fundament","attributes":{},"timestamp":<unix seconds>}` that was signed. */
  message: string;
  signature: Hex;
};

export type RegisterNameParameters = RegistrationRequest & {
  db: Db;
  /** The only zone names are registered under (NAME_ZONE). */
  zone: string;
  /** A public client per chain id the API knows (undefined for others). */
  clientFor: (chainId: number) => PublicClient | undefined;
  /** The chain whose client checks a coin type 60 signature when chain 1 has no RPC URL. */
  fallbackChainId: number;
  now?: Date;
};

/** The signed message's fields. */
export type RegistrationMessage = { name: string; timestamp: number };

/** Parses the signed JSON message; throws a 400 HttpError in plain words when it is not one. */
export function parseRegistrationMessage(message: string): RegistrationMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    throw new HttpError(400, "The message must be the JSON text of the name, its attributes and a timestamp");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new HttpError(400, "The message must be the JSON text of the name, its attributes and a timestamp");
  const { name, attributes, timestamp } = parsed as Record<string, unknown>;
  if (typeof name !== "string" || !name || name.length > 300) throw new HttpError(400, "The message names no name");
  if (attributes !== undefined && (typeof attributes !== "object" || attributes === null || Array.isArray(attributes)))
    throw new HttpError(400, "The message's attributes must be an object");
  if (typeof timestamp !== "number" || !Number.isSafeInteger(timestamp) || timestamp < 0)
    throw new HttpError(400, "The message's timestamp must be a time in unix seconds");
  return { name, timestamp };
}

/**
 * The EVM chain id of a registration's coin type: 60 is chain 1; `0x80000000 | id` is chain `id`, which must be
 * below 2147483648 ('Invalid chainId') and written as ENSIP-11 writes it. Throws a 400 HttpError otherwise.
 */
export function chainIdOfRegistration(coinType: number): number {
  if (coinType === ETH_COIN_TYPE) return 1;
  if (coinType < COIN_TYPE_OFFSET)
    throw new HttpError(400, `Coin type ${coinType} is not the coin type of an EVM chain`);
  const chainId = coinType - COIN_TYPE_OFFSET;
  if (chainId >= COIN_TYPE_OFFSET) throw new HttpError(400, INVALID_CHAIN_ID);
  if (coinTypeOf(chainId) !== coinType)
    throw new HttpError(400, `Use coin type ${coinTypeOf(chainId)} for chain ${chainId}`);
  return chainId;
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let cause = error, depth = 0; cause && depth < 4; depth++) {
    if ((cause as { code?: unknown }).code === "23505") return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * Registers a name for an address from its signed message: the coin type's chain is known, the name's zone is
 * `zone` and its label follows the rules, the timestamp is within REGISTRATION_WINDOW_SECONDS of now, the
 * signature is the address's (viem's `verifyMessage`: EOAs, ERC-1271 and ERC-6492 smart accounts), and the message
 * is neither used before nor older than the address's last registration. In one transaction (serialized per
 * address): the message is marked used, a name held by another address is refused (409 "Name {name} is taken"),
 * and the address's previous name is replaced. Throws an HttpError (400/401/409) in plain words.
 */
export async function registerName(parameters: RegisterNameParameters): Promise<NameRecord> {
  const { db, zone, clientFor, fallbackChainId, coinType, message, signature, now = new Date() } = parameters;
  const address = getAddress(parameters.address);
  const chainId = chainIdOfRegistration(coinType);
  const client = clientFor(chainId) ?? (coinType === ETH_COIN_TYPE ? clientFor(fallbackChainId) : undefined);
  if (!client) throw new HttpError(400, `Chain ${chainId} is not supported for names`);

  const signed = parseRegistrationMessage(message);
  const parsed = parseName(signed.name, zone);
  if (parsed.zone !== zone) throw new HttpError(400, `Names end in .${zone}; ${parsed.name} is in another zone`);
  const problem = labelProblem(parsed.label, parsed.name);
  if (problem) throw new HttpError(400, problem);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (Math.abs(nowSeconds - signed.timestamp) > REGISTRATION_WINDOW_SECONDS)
    throw new HttpError(400, "The registration message is too old or in the future; sign a new one");

  let valid: boolean;
  try {
    valid = await verifyMessage(client, { address, message, signature });
  } catch {
    throw new HttpError(401, "The signature could not be checked");
  }
  if (!valid) throw new HttpError(401, "The signature is not the address's");

  const owner = address.toLowerCase();
  const messageHash = createHash("sha256").update(`${owner}\n${message}`).digest("hex");
  try {
    return await db.transaction(async (tx) => {
      // One registration of an address at a time: its checks and its replacement see each other.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fundament:name:${owner}`}))`);
      const [last] = await tx
        .select({ latest: max(nameRegistrations.signedAt) })
        .from(nameRegistrations)
        .where(eq(nameRegistrations.address, owner));
      if (last?.latest !== null && last?.latest !== undefined && signed.timestamp <= Number(last.latest))
        throw new HttpError(400, REGISTRATION_REPLAYED);
      const used = await tx
        .insert(nameRegistrations)
        .values({ messageHash, address: owner, signedAt: signed.timestamp, usedAt: now })
        .onConflictDoNothing()
        .returning({ messageHash: nameRegistrations.messageHash });
      if (used.length === 0) throw new HttpError(400, REGISTRATION_REPLAYED);

      const [holder] = await tx.select().from(names).where(eq(names.name, parsed.name)).for("update");
      if (holder && holder.address !== owner) throw new HttpError(409, `Name ${parsed.name} is taken`);
      await tx.delete(names).where(and(eq(names.address, owner), ne(names.name, parsed.name)));
      const [row] = holder
        ? await tx.update(names).set({ coinType, updatedAt: now }).where(eq(names.name, parsed.name)).returning()
        : await tx
            .insert(names)
            .values({ ...parsed, address: owner, coinType, registeredAt: now, updatedAt: now })
            .returning();
      if (!row) throw new Error("The name row was not written");
      return toNameRecord(row);
    });
  } catch (error) {
    // Another address registered the same name at the same moment.
    if (isUniqueViolation(error)) throw new HttpError(409, `Name ${parsed.name} is taken`);
    throw error;
  }
}
