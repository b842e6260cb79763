import type { View } from "../../core/views.js";

/** The modal title of each view. */
export const viewTitles: Record<View, string> = {
  Connect: "Connect Wallet",
  Account: "Account",
  AllWallets: "All Wallets",
  ConnectingExternal: "Connecting",
  ConnectingWalletConnect: "WalletConnect",
  ConnectingWalletConnectBasic: "Connect Wallet",
  ConnectingSiwe: "Sign In",
  SIWXSignMessage: "Sign In",
  ApproveTransaction: "Approve Transaction",
  UnsupportedChain: "Switch Network",
  Networks: "Choose Network",
  Send: "Send",
  Receive: "Receive",
  Buy: "Buy",
  Transactions: "Activity",
  Swap: "Swap",
  SwapPreview: "Review Swap",
  RegisterAccountName: "Choose a Name",
  RegisterAccountNameSuccess: "Your Name",
};
