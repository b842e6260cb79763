import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
import type { Hash } from "viem";

export type Toast = { id: number; kind: "success" | "error" | "info"; message: string; hash?: Hash | null | undefined };

type ToastsValue = {
  toasts: Toast[];
  push: (toast: Omit<Toast, "id">) => void;
  dismiss: (id: number) => void;
};

const ToastsContext = createContext<ToastsValue | null>(null);

const LIFETIME_MS = 8_000;

/** Transaction results as toasts, announced through an aria-live region (see `<Toasts />`). */
export function ToastsProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const push = useCallback(
    (toast: Omit<Toast, "id">) => {
      const id = next.current++;
      setToasts((list) => [...list.slice(-3), { ...toast, id }]);
      setTimeout(() => dismiss(id), toast.kind === "error" ? LIFETIME_MS * 2 : LIFETIME_MS);
    },
    [dismiss],
  );
  const value = useMemo(() => ({ toasts, push, dismiss }), [toasts, push, dismiss]);
  return <ToastsContext.Provider value={value}>{children}</ToastsContext.Provider>;
}

export function useToasts(): ToastsValue {
  const value = useContext(ToastsContext);
  if (!value) throw new Error("ToastsProvider is missing");
  return value;
}
