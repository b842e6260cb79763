import * as Dialog from "@radix-ui/react-dialog";
import { useRef } from "react";
import { NO_EMBEDDED_STATE } from "../../features/embedded/types.js";
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
  const { core, embedded } = useWalletRuntime();
  const open = useStore(core.modal, (s) => s.open);
  const shake = useStore(core.modal, (s) => s.shake);
  // The active family is connecting or switching network (spec: loading per namespace).
  const loading = useStore(core.modal, (s) => Boolean(s.loading[core.state.getState().activeChain]));
  const view = useStore(core.router, (s) => s.view);
  const theme = useTheme();
  const title = useViewTitle();
  // While the embedded wallet's secure frame is shown (an approval, the recovery file) the dialog is not modal: a
  // modal Radix dialog traps the focus, takes the pointer from everything outside it and hides it from assistive
  // technology, and the frame (never moved into the dialog: that would reload it) is outside it.
  const frameShown = useStore(embedded?.state ?? NO_EMBEDDED_STATE, (s) => Boolean(s.shown));
  // The element that had the focus when the dialog opened (the header's button, an invest box's "Connect wallet"):
  // the modal is opened from code, not from a Radix trigger, so Radix alone would leave the focus on the page's body.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root
      open={open}
      modal={!frameShown}
      onOpenChange={(next) => {
        if (!next) core.close();
      }}
    >
      <Dialog.Portal>
        {frameShown ? (
          <div className="fw-root fw-overlay" data-fw-theme={theme} aria-hidden="true" />
        ) : (
          <Dialog.Overlay className="fw-root fw-overlay" data-fw-theme={theme} />
        )}
        <Dialog.Content
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          onInteractOutside={(event) => {
            // A click or focus in the shown frame is not outside the wallet.
            if (frameShown) event.preventDefault();
          }}
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
