import { hideFrameElement } from "./frameClient.js";

/** Above the wallet dialog (and its overlay). */
export const FRAME_Z_INDEX = "2147483000";

/**
 * Shows the (already mounted) frame fixed over `placeholder`, following its box as it moves or resizes (resize,
 * scroll, layout changes). The iframe is never moved in the DOM: re-parenting reloads it and loses its pending
 * requests. Returns the stop, which hides the frame again.
 */
export function showFrameOver(iframe: HTMLIFrameElement, placeholder: HTMLElement): () => void {
  const view = placeholder.ownerDocument.defaultView ?? window;
  let frame = 0;
  const place = () => {
    frame = 0;
    const rect = placeholder.getBoundingClientRect();
    Object.assign(iframe.style, {
      position: "fixed",
      border: "0",
      top: `${rect.top}px`,
      left: `${rect.left}px`,
      width: `${rect.width}px`,
      height: `${rect.height}px`,
      opacity: "1",
      visibility: "visible",
      // The modal dialog sets `pointer-events: none` on the body: the frame takes the pointer back.
      pointerEvents: "auto",
      zIndex: FRAME_Z_INDEX,
    });
  };
  const schedule = () => {
    if (frame) return;
    frame = typeof view.requestAnimationFrame === "function" ? view.requestAnimationFrame(place) : 0;
    if (!frame) place();
  };
  place();
  iframe.removeAttribute("aria-hidden");
  iframe.removeAttribute("tabindex");
  const observer = typeof ResizeObserver === "function" ? new ResizeObserver(schedule) : undefined;
  observer?.observe(placeholder);
  view.addEventListener("resize", schedule);
  // Capture: a scroll of any ancestor (the dialog body) moves the box too.
  view.addEventListener("scroll", schedule, true);
  return () => {
    if (frame && typeof view.cancelAnimationFrame === "function") view.cancelAnimationFrame(frame);
    observer?.disconnect();
    view.removeEventListener("resize", schedule);
    view.removeEventListener("scroll", schedule, true);
    hideFrameElement(iframe);
  };
}
