// The framework-free public API of @fundament/wallet (no React). React: "@fundament/wallet/react".

export {
  createDevAccountsProvider,
  DEV_ACCOUNT_ADDRESSES,
  type DevAccountsProvider,
  getDevAccount,
} from "../connectors/createDevAccountsProvider.js";
export {
  type CreateWalletConfigParameters,
  createWalletConfig,
} from "../connectors/createWalletConfig.js";
export { type DevAccountsParameters, devAccounts } from "../connectors/devAccounts.js";
export {
  type GetWalletsParameters,
  type GetWalletsReturnType,
  getFeaturedWallets,
  getWalletLink,
  getWallets,
  searchWallets,
} from "../connectors/getWallets.js";
export {
  loadOptionalConnectors,
  type OptionalConnectorsParameters,
} from "../connectors/loadOptionalConnectors.js";
export { addRecentWallet, getRecentWallets, RECENT_WALLETS_KEY } from "../connectors/recentWallets.js";
export { type DirectoryWallet, defaultFeaturedWalletIds, walletDirectory } from "../connectors/walletDirectory.js";
export {
  type CaipAddress,
  type CaipNetworkId,
  type ChainNamespace,
  isAddressForNamespace,
  isCaipAddress,
  parseCaipAddress,
  toCaipAddress,
} from "../core/caip.js";
export * from "../core/constants.js";
export type { EventName, WalletEvent } from "../core/createEventBus.js";
export {
  createWalletCore,
  type OpenModalParameters,
  type WalletCore,
  type WalletCoreOptions,
} from "../core/createWalletCore.js";
export type { AccountState, ConnectionStatus, TokenBalance } from "../core/createWalletState.js";
export {
  ApiError,
  BaseError,
  CatalogueError,
  isUserRejection,
  NoActiveCaipAddressError,
  SendValidationError,
  SignatureDeclinedError,
  SiwxNotEnabledError,
  UnsupportedChainError,
} from "../core/errors.js";
export {
  chainRequiredTo,
  type MessageKey,
  messages,
  namespaceName,
  noWalletConnected,
  noWalletFound,
  noWalletFoundHelp,
  tryAgainAfter,
} from "../core/messages.js";
export {
  isMethodAllowed,
  isUnsafeMethod,
  NAMESPACE_METHODS,
  namespaceMethods,
  SAFE_RPC_METHODS,
} from "../core/methods.js";
export { type CaipNetwork, toCaipNetwork } from "../core/network.js";
export { isView, VIEWS, type View, type ViewData } from "../core/views.js";
export { type BitcoinAddressType, bitcoinAddressType, isBitcoinAddress } from "../features/bitcoin/address.js";
export {
  BITCOIN_MAINNET_ID,
  BITCOIN_REGTEST_ID,
  BITCOIN_TESTNET_ID,
  type BitcoinNetworkName,
  bitcoinCaipNetworkId,
  bitcoinNetwork,
} from "../features/bitcoin/networks.js";
export type { BitcoinConfig, BitcoinConnectorItem } from "../features/bitcoin/types.js";
export {
  EMBEDDED_CONNECTOR_ID,
  EMBEDDED_CONNECTOR_NAME,
  EMBEDDED_CONNECTOR_TYPE,
  type EmbeddedWalletConfig,
  SOCIAL_PROVIDER_ORDER,
} from "../features/embedded/types.js";
export { hasInsufficientGas, validateSend } from "../features/send/validateSend.js";
export { createApiSiwxAdapter } from "../features/siwx/createApiSiwxAdapter.js";
export type { SiwxAdapter, SiwxSession } from "../features/siwx/types.js";
export {
  SOLANA_DEVNET_ID,
  SOLANA_MAINNET_ID,
  SOLANA_TESTNET_ID,
  solanaDevnet,
  solanaLocal,
  solanaMainnet,
  solanaNetwork,
  solanaReference,
  solanaTestnet,
} from "../features/solana/networks.js";
export {
  isSolanaLocalNetwork,
  SOLANA_DEV_ACCOUNT_ADDRESSES,
  SOLANA_DEV_CONNECTOR_ID,
  SOLANA_LOCAL_GENESIS_HASH,
  SOLANA_LOCAL_ID,
} from "../features/solana/solanaDevAccounts.js";
export type { SolanaConfig, SolanaConnectorItem, SolanaTokenEntry } from "../features/solana/types.js";
export { fetchTransactions, type TransactionItem } from "../features/transactions/fetchTransactions.js";
