import { useId } from "react";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";
import { useTheme } from "../hooks/useTheme.js";
import { PanelBody, PanelHeader, useViewTitle } from "./WalletPanel.js";

/**
 * The wallet views embedded in the page (config `embedded: true`) instead of a dialog. Closing it goes to Account
 * when connected, else Connect.
 */
export function WalletEmbed({ className }: { className?: string | undefined }) {
  const { core } = useWalletRuntime();
  const theme = useTheme();
  const title = useViewTitle();
  const view = useStore(core.router, (s) => s.view);
  const shake = useStore(core.modal, (s) => s.shake);
  const titleId = useId();
  if (!core.options.embedded) throw new Error("WalletEmbed needs `embedded: true` in the WalletProvider config");
  return (
    <section
      className={`fw-root fw-embed${shake ? " fw-shake" : ""}${className ? ` ${className}` : ""}`}
      data-fw-theme={theme}
      data-fw-view={view}
      aria-labelledby={titleId}
    >
      <PanelHeader
        title={
          <h2 id={titleId} className="fw-title">
            {title}
          </h2>
        }
        close={
          <button type="button" className="fw-icon-button" aria-label="Close" onClick={() => core.close()}>
            <span aria-hidden="true">×</span>
          </button>
        }
      />
      <PanelBody />
    </section>
  );
}
