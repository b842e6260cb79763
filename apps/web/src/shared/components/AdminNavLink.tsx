import { NavLink } from "react-router";
import { useIsAdmin } from "../hooks/useIsAdmin";
import { useIsGuardian } from "../hooks/useIsGuardian";
import styles from "./MainNav.module.css";

/** The Admin entry of the navigation, only for admins and guardians (loaded after the shell). */
export default function AdminNavLink() {
  const { isAdmin } = useIsAdmin();
  const { isGuardian } = useIsGuardian();
  if (!isAdmin && !isGuardian) return null;
  return (
    <li>
      <NavLink to="/admin" className={styles.link}>
        Admin
      </NavLink>
    </li>
  );
}
