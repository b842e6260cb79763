import type { KeyboardEvent, ReactNode } from "react";

/** Arrow keys, Home and End move the focus between the buttons of a list. */
export function onListKeyDown(event: KeyboardEvent<HTMLElement>) {
  const keys = ["ArrowDown", "ArrowUp", "Home", "End"];
  if (!keys.includes(event.key)) return;
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>("button:not([disabled]), a[href]"));
  if (items.length === 0) return;
  const index = items.indexOf(document.activeElement as HTMLElement);
  let next = index;
  if (event.key === "ArrowDown") next = index < 0 ? 0 : Math.min(items.length - 1, index + 1);
  if (event.key === "ArrowUp") next = index < 0 ? 0 : Math.max(0, index - 1);
  if (event.key === "Home") next = 0;
  if (event.key === "End") next = items.length - 1;
  event.preventDefault();
  items[next]?.focus();
}

/** A keyboard-navigable list of actions. */
export function ListNav({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="fw-list" aria-label={label} onKeyDown={onListKeyDown}>
      {children}
    </ul>
  );
}
