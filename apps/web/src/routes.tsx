import { lazy } from "react";
import { Route, Routes } from "react-router";
import { Layout } from "./shared/components/Layout";

// Routing only. Every page is its own chunk, loaded when first visited.
const VaultsPage = lazy(() => import("./pages/vaults/VaultsPage"));
const VaultPage = lazy(() => import("./pages/vault/VaultPage"));
const RoundReportPage = lazy(() => import("./pages/report/RoundReportPage"));
const PortfolioPage = lazy(() => import("./pages/portfolio/PortfolioPage"));
const GovernancePage = lazy(() => import("./pages/governance/GovernancePage"));
const AdminPage = lazy(() => import("./pages/admin/AdminPage"));
const PerformancePage = lazy(() => import("./pages/performance/PerformancePage"));
const HistoryPage = lazy(() => import("./pages/history/HistoryPage"));
const NotFoundPage = lazy(() => import("./pages/not-found/NotFoundPage"));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<VaultsPage />} />
        <Route path="vaults/:id" element={<VaultPage />} />
        <Route path="vaults/:vaultId/rounds/:poolId/report" element={<RoundReportPage />} />
        <Route path="portfolio" element={<PortfolioPage />} />
        <Route path="governance" element={<GovernancePage />} />
        <Route path="admin" element={<AdminPage />} />
        <Route path="performance" element={<PerformancePage />} />
        <Route path="history" element={<HistoryPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
