import { useEffect } from "react";
import type { Toast } from "../../core/createToasts.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";

const LIFETIME_MS: Record<Toast["variant"], number | undefined> = {
  success: 4000,
  info: 4000,
  error: 6000,
  loading: undefined,
};

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  useEffect(() => {
    const ms = LIFETIME_MS[toast.variant];
    if (ms === undefined) return;
    const timer = setTimeout(onDismiss, ms);
    return () => clearTimeout(timer);
  }, [toast.variant, onDismiss]);
  return (
    <div className={`fw-toast fw-toast-${toast.variant}`} role={toast.variant === "error" ? "alert" : "status"}>
      <span>{toast.message}</span>
      <button type="button" className="fw-icon-button" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

/** The toast stack (outside the dialog, so 'Transaction started' stays after the modal closes). */
export function Toaster({ theme }: { theme: string }) {
  const { core } = useWalletRuntime();
  const toasts = useStore(core.toasts, (s) => s.toasts);
  return (
    <div className="fw-root fw-toaster" data-fw-theme={theme} aria-live="polite">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} onDismiss={() => core.toasts.dismiss(t.id)} />
      ))}
    </div>
  );
}
