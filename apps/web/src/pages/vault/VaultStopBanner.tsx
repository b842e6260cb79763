import type { LiveVault } from "@fundament/sdk";
import { vaultStopBanner } from "../../shared/lib/vaultStops";
import styles from "./VaultStopBanner.module.css";

/**
 * On the vault page of a paused or winding-down vault: what stopped (deposits and new rounds) and that the investor's
 * money can still leave; for a wind-down, when every position can be withdrawn. Nothing while the vault runs as usual.
 */
export function VaultStopBanner({
  vault,
}: {
  vault: Pick<LiveVault, "paused" | "windingDown" | "status" | "round" | "unlockDate">;
}) {
  const banner = vaultStopBanner(vault);
  if (!banner) return null;
  return (
    <div
      className={`${styles.banner}${banner.kind === "windingDown" ? ` ${styles.final}` : ""}`}
      role="status"
      data-testid="vault-stop-banner"
    >
      <p className={styles.line}>
        <strong>{banner.text}</strong>
      </p>
      {banner.when && <p className={styles.line}>{banner.when}</p>}
    </div>
  );
}
