import type { Address, PublicClient } from "viem";
import { getEnsAvatar, getEnsName } from "viem/actions";
import { normalize } from "viem/ens";
import type { Db } from "../db/client.js";
import { readNamesOf } from "./nameStore.js";

/** How long identity answers are cached (spec: names and identity 5 min). */
export const IDENTITY_CACHE_MS = 5 * 60_000;
/** How long one ENS look-up (name, then avatar) may take before it counts as none (ms). */
export const ENS_TIMEOUT_MS = 4_000;

/** `GET /v1/identity/:address`'s answer. */
export type Identity = { name: string | null; avatar: string | null };

/** `work`'s result, or null when it fails or takes longer than `ms`. */
export async function withinOrNull<T>(work: () => Promise<T | null>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([work().catch(() => null), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The name and avatar of an address: our registry's name first (read on every call, so a registration in any
 * instance of a fleet shows at once); else, with an ENS look-up (ENS_RPC_URL), the ENS primary name and its avatar.
 */
export async function resolveIdentity(
  db: Db,
  address: Address,
  ens: ((address: Address) => Promise<Identity>) | undefined,
): Promise<Identity> {
  const [own] = await readNamesOf(db, address);
  if (own) return { name: own.name, avatar: null };
  if (!ens) return { name: null, avatar: null };
  return ens(address);
}

/**
 * The ENS primary name of an address and its avatar, each bounded by `timeoutMs` (a failure or a timeout is null,
 * never an error).
 */
export async function lookUpEns(ens: PublicClient, address: Address, timeoutMs = ENS_TIMEOUT_MS): Promise<Identity> {
  const name = await withinOrNull(() => getEnsName(ens, { address }), timeoutMs);
  if (!name) return { name: null, avatar: null };
  const avatar = await withinOrNull(() => getEnsAvatar(ens, { name: normalize(name) }), timeoutMs);
  return { name, avatar };
}
