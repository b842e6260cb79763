import { lazy, Suspense } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { useLiveFundData } from "../hooks/useLiveFundData";
import { ConnectButton } from "../wallet/ConnectButton";
import { ErrorBoundary } from "./ErrorBoundary";
import { NetworkBanner } from "./NetworkBanner";
import { PageSkeleton } from "./Skeleton";
import { Toasts } from "./Toasts";

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
 * The frame of every page: header with logo, navigation and the wallet button, the network banner, toasts. It keeps
 * the on-chain figures live (`useLiveFundData`).
 */
export function Layout() {
  useLiveFundData();
  const { pathname } = useLocation();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="header">
        <div className="header__inner">
          <NavLink to="/" className="logo" aria-label="Fundament home">
            <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true">
              <rect x="2" y="2" width="28" height="28" rx="8" fill="currentColor" />
              <path d="M10 22V10h12M10 16h8" stroke="var(--bg)" strokeWidth="3" strokeLinecap="round" fill="none" />
            </svg>
            <span className="logo__text">Fundament</span>
          </NavLink>
          <nav className="nav" aria-label="Main">
            <ul>
              {NAV.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={"end" in item ? item.end : false} className="nav__link">
                    {item.label}
                  </NavLink>
                </li>
              ))}
              <Suspense fallback={null}>
                <AdminNavLink />
              </Suspense>
            </ul>
          </nav>
          <div className="header__wallet">
            <ConnectButton />
          </div>
        </div>
      </header>
      <NetworkBanner />
      <main id="main" className="main" tabIndex={-1}>
        {/* A page that cannot load or render says so; the frame stays, and another page starts afresh. */}
        <ErrorBoundary key={pathname} fallback={<PageFailed />}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <footer className="footer">
        <p>Fundament — an open-source on-chain investment fund. Investments are locked until the pool's unlock date.</p>
      </footer>
      <Toasts />
    </div>
  );
}

/** Shown instead of a page that failed to load (e.g. offline, or a new version was deployed) or to render. */
export function PageFailed() {
  return (
    <div className="page">
      <div className="error-state" role="alert">
        <p>This page could not be loaded. Check your connection, then reload.</p>
        <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </div>
  );
}
