// The framework-free core and account features, for building another UI on the wallet layer.

export { createEventBus, EVENT_NAMES, type EventBus } from "../core/createEventBus.js";
export { createRouter, type Router, type RouterState } from "../core/createRouter.js";
export { createStore, type Store } from "../core/createStore.js";
export { createToasts, type Toast, type Toasts, type ToastVariant } from "../core/createToasts.js";
export { createViewStates, type ViewStates } from "../core/createViewStates.js";
export { createWalletState, type WalletState, type WalletStateStore } from "../core/createWalletState.js";
export {
  DISPLAY_DECIMALS,
  formatAmount,
  formatDateTime,
  formatNumeric,
  formatNumericExact,
  shortenAddress,
} from "../core/format.js";
export { getInitialView } from "../core/getInitialView.js";
export { getPairingExpiry, isPairingExpired } from "../core/pairing.js";
export { shouldShowUnsupportedChain } from "../core/shouldShowUnsupportedChain.js";
export { createBalanceFetcher } from "../features/balances/createBalanceFetcher.js";
export { getBalances, type TokenListEntry } from "../features/balances/getBalances.js";
export { disconnect } from "../features/disconnect/disconnect.js";
export {
  createEmbeddedController,
  type EmbeddedController,
} from "../features/embedded/createEmbeddedController.js";
export {
  createEmbeddedProvider,
  type EmbeddedProvider,
  EmbeddedRpcError,
} from "../features/embedded/createEmbeddedProvider.js";
export { createEmbeddedRuntime, embeddedConnector } from "../features/embedded/embeddedRuntime.js";
export { createFrameClient, type FrameClient, FrameError } from "../features/embedded/frameClient.js";
export {
  addressOfRecord,
  createNamesClient,
  type Identity,
  type NameRecord,
  type NameSuggestion,
  NamesApiError,
  type NamesClient,
  nameRegistrationMessage,
} from "../features/names/createNamesClient.js";
export {
  coinTypeOf,
  InvalidChainIdError,
  isZoneName,
  toFullName,
  validateName,
} from "../features/names/validateName.js";
export { switchNetwork } from "../features/networks/switchNetwork.js";
export { createSendStore, type SendState, type SendStore } from "../features/send/createSendStore.js";
export { type SendClient, sendTokens } from "../features/send/sendTokens.js";
export { createSiwxController, type SiwxController, type SiwxState } from "../features/siwx/createSiwxController.js";
export { getSmartAccount, SmartAccountUnavailableError } from "../features/smartAccount/getSmartAccount.js";
export {
  PREFERRED_ACCOUNT_TYPE_KEY,
  readPreferredAccountType,
  writePreferredAccountType,
} from "../features/smartAccount/preferredAccountType.js";
export type {
  SmartAccountChainConfig,
  SmartAccountConfig,
  SmartAccountInfo,
  SmartAccountMoveResult,
  SmartAccountSponsorship,
} from "../features/smartAccount/types.js";
export { createTransactionsController } from "../features/transactions/createTransactionsController.js";
export * from "./index.js";
