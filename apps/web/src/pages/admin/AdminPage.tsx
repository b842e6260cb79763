import { Skeleton } from "../../shared/components/Skeleton";
import { EmptyState } from "../../shared/components/States";
import { useIsAdmin } from "../../shared/hooks/useIsAdmin";
import { usePageTitle } from "../../shared/hooks/usePageTitle";
import { useWalletStatus } from "../../shared/hooks/useWalletStatus";
import { ConnectButton } from "../../shared/wallet/ConnectButton";
import { AdminsSection } from "./AdminsSection";
import { FundSettingsSection } from "./FundSettingsSection";
import { PoolSection } from "./PoolSection";
import { TradingWalletsSection } from "./TradingWalletsSection";
import { WhitelistSection } from "./WhitelistSection";

/** Admin (`/admin`, admins only): whitelist, trading wallets, admins, lockup, emergency state, settings. */
export default function AdminPage() {
  usePageTitle("Admin");
  const { isConnected } = useWalletStatus();
  const { isAdmin, isReady } = useIsAdmin();
  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>Admin</h1>
          <p className="page__lead">Manage investors, trading wallets, admins and the pool's lockup.</p>
        </div>
      </header>
      {!isConnected ? (
        <EmptyState title="Connect an admin wallet">
          <p>The admin functions are available to wallets holding the admin role.</p>
          <ConnectButton />
        </EmptyState>
      ) : !isReady ? (
        <Skeleton height="10rem" />
      ) : !isAdmin ? (
        <EmptyState title="Admins only">
          <p>This wallet does not hold the admin role.</p>
        </EmptyState>
      ) : (
        <div className="admin-grid">
          <WhitelistSection />
          <AdminsSection />
          <TradingWalletsSection />
          <PoolSection />
          <FundSettingsSection />
        </div>
      )}
    </div>
  );
}
