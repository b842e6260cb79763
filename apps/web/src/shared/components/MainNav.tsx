import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import styles from "./MainNav.module.css";

// The admin check needs the fund's ABI and viem's public actions: load it after the shell's first paint.
const AdminNavLink = lazy(() => import("./AdminNavLink"));

const NAV = [
  { to: "/", label: "Vaults", end: true },
  { to: "/portfolio", label: "Portfolio" },
  { to: "/governance", label: "Governance" },
  { to: "/performance", label: "Performance" },
  { to: "/history", label: "History" },
] as const;

/**
 * The main navigation. On a wide screen the links sit in the header; on a phone (MainNav.module.css: the toggle shows
 * below 720px) a Menu button opens them as a panel under the header. The panel closes on Escape (focus back on the button),
 * when a link is followed, and when the page changes.
 */
export function MainNav() {
  const [open, setOpen] = useState(false);
  const navId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // A followed link (or Back) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each page change, by design.
  useEffect(() => setOpen(false), [pathname]);

  // Escape closes the open menu, wherever focus is, and puts focus back on the Menu button.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <div className={open ? `${styles.area} ${styles.areaOpen}` : styles.area}>
      <button
        ref={button}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={navId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg className={styles.toggleIcon} viewBox="0 0 24 24" aria-hidden="true">
          {open ? (
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : (
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
        <span className={styles.toggleLabel}>Menu</span>
      </button>
      <nav id={navId} className={styles.nav} aria-label="Main">
        <ul>
          {NAV.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={"end" in item ? item.end : false}
                className={styles.link}
                onClick={() => setOpen(false)}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
          <Suspense fallback={null}>
            <AdminNavLink />
          </Suspense>
        </ul>
      </nav>
    </div>
  );
}
