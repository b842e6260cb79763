import { type Address, encodeAbiParameters, getAddress, type Hex, isAddress, zeroAddress } from "viem";
import type { ResolverQuery } from "./ccipRequest.js";

/** The part of a registered name (`NameRecord`) the gateway answers from. */
export type NameRecords = {
  /** Address per ENSIP-11 coin type (decimal string keys). */
  addresses: Record<string, { address: string } | undefined>;
  attributes?: Record<string, unknown>;
};

/** ENSIP-11: coin type 60 (Ethereum) and 0x80000000 | chainId (any EVM chain, 0x80000000 itself the default EVM). */
export function isEvmCoinType(coinType: bigint): boolean {
  return coinType === 60n || (coinType >= 0x8000_0000n && coinType <= 0xffff_ffffn);
}

/**
 * The name's address for an EVM coin type: the one registered under that coin type, else the one registered under
 * any EVM coin type (a Fundament name is one address on every EVM chain); undefined for other coin types or none.
 */
export function evmAddressFor(records: NameRecords | undefined, coinType: bigint): Address | undefined {
  if (!records || !isEvmCoinType(coinType)) return undefined;
  const exact = records.addresses[coinType.toString()]?.address;
  if (exact && isAddress(exact, { strict: false })) return getAddress(exact);
  for (const [key, entry] of Object.entries(records.addresses)) {
    if (!/^\d{1,10}$/.test(key) || !isEvmCoinType(BigInt(key))) continue;
    if (entry?.address && isAddress(entry.address, { strict: false })) return getAddress(entry.address);
  }
  return undefined;
}

/**
 * The ABI-encoded answer to `query` for a name's records, as the resolver profile returns it: the zero address,
 * empty bytes or an empty string when the name is unknown or has no such record (ENS: a missing record reads as its
 * zero value).
 */
export function answerResolverQuery(records: NameRecords | undefined, query: ResolverQuery): Hex {
  switch (query.kind) {
    case "addr":
      return encodeAbiParameters([{ type: "address" }], [evmAddressFor(records, 60n) ?? zeroAddress]);
    case "addrByCoinType":
      return encodeAbiParameters([{ type: "bytes" }], [evmAddressFor(records, query.coinType) ?? "0x"]);
    case "text": {
      const value = records?.attributes?.[query.key];
      return encodeAbiParameters([{ type: "string" }], [typeof value === "string" ? value : ""]);
    }
  }
}
