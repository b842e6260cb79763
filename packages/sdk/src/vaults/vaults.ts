/**
 * The two vaults of the spec (section 1) with their static fields (section 3). Icons are paths the
 * web app serves from its public folder; `address` is the placeholder the live data replaces with
 * the fund contract's address.
 */
export type Vault = {
  id: "futures-trading-vault" | "nft-vault";
  name: string;
  icon: string;
  chainIcon: string;
  /** Fallback yearly yield as a fraction, used when performance cannot be fetched (spec section 7). */
  yield: number;
  /** "crypto vault" for the futures vault; the spec shows none for the NFT vault. */
  tag: string | null;
  description: string;
  /** Placeholder until the live data fills in the contract address. */
  address: string;
  /** Always 0 (spec section 3). */
  riskFactor: 0;
  /** The on-chain pool whose figures the vault shows. */
  onChainId: number;
  /** Which performance payload drives the vault's APY. */
  performance: "futures" | "nft";
};

/** The description both vaults share (spec section 1). */
export const VAULT_DESCRIPTION = "Traders trade the deposit during the lockdown period until maturity.";

export const VAULTS: readonly Vault[] = Object.freeze([
  {
    id: "futures-trading-vault",
    name: "Crypto futures trading vault",
    icon: "/icons/vault-futures.svg",
    chainIcon: "/icons/chain-ethereum.svg",
    yield: 0.045,
    tag: "crypto vault",
    description: VAULT_DESCRIPTION,
    address: "0x",
    riskFactor: 0,
    onChainId: 1,
    performance: "futures",
  },
  {
    id: "nft-vault",
    name: "NFT lending vault",
    icon: "/icons/vault-nft.svg",
    chainIcon: "/icons/chain-ethereum.svg",
    yield: 0.06,
    tag: null,
    description: VAULT_DESCRIPTION,
    address: "0x",
    riskFactor: 0,
    onChainId: 2,
    performance: "nft",
  },
]);
