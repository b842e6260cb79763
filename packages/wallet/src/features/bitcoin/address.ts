import { sha256 } from "@noble/hashes/sha2";
import { bech32, bech32m, createBase58check } from "@scure/base";
import type { BitcoinNetworkName } from "./networks.js";

const base58check = createBase58check(sha256);

/** Human-readable parts of segwit addresses. */
const HRP: Record<BitcoinNetworkName, string> = { mainnet: "bc", testnet: "tb", regtest: "bcrt" };
/** Version bytes of base58check P2PKH / P2SH addresses (testnet and regtest share theirs). */
const BASE58_VERSIONS: Record<BitcoinNetworkName, readonly number[]> = {
  mainnet: [0x00, 0x05],
  testnet: [0x6f, 0xc4],
  regtest: [0x6f, 0xc4],
};

/** The kind of a valid bitcoin address. */
export type BitcoinAddressType = "p2pkh" | "p2sh" | "p2wpkh" | "p2wsh" | "p2tr" | "segwit";

function segwitType(address: string, network: BitcoinNetworkName): BitcoinAddressType | undefined {
  const lower = address.toLowerCase();
  // Mixed case is not allowed (BIP-173).
  if (address !== lower && address !== address.toUpperCase()) return undefined;
  const hrp = HRP[network];
  if (!lower.startsWith(`${hrp}1`)) return undefined;
  let decoded: { prefix: string; words: number[] };
  let variant: "bech32" | "bech32m";
  try {
    decoded = bech32.decode(lower as `${string}1${string}`, 90);
    variant = "bech32";
  } catch {
    try {
      decoded = bech32m.decode(lower as `${string}1${string}`, 90);
      variant = "bech32m";
    } catch {
      return undefined;
    }
  }
  if (decoded.prefix !== hrp || decoded.words.length === 0) return undefined;
  const version = decoded.words[0] as number;
  if (version > 16) return undefined;
  let program: Uint8Array;
  try {
    program = bech32.fromWords(decoded.words.slice(1));
  } catch {
    return undefined;
  }
  if (program.length < 2 || program.length > 40) return undefined;
  // Version 0 uses bech32 (BIP-173), later versions bech32m (BIP-350).
  if (version === 0) {
    if (variant !== "bech32") return undefined;
    if (program.length === 20) return "p2wpkh";
    if (program.length === 32) return "p2wsh";
    return undefined;
  }
  if (variant !== "bech32m") return undefined;
  if (version === 1 && program.length === 32) return "p2tr";
  return "segwit";
}

function base58Type(address: string, network: BitcoinNetworkName): BitcoinAddressType | undefined {
  if (!/^[1-9A-HJ-NP-Za-km-z]{25,35}$/.test(address)) return undefined;
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(address);
  } catch {
    return undefined;
  }
  if (bytes.length !== 21) return undefined;
  const [p2pkh, p2sh] = BASE58_VERSIONS[network];
  if (bytes[0] === p2pkh) return "p2pkh";
  if (bytes[0] === p2sh) return "p2sh";
  return undefined;
}

/**
 * The type of a bitcoin address on a network, or undefined when it is not one: segwit (bech32 v0 / bech32m v1+, with
 * the network's `bc1` / `tb1` / `bcrt1` prefix and checksum) or base58check P2PKH / P2SH with the network's version.
 */
export function bitcoinAddressType(
  value: string | undefined,
  network: BitcoinNetworkName,
): BitcoinAddressType | undefined {
  if (!value) return undefined;
  const address = value.trim();
  return segwitType(address, network) ?? base58Type(address, network);
}

/** Whether a string is a valid bitcoin address on the network (checksum included). */
export function isBitcoinAddress(value: string | undefined, network: BitcoinNetworkName): boolean {
  return bitcoinAddressType(value, network) !== undefined;
}
