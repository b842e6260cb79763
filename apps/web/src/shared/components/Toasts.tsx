import { useToasts } from "../hooks/useToasts";
import { TxHash } from "./TxHash";

/** The toast stack; an aria-live region so screen readers hear each transaction result. */
export function Toasts() {
  const { toasts, dismiss } = useToasts();
  return (
    <section className="toasts" aria-live="polite" aria-label="Notifications">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.kind}`} role={toast.kind === "error" ? "alert" : "status"}>
          <p className="toast__message">{toast.message}</p>
          {toast.hash && <TxHash hash={toast.hash} />}
          <button
            type="button"
            className="toast__close"
            aria-label="Dismiss notification"
            onClick={() => dismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
