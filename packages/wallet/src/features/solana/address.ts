import { isAddress } from "@solana/kit";

const BASE58_32_44 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/**
 * A usable Solana address: 32–44 base58 characters (spec section 5) that decode to a 32-byte ed25519 public key
 * (`@solana/kit`'s `isAddress`).
 */
export function isSolanaAddress(value: string | undefined): boolean {
  if (!value) return false;
  const trimmed = value.trim();
  return BASE58_32_44.test(trimmed) && isAddress(trimmed);
}
