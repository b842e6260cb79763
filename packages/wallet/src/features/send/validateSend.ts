import { isAddressForNamespace } from "../../core/caip.js";
import { messages } from "../../core/messages.js";
import { checkReceiver } from "./checkReceiver.js";

export type SendToken = {
  symbol: string;
  /** Absent for the native token; otherwise the token contract (or `chain:address`). */
  address?: string | undefined;
  decimals?: number | undefined;
};

export type ValidateSendParameters = {
  chainNamespace: string;
  token: SendToken | undefined;
  sendTokenAmount: string | undefined;
  receiverAddress: string | undefined;
  gasPrice?: bigint | undefined;
};

export type ValidateSendReturnType =
  | { valid: true; kind: "evm-token" | "evm-native" | "solana" }
  | { valid: false; message: string; field?: "amount" | "receiver" | "token" | "gasPrice" | "chain" };

const invalid = (
  field?: "amount" | "receiver" | "token" | "gasPrice" | "chain",
  message: string = messages.invalidAmountAndReceiver,
) => ({ valid: false, message, field }) as const;

function validAmount(amount: string | undefined): boolean {
  if (!amount || !/^\d*\.?\d+$|^\d+\.$/.test(amount.trim())) return false;
  return Number(amount) > 0;
}

/**
 * Send validation (spec section 5): EVM token sends need token address, amount and receiver; native sends need
 * receiver, amount, gas price and the token's decimals; Solana sends need amount and receiver; any other family
 * gives 'Unsupported chain'. Addresses are checked per family, EVM ones against their EIP-55 checksum when mixed-case
 * (`checkReceiver`).
 */
export function validateSend(p: ValidateSendParameters): ValidateSendReturnType {
  if (p.chainNamespace !== "eip155" && p.chainNamespace !== "solana")
    return invalid("chain", messages.unsupportedChain);
  if (!validAmount(p.sendTokenAmount)) return invalid("amount");
  const receiver = checkReceiver(p.receiverAddress, p.chainNamespace);
  // A typed address that cannot be used says why (wrong checksum, not an address); an empty one gets the spec's text.
  if (!receiver.valid) return invalid("receiver", receiver.message);
  if (p.chainNamespace === "solana") return { valid: true, kind: "solana" };
  if (!p.token) return invalid("token");
  if (p.token.address) {
    const tokenAddress = p.token.address.split(":").at(-1) ?? "";
    if (!isAddressForNamespace(tokenAddress, "eip155")) return invalid("token");
    return { valid: true, kind: "evm-token" };
  }
  if (p.gasPrice === undefined || p.token.decimals === undefined) return invalid("gasPrice");
  return { valid: true, kind: "evm-native" };
}

export type HasInsufficientGasParameters = {
  /** Native balance in USD (or in native units when no price is known, with gasPrice in the same unit). */
  networkBalanceInUSD: number | undefined;
  gasPriceInUSD: number | undefined;
  isSmartAccount: boolean;
};

/** Insufficient gas: the native balance is zero or lower than the gas price; smart accounts are exempt. */
export function hasInsufficientGas(p: HasInsufficientGasParameters): boolean {
  if (p.isSmartAccount) return false;
  const balance = p.networkBalanceInUSD ?? 0;
  if (balance === 0) return true;
  return p.gasPriceInUSD !== undefined && balance < p.gasPriceInUSD;
}
