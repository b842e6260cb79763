/**
 * The two vaults of the spec (section 1) with their static fields (section 3). Icons are paths the
 * web app serves from its public folder; `address` is the placeholder the live data replaces with
 * the fund contract's address. Vaults an admin creates later on chain (`createVault`) get a generic
 * entry from `vaultById`.
 */
export type Vault = {
  /** A slug: the spec's two ids, `vault-<vaultId>` for a vault created later. */
  id: "futures-trading-vault" | "nft-vault" | `vault-${number}`;
  /** The vault's on-chain id (1, 2, ...): what `invest`, `withdraw` and the admin actions take. */
  vaultId: number;
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
  /** The vault's first pool (spec section 1: pool 1 for futures, pool 2 for NFT lending); its current pool is live data. */
  onChainId: number;
  /** Which performance payload drives the vault's APY (null: none, the fallback yield applies). */
  performance: "futures" | "nft" | null;
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
    vaultId: 1,
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
    vaultId: 2,
    onChainId: 2,
    performance: "nft",
  },
]);

/**
 * The static entry of vault `vaultId`: one of `VAULTS`, or a generic entry for a vault an admin created on chain
 * (named `name`, from `getVault(vaultId).name`; its first pool id is not known statically, so `onChainId` is 0; no
 * performance feed, no fallback yield).
 */
export function vaultById(vaultId: number, name?: string): Vault {
  const known = VAULTS.find((vault) => vault.vaultId === vaultId);
  if (known) return known;
  return {
    id: `vault-${vaultId}`,
    vaultId,
    name: name || `Vault ${vaultId}`,
    icon: "/icons/vault-futures.svg",
    chainIcon: "/icons/chain-ethereum.svg",
    yield: 0,
    tag: null,
    description: VAULT_DESCRIPTION,
    address: "0x",
    riskFactor: 0,
    onChainId: 0,
    performance: null,
  };
}
