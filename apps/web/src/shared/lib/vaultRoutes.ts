import { VAULTS } from "@fundament/sdk";

type VaultRef = { id: string; vaultId: number };

/**
 * A vault's page address: the spec's ids for the two vaults it names (`/vaults/futures-trading-vault`,
 * `/vaults/nft-vault`), the on-chain vault id for a vault an admin created later (`/vaults/3`).
 */
export function vaultPath(vault: VaultRef): string {
  return `/vaults/${VAULTS.some((v) => v.id === vault.id) ? vault.id : String(vault.vaultId)}`;
}

/** The vault a route parameter names: by its id ("nft-vault") or its on-chain vault id ("2"). */
export function findVault<V extends VaultRef>(vaults: readonly V[], param: string | undefined): V | undefined {
  if (!param) return undefined;
  return (
    vaults.find((v) => v.id === param) ??
    (/^\d+$/.test(param) ? vaults.find((v) => String(v.vaultId) === param) : undefined)
  );
}

/** A round's NAV report page: `/vaults/2/rounds/7/report` (the on-chain vault id and the round's pool id). */
export function roundReportPath(vaultId: number | bigint, poolId: number | bigint): string {
  return `/vaults/${vaultId}/rounds/${poolId}/report`;
}
