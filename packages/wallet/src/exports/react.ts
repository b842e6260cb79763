// The React API of @fundament/wallet. Import the styles once: `import "@fundament/wallet/styles.css"`.

export { AddressName, type AddressNameProps } from "../react/components/AddressName.js";
export { ConnectButton, type ConnectButtonProps } from "../react/components/ConnectButton.js";
export { WalletEmbed } from "../react/components/WalletEmbed.js";
export { useWalletRuntime } from "../react/context.js";
export { type ConnectedAccount, useConnectedAccounts } from "../react/hooks/useConnectedAccounts.js";
export { identityQueryKey, type UseIdentityReturnType, useIdentity } from "../react/hooks/useIdentity.js";
export { useNativeBalance } from "../react/hooks/useNativeBalance.js";
export {
  smartAccountFallbackText,
  smartAccountQueryKey,
  type UseSmartAccountReturnType,
  useSmartAccount,
} from "../react/hooks/useSmartAccount.js";
export { useTokenBalances } from "../react/hooks/useTokenBalances.js";
export {
  type UseWalletAccountParameters,
  type UseWalletAccountReturnType,
  useEvmAccount,
  useWalletAccount,
  type WalletAccountStatus,
} from "../react/hooks/useWalletAccount.js";
export { useWalletConnectors, type WalletConnectorItem } from "../react/hooks/useWalletConnectors.js";
export { useWalletCore } from "../react/hooks/useWalletCore.js";
export { useWalletEvents } from "../react/hooks/useWalletEvents.js";
export { type UseWalletModalReturnType, useWalletModal } from "../react/hooks/useWalletModal.js";
export { WalletProvider, type WalletProviderProps } from "../react/WalletProvider.js";
export type { NetworkSwitchOutcome, WalletProviderConfig, WalletRuntime } from "../runtime/createWalletRuntime.js";
