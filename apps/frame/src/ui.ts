/**
 * The frame's few screens, built with DOM calls and textContent only (never innerHTML: every shown value comes from a
 * request and is treated as text). Styles live in styles.css; the CSP forbids inline styles.
 */
import type { Address } from "viem";
import { type ApprovalSection, type ApprovalView, originHost } from "./approval/index.js";
import { recoveryFileName, serializeRecoveryFile } from "./shares.js";

type Child = Node | string;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** Per root: undoes what the screen on show set up outside its own nodes (document listeners, timers, observers). */
const teardowns = new WeakMap<HTMLElement, () => void>();

function leaveScreen(root: HTMLElement): void {
  teardowns.get(root)?.();
  teardowns.delete(root);
}

function screen(root: HTMLElement, title: Child | Child[], ...children: Child[]): HTMLElement {
  leaveScreen(root);
  const heading = el("h1", { id: "screen-title" }, ...(Array.isArray(title) ? title : [title]));
  const main = el("main", { "aria-labelledby": "screen-title" }, heading, ...children);
  root.replaceChildren(main);
  return main;
}

function rowsList(rows: { label: string; value: string }[]): HTMLElement {
  const list = el("dl");
  for (const row of rows) list.append(el("dt", {}, row.label), el("dd", {}, row.value));
  return list;
}

function sectionNode(section: ApprovalSection): HTMLElement {
  const children: Child[] = [el("h2", {}, section.heading)];
  if (section.rows.length > 0) children.push(rowsList(section.rows));
  if (section.note) children.push(el("p", { class: section.warning ? "warning" : "note" }, section.note));
  return el("section", {}, ...children);
}

export function renderBusy(root: HTMLElement, text: string): void {
  screen(root, text, el("p", { role: "status" }, "Please wait…"));
}

/**
 * How long Approve stays inactive after the screen appears, and again whenever the frame comes back into view: a
 * click or a double-click the app (or a page it embeds) timed for something else must not land on Approve.
 */
export const APPROVE_DELAY_MS = 1_000;

const APPROVE_HINT =
  "Approve becomes available after a short pause, so that a click meant for something else cannot approve.";

/** The heading: who asks, and what for. */
function approvalTitle(view: ApprovalView): Child[] {
  return [el("strong", { class: "requester" }, originHost(view.origin)), ` asks you to ${view.action}`];
}

/** The request in words and its warnings first, then everything it does; raw fields folded under "Details". */
function approvalBody(view: ApprovalView): Child[] {
  const top: Child[] = [];
  if (view.summary) top.push(el("p", { class: "summary" }, view.summary));
  for (const warning of view.warnings) top.push(el("p", { class: "warning" }, warning));
  top.push(
    el(
      "p",
      { class: "origin" },
      "Requested by ",
      el("span", { class: "full-origin" }, view.origin),
      ` on ${view.network}, from your account `,
      el("code", {}, view.account),
    ),
  );
  const sections = view.sections.map(sectionNode);
  if (view.details.length > 0) {
    sections.push(el("details", {}, el("summary", {}, "Details"), ...view.details.map(sectionNode)));
  }
  return [...top, ...sections];
}

type ApproveGate = {
  /** Approve off, and on again after the delay (restarted by every call). */
  arm(): void;
  /** Approve off until the frame is seen again. */
  disarm(): void;
  /** The action, run at most once for the screen: afterwards both buttons stay off. */
  once(action: () => void): () => void;
  /** Whether Approve or Reject already ran. */
  settled(): boolean;
  stop(): void;
};

/** Approve's pause and the screen's one decision. */
function approveGate(approve: HTMLButtonElement, reject: HTMLButtonElement, hint: HTMLElement): ApproveGate {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    arm() {
      clearTimeout(timer);
      approve.disabled = true;
      hint.textContent = APPROVE_HINT;
      timer = setTimeout(() => {
        if (done) return;
        approve.disabled = false;
        hint.textContent = "";
      }, APPROVE_DELAY_MS);
    },
    disarm() {
      clearTimeout(timer);
      timer = undefined;
      approve.disabled = true;
      hint.textContent = APPROVE_HINT;
    },
    once: (action) => () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      approve.disabled = true;
      reject.disabled = true;
      action();
    },
    settled: () => done,
    stop() {
      clearTimeout(timer);
    },
  };
}

/**
 * Whether the frame is seen: a tab in the background, or the app hiding the frame, starts the pause again when it is
 * back. `observe` starts watching the element; `stop` ends both watches.
 */
function watchSight(doc: Document, gate: ApproveGate): { observe(target: Element): void; stop(): void } {
  // Inside a cross-origin iframe the observer reports visibility in the top-level viewport: the app hiding the frame
  // (display: none), moving it off screen or scrolling it away counts as not seen.
  let seen = true;
  const onVisibility = () => {
    if (doc.visibilityState === "hidden") gate.disarm();
    else if (seen) gate.arm();
  };
  doc.addEventListener("visibilitychange", onVisibility);
  const observer =
    typeof IntersectionObserver === "function"
      ? new IntersectionObserver((entries) => {
          const visible = entries.at(-1)?.isIntersecting ?? seen;
          if (visible === seen) return;
          seen = visible;
          if (visible && doc.visibilityState !== "hidden") gate.arm();
          else gate.disarm();
        })
      : undefined;
  return {
    observe(target) {
      observer?.observe(target);
    },
    stop() {
      doc.removeEventListener("visibilitychange", onVisibility);
      observer?.disconnect();
    },
  };
}

