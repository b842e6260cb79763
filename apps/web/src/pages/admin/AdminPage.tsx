import { Skeleton } from "../../shared/components/Skeleton";
import { EmptyState } from "../../shared/components/States";
import { useIsAdmin } from "../../shared/hooks/useIsAdmin";
import { useIsGuardian } from "../../shared/hooks/useIsGuardian";
import { usePageTitle } from "../../shared/hooks/usePageTitle";
import { useWalletStatus } from "../../shared/hooks/useWalletStatus";
import { ConnectButton } from "../../shared/wallet/ConnectButton";
import styles from "./AdminPage.module.css";
import { AdminsSection } from "./AdminsSection";
import { AnalyticsSection } from "./AnalyticsSection";
import { EmergencySection } from "./EmergencySection";
import { FundDepositsSection } from "./FundDepositsSection";
import { FundSettingsSection } from "./FundSettingsSection";
import { GasSponsorshipSection } from "./GasSponsorshipSection";
import { GuardianSection } from "./GuardianSection";
import { PendingChangesSection } from "./PendingChangesSection";
import { VaultAdmin } from "./VaultAdmin";
import { WhitelistSection } from "./WhitelistSection";

/**
 * Admin (`/admin`, admins and guardians): the changes waiting in the timelock first; then, for admins, per vault (chosen with the vault tabs) its round's lockup, collecting and settlement,
 * its trading wallets, settings and deposits (pause, resume, wind down); fund-wide, once: whitelist, admins, emergency
 * state, deposits in every vault, fund settings and fees;
 * the operator's analytics (counts of wallet events per day).
 */
export default function AdminPage() {
  usePageTitle("Admin");
  const { isConnected } = useWalletStatus();
  const { isAdmin, isReady: adminReady } = useIsAdmin();
  const { isGuardian, isReady: guardianReady } = useIsGuardian();
  const isReady = adminReady && guardianReady;
  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>Admin</h1>
          <p className="page__lead">
            Run each vault's rounds and trading wallets; manage investors, admins and the fund.
          </p>
        </div>
      </header>
      {!isConnected ? (
        <EmptyState title="Connect an admin wallet">
          <p>The admin functions are available to wallets holding the admin role.</p>
          <ConnectButton />
        </EmptyState>
      ) : !isReady ? (
        <Skeleton height="10rem" />
      ) : !isAdmin && isGuardian ? (
        <div className="stack">
          <GuardianSection />
          <PendingChangesSection canCancel />
        </div>
      ) : !isAdmin ? (
        <EmptyState title="Admins only">
          <p>This wallet does not hold the admin role.</p>
        </EmptyState>
      ) : (
        <div className="stack">
          <PendingChangesSection canCancel />
          {isGuardian && <GuardianSection />}
          <VaultAdmin />
          <div className={styles.grid}>
            <WhitelistSection />
            <AdminsSection />
            <EmergencySection />
            <FundDepositsSection />
            <FundSettingsSection />
            <GasSponsorshipSection />
          </div>
          <AnalyticsSection />
        </div>
      )}
    </div>
  );
}
