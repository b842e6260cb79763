import { type Address, getAddress, isAddress } from "viem";
import { FundamentError } from "../baseErrors.js";

/** Trims and checksums an address typed or pasted by a person (spec section 5: addresses are normalised before calls). */
export function normalizeAddress(input: string): Address {
  const text = input.trim();
  if (!isAddress(text, { strict: false })) {
    throw new FundamentError("Enter a valid wallet address: 0x followed by 40 hexadecimal characters.");
  }
  return getAddress(text);
}
