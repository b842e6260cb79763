import type { AccountType } from "../../core/createWalletState.js";

/** Where the preferred account type is kept between visits. */
export const PREFERRED_ACCOUNT_TYPE_KEY = "fundament.wallet.preferredAccountType";

type KeyValueStorage = Pick<Storage, "getItem" | "setItem">;

const defaultStorage = (): KeyValueStorage | undefined => {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
};

/** The stored preference; EOA when nothing (or anything else) is stored: EOA is the fallback (spec). */
export function readPreferredAccountType(storage: KeyValueStorage | undefined = defaultStorage()): AccountType {
  try {
    return storage?.getItem(PREFERRED_ACCOUNT_TYPE_KEY) === "smartAccount" ? "smartAccount" : "eoa";
  } catch {
    return "eoa";
  }
}

/** Keeps the preference for the next visit (a storage that refuses, e.g. private mode, keeps it for this page only). */
export function writePreferredAccountType(
  type: AccountType,
  storage: KeyValueStorage | undefined = defaultStorage(),
): void {
  try {
    storage?.setItem(PREFERRED_ACCOUNT_TYPE_KEY, type);
  } catch {
    // not persisted; the in-memory state still holds it
  }
}
