import { toUserMessage } from "@fundament/sdk";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Skeleton } from "../../shared/components/Skeleton";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useFundClient } from "../../shared/hooks/useFundClient";
import { useVaultSettings, useVaults } from "../../shared/hooks/useFundQueries";
import pageStyles from "./AdminPage.module.css";
import { tradingWalletsQuery } from "./admin.queries";
import { FeesAndCapsSettings } from "./FeesAndCapsSettings";
import { NewVault } from "./NewVault";
import { SettlementSafetySettings } from "./SettlementSafetySettings";
import { TradingWalletsSection } from "./TradingWalletsSection";
import styles from "./VaultAdmin.module.css";
import { VaultDepositsSection } from "./VaultDepositsSection";
import { VaultRoundSection } from "./VaultRoundSection";
import { VaultSettingsSection } from "./VaultSettingsSection";
import { VaultTabs } from "./VaultTabs";
import { WipedPositionsSection } from "./WipedPositionsSection";

/**
 * The selected vault's tools: its round (lockup, collect, settle), its trading wallets, its settings, its settlement
 * safety, its fees and caps, its deposits (pause, resume, wind down).
 */
function VaultPanel({ vaultId, vaultName }: { vaultId: number; vaultName: string }) {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  const vault = useVaultSettings(vaultId);
  const wallets = useQuery(tradingWalletsQuery(client, deployment, vault.data?.currentPool.poolId));
  return (
    <div className={pageStyles.grid}>
      <VaultRoundSection vaultId={vaultId} tradingWallets={wallets.data} />
      <TradingWalletsSection
        vaultId={vaultId}
        vaultName={vaultName}
        locked={vault.data?.currentPool.isLocked === true}
        wallets={wallets}
      />
      <VaultSettingsSection vaultId={vaultId} />
      <SettlementSafetySettings vaultId={vaultId} />
      <FeesAndCapsSettings vaultId={vaultId} />
      <VaultDepositsSection vaultId={vaultId} />
      <WipedPositionsSection vaultId={vaultId} />
    </div>
  );
}

/**
 * After a vault is created: selects its tab and, once the tab is there (the vaults are read again first), moves the
 * focus to it, so keyboard and screen-reader users land on the new vault.
 */
function useSelectNewVault(current: number | undefined, setSelected: (vaultId: number) => void) {
  const section = useRef<HTMLElement>(null);
  const [focusPending, setFocusPending] = useState<number | null>(null);
  useEffect(() => {
    if (focusPending === null || current !== focusPending) return;
    section.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
    setFocusPending(null);
  }, [current, focusPending]);
  const onCreated = (vaultId: number) => {
    setSelected(vaultId);
    setFocusPending(vaultId);
  };
  return { section, onCreated };
}

/** Everything an admin does per vault, one vault at a time, chosen with the vault tabs; "+ New vault" beside them. */
export function VaultAdmin() {
  const vaults = useVaults();
  const [selected, setSelected] = useState<number | null>(null);
  const list = vaults.data ?? [];
  const current = list.find((v) => v.vaultId === selected) ?? list[0];
  const { section, onCreated } = useSelectNewVault(current?.vaultId, setSelected);
  return (
    <section ref={section} className={styles.vaultAdmin} aria-labelledby="vault-admin-title">
      <h2 id="vault-admin-title">Vaults</h2>
      <p className="muted">Each vault has its own rounds, trading wallets, lockup duration and minimum investment.</p>
      {vaults.isError ? (
        <div className="error-state" role="alert">
          <p>{toUserMessage(vaults.error)}</p>
          <button type="button" className="button button--secondary" onClick={() => void vaults.refetch()}>
            Try again
          </button>
        </div>
      ) : !current ? (
        vaults.isPending ? (
          <Skeleton height="10rem" />
        ) : (
          <>
            <p className="muted">The fund has no vaults.</p>
            <NewVault onCreated={onCreated} />
          </>
        )
      ) : (
        <VaultTabs
          vaults={list}
          selected={current.vaultId}
          onSelect={setSelected}
          actions={<NewVault onCreated={onCreated} />}
        >
          <VaultPanel key={current.vaultId} vaultId={current.vaultId} vaultName={current.name} />
        </VaultTabs>
      )}
    </section>
  );
}
