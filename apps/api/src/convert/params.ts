import { getAddress, isAddress, maxUint256 } from "viem";
import { z } from "zod";
import { parseChainId, parseTokenId } from "../chain/caip.js";
import { text } from "../http/params.js";

/** A chain id as `eip155:<id>` or a bare number. */
export function caipChainId(name = "chainId") {
  return text(name, 20).transform((value, context) => {
    const id = parseChainId(value);
    if (id === undefined) {
      context.addIssue({ code: "custom", message: `${name} must be a chain id such as eip155:31337` });
      return z.NEVER;
    }
    return id;
  });
}

/** A CAIP-10 token id `eip155:<chainId>:<address>` (0xeeee… for native ETH). */
export function tokenId(name: string) {
  return text(name, 80).transform((value, context) => {
    const id = parseTokenId(value);
    if (!id) {
      context.addIssue({ code: "custom", message: `${name} must be a token id such as eip155:31337:0x…` });
      return z.NEVER;
    }
    return id;
  });
}

/** A 0x-prefixed EVM address, checksummed. */
export function evmAddress(name: string) {
  return text(name, 42)
    .refine((value) => isAddress(value, { strict: false }), `${name} must be a 0x-prefixed EVM address`)
    .transform((value) => getAddress(value));
}

/** An amount in base units: digits only, from 1 to 2^256 − 1. */
export function baseUnits(name: string) {
  const message = `${name} must be a whole number of base units from 1 to 2^256 - 1 (digits only)`;
  return text(name, 78)
    .refine((value) => /^[1-9][0-9]*$/.test(value) && BigInt(value) <= maxUint256, message)
    .transform((value) => BigInt(value));
}
