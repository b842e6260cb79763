/** Chain families (CAIP-2 namespaces) the layer knows. */
export const CHAIN_NAMESPACES = ["eip155", "solana", "bip122", "near", "polkadot"] as const;
export type ChainNamespace = (typeof CHAIN_NAMESPACES)[number];

export type CaipNetworkId = `${ChainNamespace}:${string}`;
export type CaipAddress = `${ChainNamespace}:${string}:${string}`;

export function isChainNamespace(value: string): value is ChainNamespace {
  return (CHAIN_NAMESPACES as readonly string[]).includes(value);
}

/** A CAIP address needs three non-empty parts with a known namespace. */
export function isCaipAddress(value: unknown): value is CaipAddress {
  if (typeof value !== "string") return false;
  const parts = value.split(":");
  if (parts.length !== 3) return false;
  const [namespace, reference, address] = parts as [string, string, string];
  return namespace.length > 0 && reference.length > 0 && address.length > 0 && isChainNamespace(namespace);
}

export type ParsedCaipAddress = { chainNamespace: ChainNamespace; chainId: string; address: string };

export function parseCaipAddress(value: string): ParsedCaipAddress {
  if (!isCaipAddress(value)) throw new Error(`Invalid CAIP address: ${value}`);
  const [chainNamespace, chainId, address] = value.split(":") as [ChainNamespace, string, string];
  return { chainNamespace, chainId, address };
}

export function toCaipAddress(chainNamespace: ChainNamespace, chainId: string | number, address: string): CaipAddress {
  return `${chainNamespace}:${chainId}:${address}`;
}

const EVM_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/;
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** Address check: EVM is 40 hex characters with optional 0x prefix; Solana is 32-44 base58 characters. */
export function isAddressForNamespace(address: string, chainNamespace: ChainNamespace): boolean {
  if (chainNamespace === "eip155") return EVM_ADDRESS.test(address);
  if (chainNamespace === "solana") return SOLANA_ADDRESS.test(address);
  return false;
}
