/**
 * The frame's few screens, built with DOM calls and textContent only (never innerHTML: every shown value comes from a
 * request and is treated as text). Styles live in styles.css; the CSP forbids inline styles.
 */
import type { Address } from "viem";
import type { ApprovalView } from "./approval.js";
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

function screen(root: HTMLElement, title: string, ...children: Child[]): HTMLElement {
  const heading = el("h1", { id: "screen-title" }, title);
  const main = el("main", { "aria-labelledby": "screen-title" }, heading, ...children);
  root.replaceChildren(main);
  return main;
}

function rowsList(rows: { label: string; value: string }[]): HTMLElement {
  const list = el("dl");
  for (const row of rows) list.append(el("dt", {}, row.label), el("dd", {}, row.value));
  return list;
}

export function renderBusy(root: HTMLElement, text: string): void {
  screen(root, text, el("p", { role: "status" }, "Please wait…"));
}

/**
 * The approval screen: the requesting origin, then everything the request does. Reject takes the focus first, so a
 * stray Enter never approves.
 */
export function renderApproval(
  root: HTMLElement,
  view: ApprovalView,
  actions: { onApprove: () => void; onReject: () => void },
): void {
  const origin = el(
    "p",
    { class: "origin" },
    "Requested by ",
    el("strong", {}, view.origin),
    ` on ${view.network}, from your account `,
    el("code", {}, view.account),
  );
  const sections = view.sections.map((section) => {
    const children: Child[] = [el("h2", {}, section.heading)];
    if (section.rows.length > 0) children.push(rowsList(section.rows));
    if (section.note) children.push(el("p", { class: section.warning ? "warning" : "note" }, section.note));
    return el("section", {}, ...children);
  });
  const reject = el("button", { type: "button", class: "secondary" }, "Reject");
  const approve = el("button", { type: "button", class: "primary" }, "Approve");
  let done = false;
  const once = (action: () => void) => () => {
    if (done) return;
    done = true;
    approve.disabled = true;
    reject.disabled = true;
    action();
  };
  reject.addEventListener("click", once(actions.onReject));
  approve.addEventListener("click", once(actions.onApprove));
  screen(root, view.title, origin, ...sections, el("div", { class: "actions" }, reject, approve));
  reject.focus();
}

/** "Save your recovery file": a download of the recovery share, then "I saved it". */
export function renderRecoverySave(
  root: HTMLElement,
  options: { address: Address; recoveryShare: string; onDone: () => void },
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
  screen(
    root,
    "Save your recovery file",
    el("p", {}, "Your wallet ", el("code", {}, options.address), " was created on this device."),
    el(
      "p",
      {},
      "The recovery file lets you open this wallet on another device or browser. Without it, a lost device means a lost wallet. Nobody else, not even Fundament, can recover it for you.",
    ),
    el("div", { class: "actions" }, download, saved),
    hint,
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
  root.replaceChildren();
}
