import { RECENT_WALLETS_COUNT } from "../core/constants.js";

export const RECENT_WALLETS_KEY = "@fundament/wallet/recent";

export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function defaultStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** Ids of the recently used wallets, newest first (at most 2). */
export function getRecentWallets(storage: KeyValueStorage | undefined = defaultStorage()): string[] {
  try {
    const raw = storage?.getItem(RECENT_WALLETS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed)
      ? parsed.filter((x): x is string => typeof x === "string").slice(0, RECENT_WALLETS_COUNT)
      : [];
  } catch {
    return [];
  }
}

/** Records a wallet as the most recent; 2 are kept. */
export function addRecentWallet(id: string, storage: KeyValueStorage | undefined = defaultStorage()): string[] {
  const next = [id, ...getRecentWallets(storage).filter((x) => x !== id)].slice(0, RECENT_WALLETS_COUNT);
  storage?.setItem(RECENT_WALLETS_KEY, JSON.stringify(next));
  return next;
}
