import { desc, eq, inArray } from "drizzle-orm";
import { getAddress } from "viem";
import type { Db } from "../db/client.js";
import { names } from "../db/schema.js";

/** ENSIP-11: EVM chain ids must stay below this; the coin type of chain `id` is `COIN_TYPE_OFFSET | id`. */
export const COIN_TYPE_OFFSET = 2_147_483_648;
/** Coin type 60: Ethereum mainnet (chain id 1). */
export const ETH_COIN_TYPE = 60;
/** The spec's error for a chain id ≥ COIN_TYPE_OFFSET. */
export const INVALID_CHAIN_ID = "Invalid chainId";

/** A registered name as the profile routes answer it (and the CCIP-Read gateway reads it). */
export type NameRecord = {
  /** The full name, lowercase, e.g. `alice.fundament`. */
  name: string;
  /** Unix seconds of the first registration. */
  registered: number;
  /** Unix seconds of the last change. */
  updated: number;
  /** The address per ENSIP-11 coin type (decimal string key), checksummed. */
  addresses: Record<string, { address: string }>;
  attributes: Record<string, string>;
};

/** Thrown by `coinTypeOf` for a chain id that has no EVM coin type. */
export class InvalidChainIdError extends Error {
  override name = "InvalidChainIdError";
  constructor() {
    super(INVALID_CHAIN_ID);
  }
}

/**
 * The ENSIP-11 coin type of an EVM chain id: 60 for chain 1, else `(0x80000000 | chainId) >>> 0`.
 * @throws InvalidChainIdError ('Invalid chainId') for a chain id ≥ 2147483648 or one that is not a whole number ≥ 0.
 */
export function coinTypeOf(chainId: number): number {
  if (!Number.isSafeInteger(chainId) || chainId < 0 || chainId >= COIN_TYPE_OFFSET) throw new InvalidChainIdError();
  return chainId === 1 ? ETH_COIN_TYPE : (COIN_TYPE_OFFSET | chainId) >>> 0;
}

/** The EVM chain id of an ENSIP-11 coin type (60 → 1, 0x80000000 | id → id), or undefined for a non-EVM one. */
export function chainIdOfCoinType(coinType: number): number | undefined {
  if (coinType === ETH_COIN_TYPE) return 1;
  if (Number.isSafeInteger(coinType) && coinType > COIN_TYPE_OFFSET && coinType <= 0xffff_ffff)
    return coinType - COIN_TYPE_OFFSET;
  return undefined;
}

/** The stored row's public shape. */
export function toNameRecord(row: typeof names.$inferSelect): NameRecord {
  return {
    name: row.name,
    registered: Math.floor(row.registeredAt.getTime() / 1000),
    updated: Math.floor(row.updatedAt.getTime() / 1000),
    addresses: { [String(row.coinType)]: { address: getAddress(row.address) } },
    attributes: {},
  };
}

/** The record of a full name (`alice.fundament`, any case), or undefined when it is not registered. */
export async function readName(db: Db, fullName: string): Promise<NameRecord | undefined> {
  const key = fullName.trim().toLowerCase();
  if (!key || key.length > 255) return undefined;
  const [row] = await db.select().from(names).where(eq(names.name, key)).limit(1);
  return row ? toNameRecord(row) : undefined;
}

/** The names an address holds (at most one; an array as the reverse route answers), newest first. */
export async function readNamesOf(db: Db, address: string): Promise<NameRecord[]> {
  const rows = await db
    .select()
    .from(names)
    .where(eq(names.address, address.toLowerCase()))
    .orderBy(desc(names.updatedAt));
  return rows.map(toNameRecord);
}

/** Which of the given full names (lowercase) are registered. */
export async function registeredAmong(db: Db, fullNames: readonly string[]): Promise<Set<string>> {
  if (fullNames.length === 0) return new Set();
  const rows = await db
    .select({ name: names.name })
    .from(names)
    .where(inArray(names.name, [...fullNames]));
  return new Set(rows.map((row) => row.name));
}
