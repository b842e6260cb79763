import type { SettlementBounds } from "@fundament/sdk";
import { formatNumber } from "../../shared/lib/format";

/** A challenge window in words: "24 hours", "1.5 days", "none: settlements are final at once". */
export function challengeWindowText(seconds: number | bigint): string {
  const value = Number(seconds);
  if (value === 0) return "None: settlements are final at once (local chain only)";
  if (value % 86_400 === 0 && value >= 2 * 86_400) return `${formatNumber(value / 86_400)} days`;
  return `${formatNumber(value / 3_600)} hours`;
}

/** The bounds in words: what needs the guardian's co-signature. */
export function settlementBoundsText({ maxLossBps, maxGainBps }: SettlementBounds): string {
  const loss = maxLossBps >= 10_000 ? null : `a loss above ${formatNumber(maxLossBps / 100)}%`;
  const gain = maxGainBps === null ? null : `a gain above ${formatNumber(maxGainBps / 100)}%`;
  const parts = [loss, gain].filter(Boolean);
  return parts.length === 0
    ? "None: no result needs the guardian's co-signature"
    : `${parts.join(" or ")} of a round's principal needs the guardian's co-signature`;
}

/** A typed window in hours ("24", "1.5") to whole seconds, or why not. */
export function parseWindowHours(text: string): { seconds: number } | { error: string } {
  const clean = text.trim();
  const hours = Number(clean);
  if (!clean || !/^\d*\.?\d*$/.test(clean) || !Number.isFinite(hours)) {
    return { error: "Enter the challenge window in hours, e.g. 24." };
  }
  const seconds = Math.round(hours * 3_600);
  if (seconds > 14 * 86_400) return { error: "The challenge window can be at most 14 days (336 hours)." };
  return { seconds };
}

/** A typed percentage ("20", "12.5") to whole basis points, or null when it is not one; "" for `optional` gives none. */
export function parsePercentBps(text: string, max: number): number | null {
  const clean = text.trim().replace(/%$/, "");
  const value = Number(clean);
  if (!clean || !/^\d*\.?\d*$/.test(clean) || !Number.isFinite(value)) return null;
  const bps = Math.round(value * 100);
  return bps <= max ? bps : null;
}
