import { NavLink } from "react-router";
import { useIsAdmin } from "../hooks/useIsAdmin";
import styles from "./MainNav.module.css";

/** The Admin entry of the navigation, only for wallets holding the admin role (loaded after the shell). */
export default function AdminNavLink() {
  const { isAdmin } = useIsAdmin();
  if (!isAdmin) return null;
  return (
    <li>
      <NavLink to="/admin" className={styles.link}>
        Admin
      </NavLink>
    </li>
  );
}
