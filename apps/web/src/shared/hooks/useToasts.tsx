import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
import type { Hash } from "viem";

export type Toast = { id: number; kind: "success" | "error" | "info"; message: string; hash?: Hash | null | undefined };

type ToastsValue = {
  toasts: Toast[];
  /** Shows a toast; returns its id. */
  push: (toast: Omit<Toast, "id">) => number;
  dismiss: (id: number) => void;
};

const ToastsContext = createContext<ToastsValue | null>(null);

/** How many toasts show at once (the oldest goes first). */
export const MAX_TOASTS = 4;

/**
 * The app's one place for transaction results (see `useFundAction`): a list of toasts. `<Toasts />` shows them in an
 * aria-live region and dismisses each after its lifetime, paused while the pointer or focus is on them.
 */
export function ToastsProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const push = useCallback((toast: Omit<Toast, "id">) => {
    const id = next.current++;
    setToasts((list) => [...list.slice(-(MAX_TOASTS - 1)), { ...toast, id }]);
    return id;
  }, []);
  const value = useMemo(() => ({ toasts, push, dismiss }), [toasts, push, dismiss]);
  return <ToastsContext.Provider value={value}>{children}</ToastsContext.Provider>;
}

export function useToasts(): ToastsValue {
  const value = useContext(ToastsContext);
  if (!value) throw new Error("ToastsProvider is missing");
  return value;
}
