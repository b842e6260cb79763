import type { ReactNode } from "react";
import { Skeleton } from "../../shared/components/Skeleton";
import { EmptyState } from "../../shared/components/States";
import { useIsAdmin } from "../../shared/hooks/useIsAdmin";
import { useIsGuardian } from "../../shared/hooks/useIsGuardian";
import { usePageTitle } from "../../shared/hooks/usePageTitle";
import { useWalletStatus } from "../../shared/hooks/useWalletStatus";
import { ConnectButton } from "../../shared/wallet/ConnectButton";
import { AdminNav, useActiveAdminSection } from "./AdminNav";
import styles from "./AdminPage.module.css";
import { AdminsSection } from "./AdminsSection";
import { AnalyticsSection } from "./AnalyticsSection";
import { type AdminSectionId, adminSectionAnchor } from "./adminSections";
import { EmergencySection } from "./EmergencySection";
import { FundDepositsSection } from "./FundDepositsSection";
import { FundSettingsSection } from "./FundSettingsSection";
import { GasSponsorshipSection } from "./GasSponsorshipSection";
import { GuardianSection } from "./GuardianSection";
import { PendingChangesSection } from "./PendingChangesSection";
import { VaultAdmin } from "./VaultAdmin";
import { WhitelistSection } from "./WhitelistSection";

/** One part of the admin page: a single column of its sections, the target of its sidebar link. */
function AdminPart({ id, children }: { id: AdminSectionId; children: ReactNode }) {
  return (
    <div id={adminSectionAnchor(id)} className={styles.part}>
      {children}
    </div>
  );
}

/**
 * The admin's page: a sidebar (Vaults · Investors · Roles · Emergency · Settings · Analytics; a row of tabs on a phone)
 * beside one column of parts. The changes waiting in the timelock first; then Vaults, per vault (chosen with the vault
 * tabs): its round's lockup, collecting and settlement, its trading wallets, settings and deposits; then, apart, the
 * fund-wide parts, once: the whitelist (Investors), the admins (Roles), the emergency state and the deposits in every
 * vault (Emergency), the fund settings and gas sponsorship (Settings), the operator's analytics.
 */
function AdminWorkspace({ isGuardian }: { isGuardian: boolean }) {
  const [active, setActive] = useActiveAdminSection();
  return (
    <div className={styles.layout}>
      <AdminNav active={active} onSelect={setActive} />
      <div className={styles.content}>
        <PendingChangesSection canCancel />
        <AdminPart id="vaults">
          <VaultAdmin />
        </AdminPart>
        <p className={styles.scope}>The whole fund: the same for every vault.</p>
        <AdminPart id="investors">
          <WhitelistSection />
        </AdminPart>
        <AdminPart id="roles">
          <AdminsSection />
        </AdminPart>
        <AdminPart id="emergency">
          <EmergencySection />
          <FundDepositsSection />
          {isGuardian && <GuardianSection />}
        </AdminPart>
        <AdminPart id="settings">
          <FundSettingsSection />
          <GasSponsorshipSection />
        </AdminPart>
        <AdminPart id="analytics">
          <AnalyticsSection />
        </AdminPart>
      </div>
    </div>
  );
}

/** Admin (`/admin`, admins and guardians): a guardian sees its powers and the pending changes; an admin, everything. */
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
        <AdminWorkspace isGuardian={isGuardian} />
      )}
    </div>
  );
}
