/** A box on screen, in viewport pixels (what `getBoundingClientRect()` gives). */
export type Box = { top: number; bottom: number; left: number; right: number };

/** How long a toast stays, in milliseconds, while nobody hovers or focuses it: an error twice as long. */
export function toastLifetime(kind: "success" | "error" | "info"): number {
  return kind === "error" ? 16_000 : 8_000;
}

/** The area two boxes share (0 when they do not meet). */
export function overlapArea(a: Box, b: Box): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

export type ToastEdgeParameters = {
  /** The form (or card) the person is working in, or null. */
  active: Box | null;
  /** The toast stack's horizontal extent and height. */
  stack: { left: number; right: number; height: number };
  viewportHeight: number;
  /** Where the page's content starts below the sticky header. */
  topInset: number;
  /** The gap kept from the edge. */
  margin: number;
};

/**
 * Where the toast stack goes so it does not cover the form in use: the bottom edge, unless the active form would be
 * covered there more than at the top (just below the header).
 */
export function toastEdge({ active, stack, viewportHeight, topInset, margin }: ToastEdgeParameters): "bottom" | "top" {
  if (!active || stack.height === 0) return "bottom";
  const atBottom = { left: stack.left, right: stack.right, bottom: viewportHeight - margin, top: 0 };
  atBottom.top = atBottom.bottom - stack.height;
  const atTop = { left: stack.left, right: stack.right, top: topInset + margin, bottom: 0 };
  atTop.bottom = atTop.top + stack.height;
  return overlapArea(atBottom, active) <= overlapArea(atTop, active) ? "bottom" : "top";
}
