import type { ChainNamespace } from "./caip.js";

/** Every user-visible text of the wallet layer, verbatim from the spec. */
export const messages = {
  authenticating: "Authenticating...",
  signatureDeclined: "Signature declined",
  smartAccountSignatureDeclined: "This application might not support Smart Accounts",
  siwxInitFailed: "A problem occurred while trying initialize authentication",
  siwxNotEnabled: "SIWX is not enabled",
  noActiveCaipAddress: "No ActiveCaipAddress found",
  failedToDisconnect: "Failed to disconnect",
  tokenBalanceUnavailable: "Token Balance Unavailable",
  failedToFetchTransactions: "Failed to fetch transactions",
  transactionStarted: "Transaction started",
  somethingWentWrong: "Something went wrong",
  solanaSendFailed: "Failed to send transaction. Please try again.",
  invalidAmountAndReceiver: "Please enter a valid amount and receiver address",
  unsupportedChain: "Unsupported chain",
  networkNotFound: "Network not found",
  networkNotFoundAlert: "Network Not Found",
  walletConnectConnectorNotFound: "WalletConnectConnector not found",
  addressOrAuthConnectorNotFound: "Address or auth connector not found",
  chainAdapterNotFound: "Chain adapter not found",
  networkClientNotSet: "NetworkController client not set",
  connectionClientNotSet: "ConnectionController client not set",
  projectIdNotConfigured: "Project ID Not Configured",
  invalidAppConfiguration: "Invalid App Configuration",
  rpcCallNotAllowed: "Requested RPC call is not allowed",
  actionNotAllowed: "Action not allowed",
  invalidChainId: "Invalid chainId",
  required: "Required",
  insufficientGas: "Insufficient funds for gas",
  errorResolvingName: "Error resolving name",
  errorFetchingNameSuggestions: "Error fetching name suggestions",
  errorFetchingNamesForAddress: "Error fetching names for address",
  networkNotSupportedForSwaps: "Network not supported for Swaps",
  networkNotSupportedForGasPrice: "Network not supported for Gas Price",
  onrampQuoteUnavailable: "Estimate — the provider's quote is unavailable",
  // Embedded wallet (email, social, Farcaster).
  invalidEmail: "Invalid email",
  unableToLoadEmailLogin: "Unable to load email login dependency",
  requestAborted: "Request was aborted",
  socialPopupBlocked: "The sign-in window was blocked. Allow pop-ups for this site, then try again.",
  socialPopupClosed: "The sign-in window was closed before the sign-in finished.",
  invalidOtp: "Enter the 6-digit code",
  emailUpdated: "Email updated",
} as const;

export type MessageKey = keyof typeof messages;

const NAMESPACE_NAMES: Record<ChainNamespace, string> = {
  eip155: "EVM",
  solana: "Solana",
  bip122: "Bitcoin",
  near: "NEAR",
  polkadot: "Polkadot",
};

/** How a chain family is named to a person. */
export function namespaceName(namespace: ChainNamespace): string {
  return NAMESPACE_NAMES[namespace];
}

/** 'No Solana wallet connected': the active family has no account (another family may have one). */
export function noWalletConnected(namespace: ChainNamespace): string {
  return `No ${namespaceName(namespace)} wallet connected`;
}

/** 'No Solana wallet found': no wallet of the family is in this browser. */
export function noWalletFound(namespace: ChainNamespace): string {
  return `No ${namespaceName(namespace)} wallet found`;
}

/** What to do when no wallet of the family is in this browser. */
export function noWalletFoundHelp(namespace: ChainNamespace): string {
  if (namespace === "solana")
    return "Install a Solana wallet extension (such as Phantom or Solflare), then reload this page. Working locally? The Solana Local network offers Solana dev accounts: no extension needed.";
  return `Install a ${namespaceName(namespace)} wallet extension, then reload this page.`;
}

/** 'Please try again after {n} seconds'. */
export function tryAgainAfter(seconds: number): string {
  return `Please try again after ${seconds} seconds`;
}

/** The device-approval step of an email login on a new device. */
export function approveThisDevice(email: string): string {
  return `Approve this device: we sent a link to ${email}`;
}

/** 'Error registering name {name}'. */
export function errorRegisteringName(name: string): string {
  return `Error registering name ${name}`;
}

/** 'Chain is required to ...'. */
export function chainRequiredTo(action: string): string {
  return `Chain is required to ${action}`;
}
