import { type ReactNode, Suspense } from "react";
import { namespaceName } from "../../core/messages.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";
import { ViewEntryContext } from "../hooks/useViewState.js";
import { connectNamespace } from "../views/ConnectView.js";
import { views } from "../views/index.js";
import { viewTitles } from "../views/viewTitles.js";

/** The current view's title (a connector's name while connecting to it). */
export function useViewTitle(): string {
  const { core, wagmiConfig } = useWalletRuntime();
  const view = useStore(core.router, (s) => s.view);
  const data = useStore(core.router, (s) => s.data);
  if (view === "ConnectingExternal" && typeof data?.connectorId === "string") {
    const name = wagmiConfig.connectors.find((c) => c.id === data.connectorId)?.name;
    if (name) return name;
  }
  // The secure frame's prompt names what it asks ("Sign to register alice.fundament", "Sign a smart account
  // operation"): that is the title, not "Approve Transaction" over a signature. A transaction keeps the spec's title.
  const frameTitle = frameApprovalTitle(view, data);
  if (frameTitle) return frameTitle;
  // The Connect view opened for one family: 'Connect Solana Wallet'.
  const only = view === "Connect" ? connectNamespace(data) : undefined;
  if (only) return `Connect ${namespaceName(only)} Wallet`;
  return viewTitles[view];
}

/** The title the secure frame gave an approval (its SHOW), unless it is a transaction's ("Approve transaction"). */
export function frameApprovalTitle(view: string, data: Record<string, unknown> | undefined): string | undefined {
  if (view !== "ApproveTransaction" || data?.embeddedFrame !== true) return undefined;
  const title = typeof data.title === "string" ? data.title.trim() : "";
  if (!title || title.toLowerCase() === viewTitles.ApproveTransaction.toLowerCase()) return undefined;
  return title;
}

/** Back (when there is a view to go back to), the title, and close. */
export function PanelHeader({ title, close }: { title: ReactNode; close: ReactNode }) {
  const { core } = useWalletRuntime();
  const depth = useStore(core.router, (s) => s.history.length);
  return (
    <header className="fw-header">
      {depth > 1 ? (
        <button type="button" className="fw-icon-button" aria-label="Back" onClick={() => core.router.goBack()}>
          <span aria-hidden="true">‹</span>
        </button>
      ) : (
        <span className="fw-header-spacer" />
      )}
      {title}
      {close}
    </header>
  );
}

/**
 * The current view; views other than Connect and Account load on first use. Each view is rendered with its history
 * entry (`ViewEntryContext`), under which `useViewState` keeps what it must not lose while it is unmounted.
 */
export function PanelBody() {
  const { core } = useWalletRuntime();
  const view = useStore(core.router, (s) => s.view);
  const entry = useStore(core.router, () => core.router.entryIds().at(-1));
  const View = views[view];
  return (
    <div className="fw-body">
      <Suspense
        fallback={
          <p className="fw-muted" role="status">
            Loading…
          </p>
        }
      >
        <ViewEntryContext.Provider value={entry}>
          <View key={view} />
        </ViewEntryContext.Provider>
      </Suspense>
    </div>
  );
}
