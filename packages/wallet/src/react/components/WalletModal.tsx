import { lazy, Suspense, useEffect, useState } from "react";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";
import { useTheme } from "../hooks/useTheme.js";
import { Toaster } from "./Toaster.js";

/** The dialog's code (Radix, the Connect and Account views): its own chunk. */
export const loadWalletDialog = () => import("./WalletDialog.js");
const WalletDialog = lazy(() => loadWalletDialog().then((m) => ({ default: m.WalletDialog })));

/** Loads the dialog's code once the page is idle after its first paint, so the first open does not wait. */
function usePreloadWhenIdle(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const preload = () => void loadWalletDialog().catch(() => undefined);
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(preload, { timeout: 4000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(preload, 2000);
    return () => clearTimeout(timer);
  }, [enabled]);
}

/**
 * The wallet modal. The dialog is mounted from the first time the modal opens (its code loads then, or earlier when
 * the page is idle); until then, and whenever it is closed, the toasts show on the page. In embedded mode the views
 * are shown by `WalletEmbed` instead and this renders the toasts only.
 */
export function WalletModal() {
  const { core } = useWalletRuntime();
  const open = useStore(core.modal, (s) => s.open);
  const theme = useTheme();
  const embedded = Boolean(core.options.embedded);
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  usePreloadWhenIdle(!embedded);
  return (
    <>
      {embedded || !opened ? null : (
        <Suspense fallback={null}>
          <WalletDialog />
        </Suspense>
      )}
      {open && !embedded ? null : <Toaster theme={theme} />}
    </>
  );
}