/**
 * The approval screen: "<origin> asks you to …" first, then the request in words, warnings, and everything the request
 * does. Reject has the focus first and works at once (Escape too); Approve only after APPROVE_DELAY_MS of being seen.
 */
export function renderApproval(
  root: HTMLElement,
  view: ApprovalView,
  actions: { onApprove: () => void; onReject: () => void },
): void {
  const hint = el("p", { class: "note", id: "approve-hint" });
  const reject = el("button", { type: "button", class: "secondary" }, "Reject");
  const approve = el("button", { type: "button", class: "primary", "aria-describedby": "approve-hint" }, "Approve");
  const gate = approveGate(approve, reject, hint);
  const onReject = gate.once(actions.onReject);
  const onApprove = gate.once(actions.onApprove);
  reject.addEventListener("click", onReject);
  // The disabled button already ignores clicks; the check also covers a click dispatched by other means.
  approve.addEventListener("click", () => {
    if (!approve.disabled) onApprove();
  });

  const doc = root.ownerDocument;
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || gate.settled()) return;
    event.preventDefault();
    onReject();
  };
  doc.addEventListener("keydown", onKey);
  const sight = watchSight(doc, gate);

  // The hint sits below the buttons: when it goes, nothing moves under the pointer.
  screen(root, approvalTitle(view), ...approvalBody(view), el("div", { class: "actions" }, reject, approve), hint);
  gate.arm();
  sight.observe(approve);
  teardowns.set(root, () => {
    gate.stop();
    doc.removeEventListener("keydown", onKey);
    sight.stop();
  });
  // Who asks is read first: focusing Reject must not scroll a long request's heading out of the frame.
  reject.focus({ preventScroll: true });
  doc.scrollingElement?.scrollTo?.(0, 0);
}

/**
 * "Save your recovery file": a download of the recovery share, then "I saved it". Right after a wallet is made it
 * also offers "Save later" (`onLater`): an offer, not a wall in front of the first use; the Account view keeps
 * "Save recovery file" for later.
 */
export function renderRecoverySave(
  root: HTMLElement,
  options: { address: Address; recoveryShare: string; onDone: () => void; onLater?: () => void },
): void {
  const fileName = recoveryFileName(options.address);
  const download = el("button", { type: "button", class: "primary" }, "Download recovery file");
  const saved = el("button", { type: "button", class: "secondary" }, "I saved it");
  saved.disabled = true;
  const hint = el("p", { class: "note", id: "saved-hint" }, "Download the file first.");
  saved.setAttribute("aria-describedby", "saved-hint");
  download.addEventListener("click", () => {
    const blob = new Blob([serializeRecoveryFile(options.address, options.recoveryShare)], {
      type: "application/json",
    });
    const url = URL.createObjectURL(blob);
    const link = el("a", { href: url, download: fileName });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    saved.disabled = false;
    hint.textContent = `Saved as ${fileName}. Keep it somewhere safe, away from this device.`;
    saved.focus();
  });
  saved.addEventListener("click", () => {
    saved.disabled = true;
    options.onDone();
  });
  const onLater = options.onLater;
  const later = onLater ? el("button", { type: "button", class: "secondary" }, "Save later") : undefined;
  later?.addEventListener("click", () => {
    if (later) later.disabled = true;
    onLater?.();
  });
  const laterNote = onLater
    ? el(
        "p",
        { class: "note" },
        "You can save it any time from Account → Save recovery file. Until you do, this wallet lives only in this browser: clearing its data or losing this device loses the wallet.",
      )
    : undefined;
  screen(
    root,
    "Save your recovery file",
    el("p", {}, "Your wallet ", el("code", {}, options.address), " was created on this device."),
    el(
      "p",
      {},
      "The recovery file lets you open this wallet on another device or browser. Without it, a lost device means a lost wallet. Nobody else, not even Fundament, can recover it for you.",
    ),
    el("div", { class: "actions" }, download, saved, ...(later ? [later] : [])),
    hint,
    ...(laterNote ? [laterNote] : []),
  );
  download.focus();
}

/**
 * "Restore your wallet on this device": a labelled file input; `onFile` answers an error text for a wrong file (the
 * person can try again) or undefined when the wallet opened.
 */
export function renderRecoveryRestore(
  root: HTMLElement,
  options: { address: Address; onFile: (text: string) => Promise<string | undefined> },
): void {
  const input = el("input", { type: "file", id: "recovery-file", accept: "application/json,.json" });
  const error = el("p", { class: "warning", role: "alert", id: "restore-error" });
  const restore = el("button", { type: "submit", class: "primary" }, "Restore");
  const form = el(
    "form",
    {},
    el("label", { for: "recovery-file" }, "Recovery file"),
    input,
    error,
    el("div", { class: "actions" }, restore),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const file = input.files?.[0];
    if (!file) {
      error.textContent = "Choose your recovery file first.";
      input.focus();
      return;
    }
    restore.disabled = true;
    error.textContent = "";
    void file
      .text()
      .then(options.onFile)
      .then(
        (problem) => {
          if (problem) {
            error.textContent = problem;
            restore.disabled = false;
            input.focus();
          }
        },
        (failure: unknown) => {
          error.textContent = failure instanceof Error ? failure.message : String(failure);
          restore.disabled = false;
        },
      );
  });
  screen(
    root,
    "Restore your wallet on this device",
    el(
      "p",
      {},
      "This device has not opened your wallet ",
      el("code", {}, options.address),
      " before. Choose the recovery file you saved when you created it.",
    ),
    form,
  );
  input.focus();
}

export function clearScreen(root: HTMLElement): void {
  leaveScreen(root);
  root.replaceChildren();
}
