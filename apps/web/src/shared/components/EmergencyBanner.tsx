import { Link } from "react-router";
import { useEmergencyState } from "../hooks/useEmergencyState";
import styles from "./Banner.module.css";

/**
 * Shown on every page while the fund's emergency state is on (and gone as soon as it is turned off): what it means
 * and where investors take their money out. Loaded after the shell's first paint (see `Layout`).
 */
export default function EmergencyBanner() {
  const { data: emergency } = useEmergencyState();
  if (emergency !== true) return null;
  return (
    <div className={`${styles.banner} ${styles.danger}`} role="alert" data-testid="emergency-banner">
      <p>
        <strong>The fund is in an emergency state.</strong> Deposits and lockups are paused in every vault. Investors
        can take their money out with an emergency withdrawal.
      </p>
      <Link className="button button--secondary button--small" to="/portfolio">
        Go to Portfolio
      </Link>
    </div>
  );
}
