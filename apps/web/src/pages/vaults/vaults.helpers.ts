import type { LiveVault } from "@fundament/sdk";
import type { BadgeStatus } from "../../shared/components/StatusBadge";
import { formatNumber, formatUsd } from "../../shared/lib/format";

/** "Round 3". */
export function roundLabel(round: number): string {
  return `Round ${formatNumber(round, 0)}`;
}

/**
 * The current round's status as a person reads it: "Open", "Locked until Dec 21, 2026", "Open, winding down" once
 * the vault takes deposits no more, or "Open, deposits paused" while the fund's emergency state or the vault's pause
 * stops deposits. A vault is never "Settled": its next round opens at settlement.
 */
export function vaultStatusLabel(
  vault: Pick<LiveVault, "status" | "unlockDate" | "acceptsDeposits"> &
    Partial<Pick<LiveVault, "windingDown" | "proposedSettlement">>,
): string {
  if (vault.status === "locked" && vault.proposedSettlement) return "Locked, settlement proposed";
  if (vault.status === "locked") return vault.unlockDate ? `Locked until ${vault.unlockDate}` : "Locked";
  if (vault.windingDown) return "Open, winding down";
  return vault.acceptsDeposits ? "Open" : "Open, deposits paused";
}

/** The badge colour of the current round. */
export function vaultBadgeStatus(vault: Pick<LiveVault, "status">): BadgeStatus {
  return vault.status === "locked" ? "locked" : "open";
}

/** The unlock date as a person reads it: the date once the round is locked, else when it will be set. */
export function unlockText(vault: Pick<LiveVault, "status" | "unlockDate">): string {
  if (vault.unlockDate && vault.status === "locked") return vault.unlockDate;
  return "Set at lockup";
}

/** The rewards' note: net of the fund's share, with the gross beside it once they differ. */
export function rewardsNote(vault: Pick<LiveVault, "rewardsUsd" | "rewardsGrossUsd" | "settledRounds">): string {
  if (vault.settledRounds === 0) return "No settled round yet";
  const rounds = vault.settledRounds === 1 ? "1 round" : `${vault.settledRounds} rounds`;
  if (vault.rewardsGrossUsd === vault.rewardsUsd) return `Net over ${rounds}`;
  const gross = formatUsd(vault.rewardsGrossUsd);
  return `Net over ${rounds}; ${gross} gross`;
}

/** Whether an API payload is demo data (the API marks what it seeded for the demo with `source: "demo"`). */
export function isDemoPayload(payload: unknown): boolean {
  return typeof payload === "object" && payload !== null && (payload as { source?: unknown }).source === "demo";
}

/**
 * Whether the vault's APY is computed from demo data: it comes from the performance payload (not the fallback yield)
 * and that payload is the demo's.
 */
export function apyIsDemo(
  vault: Pick<LiveVault, "performance" | "apyFromPerformance">,
  performance: { futures?: unknown; nft?: unknown } | undefined,
): boolean {
  if (!vault.apyFromPerformance || !performance || vault.performance === null) return false;
  return isDemoPayload(vault.performance === "futures" ? performance.futures : performance.nft);
}
