import { createStore, type Store } from "./createStore.js";

export type ToastVariant = "loading" | "success" | "error" | "info";
export type Toast = { id: number; message: string; variant: ToastVariant };

export type Toasts = Store<{ toasts: Toast[] }> & {
  show(message: string, variant: ToastVariant): Toast;
  dismiss(id: number): void;
};

/** Toast queue. The UI shows the newest; it dismisses them. */
export function createToasts(): Toasts {
  const store = createStore<{ toasts: Toast[] }>({ toasts: [] });
  let nextId = 1;
  return {
    ...store,
    show(message, variant) {
      const toast = { id: nextId++, message, variant };
      store.setState((s) => ({ toasts: [...s.toasts.slice(-4), toast] }));
      return toast;
    },
    dismiss(id) {
      store.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
    },
  };
}
