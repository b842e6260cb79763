import { useEffect, useState } from "react";

/**
 * Copies `text` to the clipboard; says "Copied" for two seconds (announced politely), or "Copy failed" when the
 * browser refuses.
 */
export function CopyButton({ text, label = "Copy address" }: { text: string; label?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () => {
    const clipboard = globalThis.navigator?.clipboard;
    if (!clipboard) return setState("failed");
    clipboard.writeText(text).then(
      () => setState("copied"),
      () => setState("failed"),
    );
  };
  return (
    <button type="button" className="button button--secondary button--small" onClick={copy}>
      <span aria-live="polite">{state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : label}</span>
    </button>
  );
}
