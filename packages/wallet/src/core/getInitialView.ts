import type { View } from "./views.js";

export type GetInitialViewParameters = {
  /** A specific view requested by the caller. */
  view?: View | undefined;
  isConnected: boolean;
  /** No wallet adapters (connectors) exist. */
  noAdapters: boolean;
  isMobile: boolean;
};

/**
 * The opening rules (spec section 2), in order:
 * 1. no wallet adapters and not connected: mobile → AllWallets, desktop → ConnectingWalletConnectBasic;
 * 2. a specific view requested → that view;
 * 3. connected → Account; disconnected → Connect.
 */
export function getInitialView({ view, isConnected, noAdapters, isMobile }: GetInitialViewParameters): View {
  if (noAdapters && !isConnected) return isMobile ? "AllWallets" : "ConnectingWalletConnectBasic";
  if (view) return view;
  return isConnected ? "Account" : "Connect";
}
