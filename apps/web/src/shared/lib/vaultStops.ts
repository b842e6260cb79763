import type { LiveVault } from "@fundament/sdk";

/** A vault's stops as the chain reports them (`getVault`): paused until an admin resumes, or winding down for good. */
export type VaultStops = Pick<LiveVault, "paused" | "windingDown">;

/** A vault's stop in one or two words (a badge, a tab), or null while it takes deposits and starts rounds. */
export type VaultStopLabel = "Paused" | "Winding down";

/** "Winding down" (final, so it wins), "Paused", or null. */
export function vaultStopLabel(vault: VaultStops): VaultStopLabel | null {
  if (vault.windingDown) return "Winding down";
  if (vault.paused) return "Paused";
  return null;
}

export const PAUSED_BANNER =
  "Deposits and new rounds of this vault are paused. Refunds of the open round and settled payouts stay open.";
export const WINDING_DOWN_BANNER = "This vault is winding down: it takes no new deposits and starts no new round.";
export const WITHDRAWABLE_NOW = "Every position can be withdrawn now.";

/** The vault page's banner: what stopped and, for a wind-down, when every position can leave. */
export type VaultStopBannerText = { kind: "paused" | "windingDown"; text: string; when: string | null };

/**
 * What an investor reads on a paused or winding-down vault's page, or null when it is neither. A wind-down says when
 * it ends: the locked round settles after its unlock date, and then every position can be withdrawn; an open round
 * can be left at once.
 */
export function vaultStopBanner(
  vault: VaultStops & Pick<LiveVault, "status" | "round" | "unlockDate">,
): VaultStopBannerText | null {
  if (vault.windingDown) {
    const when =
      vault.status === "locked"
        ? `Round ${vault.round} settles${vault.unlockDate ? ` after ${vault.unlockDate}` : " at the end of its lockup"}; then every position can be withdrawn.`
        : WITHDRAWABLE_NOW;
    return { kind: "windingDown", text: WINDING_DOWN_BANNER, when };
  }
  if (vault.paused) return { kind: "paused", text: PAUSED_BANNER, when: null };
  return null;
}
