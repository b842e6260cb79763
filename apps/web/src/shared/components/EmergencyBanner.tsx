import { Link, useLocation } from "react-router";
import { useEmergencyState } from "../hooks/useEmergencyState";
import styles from "./Banner.module.css";

/** Where an investor takes money out during an emergency (each position's emergency withdrawal). */
export const EMERGENCY_WITHDRAW_PATH = "/portfolio";

/**
 * The one place the fund's emergency is said, on every page while it is on (and gone as soon as it is turned off):
 * what it means and one link to where investors take their money out (none on that page itself). Pages do not repeat
 * it (the vault page's invest box says only when deposits reopen). Loaded after the shell's first paint (see `Layout`).
 */
export default function EmergencyBanner() {
  const { data: emergency } = useEmergencyState();
  const { pathname } = useLocation();
  if (emergency !== true) return null;
  return (
    <div className={`${styles.banner} ${styles.danger}`} role="alert" data-testid="emergency-banner">
      <p>
        <strong>The fund is in an emergency state.</strong> Deposits and lockups are paused in every vault. Investors
        can take their money out with an emergency withdrawal.
      </p>
      {pathname !== EMERGENCY_WITHDRAW_PATH && (
        <Link className="button button--secondary button--small" to={EMERGENCY_WITHDRAW_PATH}>
          Withdraw in Portfolio
        </Link>
      )}
    </div>
  );
}
