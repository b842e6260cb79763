import type { ChainNamespace } from "./caip.js";

/** Wallet RPC methods allowed per chain family (spec section 6). */
export const NAMESPACE_METHODS = {
  solana: [
    "solana_signMessage",
    "solana_signTransaction",
    "solana_signAllTransactions",
    "solana_signAndSendTransaction",
    "solana_requestAccounts",
    "solana_getAccounts",
  ],
  eip155: [
    "eth_accounts",
    "eth_requestAccounts",
    "eth_sign",
    "eth_signTypedData",
    "eth_signTypedData_v3",
    "eth_signTypedData_v4",
    "eth_sendTransaction",
    "eth_signTransaction",
    "personal_sign",
    "wallet_switchEthereumChain",
    "wallet_addEthereumChain",
    "wallet_getPermissions",
    "wallet_requestPermissions",
    "wallet_watchAsset",
    "wallet_sendCalls",
    "wallet_getCallsStatus",
    "wallet_showCallsStatus",
    "wallet_getCapabilities",
    "wallet_getAssets",
  ],
  bip122: ["sendTransfer", "signMessage", "signPsbt", "getAccountAddresses"],
} as const satisfies Partial<Record<ChainNamespace, readonly string[]>>;

/** Read-only wallet RPC methods: safe to call without the person's approval. */
export const SAFE_RPC_METHODS = [
  "eth_accounts",
  "eth_blockNumber",
  "eth_call",
  "eth_chainId",
  "eth_estimateGas",
  "eth_feeHistory",
  "eth_gasPrice",
  "eth_getBalance",
  "eth_getBlockByNumber",
  "eth_getCode",
  "eth_getLogs",
  "eth_getTransactionByHash",
  "eth_getTransactionCount",
  "eth_getTransactionReceipt",
  "eth_maxPriorityFeePerGas",
  "wallet_getCapabilities",
  "wallet_getCallsStatus",
  "solana_getAccounts",
  "getAccountAddresses",
] as const;

/** The methods a chain family allows (empty for families without a list). */
export function namespaceMethods(namespace: ChainNamespace): readonly string[] {
  return (NAMESPACE_METHODS as Partial<Record<ChainNamespace, readonly string[]>>)[namespace] ?? [];
}

/** Whether a wallet RPC method is allowed on a chain family. */
export function isMethodAllowed(namespace: ChainNamespace, method: string): boolean {
  return namespaceMethods(namespace).includes(method);
}

/** Whether a wallet RPC method signs or sends (needs the person's approval; aborted when requests are rejected). */
export function isUnsafeMethod(method: string): boolean {
  return !(SAFE_RPC_METHODS as readonly string[]).includes(method);
}
