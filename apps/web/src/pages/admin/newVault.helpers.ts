import { fundLimits, MAX_LOCKUP_DAYS, MIN_LOCKUP_DAYS, type NewVault, type WriteResult } from "@fundament/sdk";
import { formatNumber, formatTokenAmount } from "../../shared/lib/format";

/**
 * The words of the admin's "+ New vault" form. The fields themselves are parsed by the SDK's `parseNewVault` (the one
 * parser `createVault` uses too), so what the form refuses is what the write would refuse.
 */

type Token = { decimals: number; symbol: string };

/** A whole number of days: "1 day", "14 days". */
export const dayCount = (days: number) => `${formatNumber(days)} day${days === 1 ? "" : "s"}`;

/** The line that says what will be created, or what is still missing while a field does not parse. */
export function newVaultPreview(vault: NewVault | null, token: Token): string {
  if (!vault) return "Fill in the name, the minimum investment and the lockup to see the vault that will be created.";
  const minimum = formatTokenAmount(vault.minimumInvestment, token.decimals, token.symbol);
  return `Creates "${vault.name}": minimum investment ${minimum}, each round locked for ${dayCount(vault.lockupDays)}.`;
}

/** How the creation goes and what the vault starts with (the contract's `createVault` and its defaults). */
export const NEW_VAULT_ROUTE =
  "Goes through at once from your wallet: creating a vault is an admin's action, not the timelock's. Its first round opens for deposits at once; it starts with no trading wallets (adding one waits the timelock's delay, and a round locks only once its wallets add up to 100%), the fund's default fees and no caps.";

export const NEW_VAULT_HINTS = {
  name: `Investors see it on the Vaults page. Up to ${fundLimits.MAX_NAME_LENGTH} characters.`,
  minimum: "The smallest deposit into a round. Raising it later waits the timelock's delay.",
  lockup: `How long each round stays locked, ${dayCount(MIN_LOCKUP_DAYS)} to ${dayCount(MAX_LOCKUP_DAYS)}. Changing it later waits the timelock's delay.`,
} as const;

/** The new vault's id from `createVault`'s result (its `VaultCreated` event); null when it did not go through. */
export function createdVaultId(result: WriteResult): number | null {
  return result.success && "vaultId" in result && typeof result.vaultId === "number" ? result.vaultId : null;
}
