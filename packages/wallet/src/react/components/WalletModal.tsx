import { Component, type ComponentType, lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from "react";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";
import { useTheme } from "../hooks/useTheme.js";
import { Toaster } from "./Toaster.js";

/** Shown when the dialog's code cannot be loaded. */
export const DIALOG_LOAD_FAILED = "The wallet window could not be loaded. Check your connection and try again.";

/** The dialog's code (Radix, the Connect and Account views): its own chunk. */
export const loadWalletDialog = () => import("./WalletDialog.js");
const lazyDialog = (): ComponentType => lazy(() => loadWalletDialog().then((m) => ({ default: m.WalletDialog })));

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

/** Catches a failed load of the dialog's code (offline, a new deployment): the page stays, the caller is told. */
class LoadBoundary extends Component<{ onError: (error: unknown) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The wallet modal. The dialog is mounted from the first time the modal opens (its code loads then, or earlier when
 * the page is idle); until then, and whenever it is closed, the toasts show on the page. When its code cannot be
 * loaded, the modal closes with `DIALOG_LOAD_FAILED` and the next open tries again. In embedded mode the views are
 * shown by `WalletEmbed` instead and this renders the toasts only.
 */
export function WalletModal() {
  const { core } = useWalletRuntime();
  const open = useStore(core.modal, (s) => s.open);
  const theme = useTheme();
  const embedded = Boolean(core.options.embedded);
  const [opened, setOpened] = useState(open);
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React keeps a failed import's rejection for good.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what asks for a fresh lazy component
  const WalletDialog = useMemo(() => lazyDialog(), [attempt]);
  if (open && !opened) setOpened(true);
  usePreloadWhenIdle(!embedded);
  return (
    <>
      {embedded || !opened ? null : (
        <LoadBoundary
          key={attempt}
          onError={() => {
            core.close();
            core.toasts.show(DIALOG_LOAD_FAILED, "error");
            setOpened(false);
            setAttempt((n) => n + 1);
          }}
        >
          <Suspense fallback={null}>
            <WalletDialog />
          </Suspense>
        </LoadBoundary>
      )}
      {open && !embedded ? null : <Toaster theme={theme} />}
    </>
  );
}
