import type { LiveVault } from "@fundament/sdk";
import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import { vaultStopLabel } from "../../shared/lib/vaultStops";
import { roundLabel } from "../vaults/vaults.helpers";
import styles from "./VaultTabs.module.css";

/**
 * The admin's vault selector: one tab per vault (name, current round, status, paused or winding down), the selected
 * vault's tools in the tab panel. Keyboard as the ARIA tabs pattern: ←/→ move between tabs and select, Home/End go to the first/last.
 * `actions` sit beside the tabs, outside the tab list (the "+ New vault" button and the form it opens).
 */
export function VaultTabs({
  vaults,
  selected,
  onSelect,
  actions,
  children,
}: {
  vaults: readonly Pick<LiveVault, "vaultId" | "name" | "round" | "status" | "paused" | "windingDown">[];
  selected: number;
  onSelect: (vaultId: number) => void;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const tabs = useRef(new Map<number, HTMLButtonElement>());
  const tabId = (vaultId: number) => `${id}-tab-${vaultId}`;
  const panelId = `${id}-panel`;

  const onKeyDown = (event: KeyboardEvent) => {
    const index = vaults.findIndex((v) => v.vaultId === selected);
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % vaults.length
        : event.key === "ArrowLeft"
          ? (index - 1 + vaults.length) % vaults.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? vaults.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const vault = vaults[next];
    if (!vault) return;
    onSelect(vault.vaultId);
    tabs.current.get(vault.vaultId)?.focus();
  };

  return (
    <>
      <div className={styles.bar}>
        <div className={styles.tabs} role="tablist" aria-label="Vault" onKeyDown={onKeyDown}>
          {vaults.map((vault) => {
            const active = vault.vaultId === selected;
            return (
              <button
                key={vault.vaultId}
                ref={(node) => {
                  if (node) tabs.current.set(vault.vaultId, node);
                  else tabs.current.delete(vault.vaultId);
                }}
                id={tabId(vault.vaultId)}
                type="button"
                role="tab"
                className={styles.tab}
                aria-selected={active}
                aria-controls={panelId}
                tabIndex={active ? 0 : -1}
                onClick={() => onSelect(vault.vaultId)}
              >
                <span className={styles.name}>{vault.name}</span>
                <span className={styles.meta}>
                  {roundLabel(vault.round)} · {vault.status === "locked" ? "Locked" : "Open"}
                  {vaultStopLabel(vault) && ` · ${vaultStopLabel(vault)}`}
                </span>
              </button>
            );
          })}
        </div>
        {actions}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(selected)} className={styles.panel}>
        {children}
      </div>
    </>
  );
}
