import type { WalletCore } from "../../core/createWalletCore.js";
import { useWalletRuntime } from "../context.js";

/** The framework-free core (state, router, modal, event bus, toasts) of the nearest provider. */
export function useWalletCore(): WalletCore {
  return useWalletRuntime().core;
}
