import { type Address, checksumAddress } from "viem";
import { isAddressForNamespace } from "../../core/caip.js";

/** The receiver is 40 hex characters whose mixed capitals do not match its EIP-55 checksum (a typo, usually). */
export const RECEIVER_BAD_CHECKSUM =
  "This address has a wrong checksum: check its capital letters, or paste it again from where you copied it.";
/** The receiver is not an EVM address at all (length or characters). */
export const RECEIVER_NOT_EVM =
  "Not a valid address: an address is 0x followed by 40 characters (0–9, a–f). Check it and paste it again.";
/** The receiver is not a Solana address. */
export const RECEIVER_NOT_SOLANA = "Not a valid Solana address: check it and paste it again.";

export type CheckReceiverReturnType =
  | { valid: true; address: string }
  | { valid: false; reason: "empty" | "checksum" | "invalid"; message: string | undefined };

/**
 * Why a typed receiver cannot be used, in words that say what to do. EVM: 40 hex characters with an optional 0x
 * (spec section 5); all lower- or all upper-case is accepted as is, mixed case must match the EIP-55 checksum.
 * An empty receiver has no message of its own (the spec's 'Please enter a valid amount and receiver address').
 */
export function checkReceiver(receiver: string | undefined, chainNamespace: string): CheckReceiverReturnType {
  const value = receiver?.trim() ?? "";
  if (!value) return { valid: false, reason: "empty", message: undefined };
  if (chainNamespace === "solana") {
    return isAddressForNamespace(value, "solana")
      ? { valid: true, address: value }
      : { valid: false, reason: "invalid", message: RECEIVER_NOT_SOLANA };
  }
  if (!isAddressForNamespace(value, "eip155")) return { valid: false, reason: "invalid", message: RECEIVER_NOT_EVM };
  const address = value.startsWith("0x") ? value : `0x${value}`;
  const hex = address.slice(2);
  const noChecksum = hex === hex.toLowerCase() || hex === hex.toUpperCase();
  if (!noChecksum && checksumAddress(address as Address) !== address)
    return { valid: false, reason: "checksum", message: RECEIVER_BAD_CHECKSUM };
  return { valid: true, address };
}
