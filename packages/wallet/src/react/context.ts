import { createContext, useContext } from "react";
import type { WalletRuntime } from "../runtime/createWalletRuntime.js";

export const WalletContext = createContext<WalletRuntime | undefined>(undefined);

/** The wallet runtime of the nearest `WalletProvider`. */
export function useWalletRuntime(): WalletRuntime {
  const runtime = useContext(WalletContext);
  if (!runtime) throw new Error("Wallet hooks must be used inside <WalletProvider>");
  return runtime;
}
