import * as Dialog from "@radix-ui/react-dialog";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";
import { useTheme } from "../hooks/useTheme.js";
import { Toaster } from "./Toaster.js";
import { PanelBody, PanelHeader, useViewTitle } from "./WalletPanel.js";

/**
 * The wallet dialog: a Radix dialog (focus trap, Escape closes, labelled by its title) showing the router's view.
 * Loaded by `WalletModal` the first time the modal opens (or when the browser is idle), with the Connect and
 * Account views: the first page view does not pay for it.
 */
export function WalletDialog() {
  const { core } = useWalletRuntime();
  const open = useStore(core.modal, (s) => s.open);
  const shake = useStore(core.modal, (s) => s.shake);
  // The active family is connecting or switching network (spec: loading per namespace).
  const loading = useStore(core.modal, (s) => Boolean(s.loading[core.state.getState().activeChain]));
  const view = useStore(core.router, (s) => s.view);
  const theme = useTheme();
  const title = useViewTitle();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) core.close();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fw-root fw-overlay" data-fw-theme={theme} />
        <Dialog.Content
          className={`fw-root fw-modal${shake ? " fw-shake" : ""}`}
          data-fw-theme={theme}
          data-fw-view={view}
          aria-describedby={undefined}
          aria-busy={loading}
        >
          {loading ? <div className="fw-progress" role="progressbar" aria-label="Working…" /> : null}
          <PanelHeader
            title={<Dialog.Title className="fw-title">{title}</Dialog.Title>}
            close={
              <Dialog.Close asChild>
                <button type="button" className="fw-icon-button" aria-label="Close">
                  <span aria-hidden="true">×</span>
                </button>
              </Dialog.Close>
            }
          />
          {/* While the dialog is open everything outside it is aria-hidden: the toasts live inside it then. */}
          <Toaster theme={theme} />
          <PanelBody />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
