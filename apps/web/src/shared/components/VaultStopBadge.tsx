import { type VaultStops, vaultStopLabel } from "../lib/vaultStops";
import { StatusBadge } from "./StatusBadge";

/** "Paused" or "Winding down" as a badge beside a vault's name; nothing while the vault runs as usual. */
export function VaultStopBadge({ vault }: { vault: VaultStops }) {
  const label = vaultStopLabel(vault);
  if (!label) return null;
  return <StatusBadge status={vault.windingDown ? "winding-down" : "paused"} label={label} />;
}
