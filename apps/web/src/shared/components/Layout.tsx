import { lazy, Suspense } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { useLiveFundData } from "../hooks/useLiveFundData";
import { ConnectButton } from "../wallet/ConnectButton";
import { PageShown } from "../wallet/firstView";
import { AccountInUseBanner } from "./AccountInUseBanner";
import { ErrorBoundary } from "./ErrorBoundary";
import styles from "./Layout.module.css";
import { MainNav } from "./MainNav";
import { NetworkBanner } from "./NetworkBanner";
import { PageSkeleton } from "./Skeleton";
import { Toasts } from "./Toasts";

// The emergency read needs viem's contract actions: load it after the shell's first paint.
const EmergencyBanner = lazy(() => import("./EmergencyBanner"));

/**
 * The frame of every page: header with logo, navigation (a menu on a phone) and the wallet button, the network and
 * emergency banners, toasts. It keeps the on-chain figures live (`useLiveFundData`).
 */
export function Layout() {
  useLiveFundData();
  const { pathname } = useLocation();
  return (
    <div className={styles.app}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <header className={styles.header}>
        <div className={styles.inner}>
          <Link to="/" className={styles.logo} aria-label="Fundament home">
            <svg className={styles.logoMark} viewBox="0 0 32 32" aria-hidden="true">
              <rect x="2" y="2" width="28" height="28" rx="8" fill="currentColor" />
              <path d="M10 22V10h12M10 16h8" stroke="var(--bg)" strokeWidth="3" strokeLinecap="round" fill="none" />
            </svg>
            <span className={styles.logoText}>Fundament</span>
          </Link>
          <MainNav />
          <div className={styles.wallet}>
            <ConnectButton />
          </div>
        </div>
      </header>
      <NetworkBanner />
      <AccountInUseBanner />
      <Suspense fallback={null}>
        <EmergencyBanner />
      </Suspense>
      <main id="main" className={styles.main} tabIndex={-1}>
        {/* A page that cannot load or render says so; the frame stays, and another page starts afresh. */}
        <ErrorBoundary key={pathname} fallback={<PageFailed />}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
            <PageShown />
          </Suspense>
        </ErrorBoundary>
      </main>
      <footer className={styles.footer}>
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
