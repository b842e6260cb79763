import { type CSSProperties, type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { type Toast, useToasts } from "../hooks/useToasts";
import { type Box, toastEdge, toastLifetime } from "../lib/toasts.helpers";
import layoutStyles from "./Layout.module.css";
import styles from "./Toasts.module.css";
import { TxHash } from "./TxHash";

/** What the stack keeps clear of: the form, dialog or card that holds the focused control. */
const ACTIVE_AREA = "form, fieldset, [role='dialog'], [role='region'], section, .card";
const MARGIN = 16;
/** A toast's left edge by kind (an info toast keeps the accent colour). */
const KIND_CLASS: Record<Toast["kind"], string | undefined> = {
  success: styles.success,
  error: styles.error,
  info: undefined,
};

/**
 * The toast stack: transaction results in an aria-live region (an error is an alert). Each toast goes after its
 * lifetime, paused while the pointer is over the stack or focus is in it; Escape or × dismisses one. The stack sits at
 * the bottom, or below the header when the form in use would be under it.
 */
export function Toasts() {
  const { toasts, dismiss } = useToasts();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const region = useRef<HTMLElement>(null);
  // Where focus was before it entered the stack: it goes back there when the last focused toast is dismissed.
  const returnTo = useRef<HTMLElement | null>(null);
  const placement = useToastPlacement(region, toasts.length);

  const close = useCallback(
    (id: number) => {
      const hadFocus = region.current?.contains(document.activeElement) ?? false;
      dismiss(id);
      if (!hadFocus) return;
      setFocused(false);
      const target = returnTo.current;
      if (target?.isConnected) target.focus();
      else document.getElementById("main")?.focus();
    },
    [dismiss],
  );

  return (
    <section
      ref={region}
      className={placement.edge === "top" ? `${styles.toasts} ${styles.top}` : styles.toasts}
      style={placement.style}
      aria-live="polite"
      aria-label="Notifications"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => {
        const from = event.relatedTarget as HTMLElement | null;
        if (from && !event.currentTarget.contains(from)) returnTo.current = from;
        setFocused(true);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} paused={hovered || focused} onDismiss={close} />
      ))}
    </section>
  );
}

function ToastItem({ toast, paused, onDismiss }: { toast: Toast; paused: boolean; onDismiss: (id: number) => void }) {
  const remaining = useRef(toastLifetime(toast.kind));
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, onDismiss, toast.id]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape dismisses the toast that holds focus (its × button or link).
    <div
      className={[styles.toast, KIND_CLASS[toast.kind]].filter(Boolean).join(" ")}
      role={toast.kind === "error" ? "alert" : "status"}
      data-paused={paused || undefined}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          onDismiss(toast.id);
        }
      }}
    >
      <p className={styles.message}>{toast.message}</p>
      {toast.hash && <TxHash hash={toast.hash} />}
      <button
        type="button"
        className={styles.close}
        aria-label="Dismiss notification"
        onClick={() => onDismiss(toast.id)}
      >
        ×
      </button>
    </div>
  );
}

/** Keeps the stack off the active form: re-placed when toasts arrive, focus moves, or the page scrolls or resizes. */
function useToastPlacement(region: RefObject<HTMLElement | null>, count: number) {
  const [edge, setEdge] = useState<"bottom" | "top">("bottom");
  const [top, setTop] = useState(0);
  const place = useCallback(() => {
    const stack = region.current;
    if (!stack) return;
    const active = document.activeElement;
    const area = active && !stack.contains(active) ? active.closest(ACTIVE_AREA) : null;
    const header = document.querySelector(`.${layoutStyles.header}`)?.getBoundingClientRect().bottom ?? 0;
    const box = stack.getBoundingClientRect();
    const activeBox: Box | null = area ? area.getBoundingClientRect() : null;
    setTop(Math.max(0, header) + MARGIN);
    setEdge(
      toastEdge({
        active: activeBox,
        stack: { left: box.left, right: box.right, height: box.height },
        viewportHeight: window.innerHeight,
        topInset: Math.max(0, header),
        margin: MARGIN,
      }),
    );
  }, [region]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-placed whenever the number of toasts changes.
  useLayoutEffect(() => place(), [place, count]);
  useEffect(() => {
    if (count === 0) return;
    const options = { passive: true, capture: true } as const;
    document.addEventListener("focusin", place);
    window.addEventListener("scroll", place, options);
    window.addEventListener("resize", place);
    return () => {
      document.removeEventListener("focusin", place);
      window.removeEventListener("scroll", place, options);
      window.removeEventListener("resize", place);
    };
  }, [place, count]);
  const style: CSSProperties | undefined = edge === "top" ? { top, bottom: "auto" } : undefined;
  return { edge, style };
}
