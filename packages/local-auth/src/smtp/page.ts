// The web inbox's page: every caught mail, newest first, readable as plain text with clickable links (and the HTML
// version in a sandboxed frame). A small script of its own (`/inbox.js`, allowed by the CSP) reloads the page when
// a new mail arrives and clears the inbox.
import { escapeHtml, htmlPage } from "../page.js";

/** One caught mail, as the JSON API answers it. */
export type CaughtMail = {
  id: string;
  /** The sender as written in the From header (`Fundament <no-reply@fundament.local>`), else the envelope's. */
  from: string;
  /** The envelope's recipients, lower-case (Bcc included). */
  to: string[];
  subject: string;
  text: string;
  html?: string;
  /** When the catcher received it (ISO 8601). */
  date: string;
};

/** No inline script, no outside request: the page reads only its own origin. */
export const INBOX_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src data:; " +
  "frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Plain text as HTML with every http(s) URL a link (the device-approval link must be clickable). */
export function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, index) =>
      index % 2 === 1
        ? `<a href="${escapeHtml(part)}" target="_blank" rel="noreferrer noopener">${escapeHtml(part)}</a>`
        : escapeHtml(part),
    )
    .join("");
}

const STYLE = `
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f5f6f8;color:#15171a;margin:0;padding:24px}
main{max-width:760px;margin:0 auto}
header{display:flex;align-items:center;justify-content:space-between;gap:12px;margin-bottom:16px}
h1{font-size:1.4rem;margin:0}
article{background:#fff;border-radius:12px;padding:16px 20px;margin:0 0 16px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h2{font-size:1.1rem;margin:0 0 8px;overflow-wrap:anywhere}
dl{display:grid;grid-template-columns:auto 1fr;gap:2px 12px;margin:0 0 12px;font-size:.9rem}
dt{color:#50555c}dd{margin:0;overflow-wrap:anywhere}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f5f6f8;padding:12px;border-radius:8px;margin:0;font-size:.95rem}
a{color:#1f4fd1}a:focus,button:focus,summary:focus{outline:3px solid #2c6bed;outline-offset:2px}
button{padding:8px 14px;border:1px solid #b8bcc2;border-radius:8px;background:#fff;font:inherit;cursor:pointer}
details{margin-top:12px}iframe{width:100%;min-height:260px;border:1px solid #e3e5e8;border-radius:8px;background:#fff}
p.empty{color:#50555c}
`;

function mailArticle(mail: CaughtMail): string {
  const headingId = `mail-${escapeHtml(mail.id)}`;
  const html = mail.html
    ? `<details><summary>HTML version</summary><iframe title="HTML version of ${escapeHtml(mail.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(mail.html)}"></iframe></details>`
    : "";
  return `<article aria-labelledby="${headingId}">
<h2 id="${headingId}">${escapeHtml(mail.subject || "(no subject)")}</h2>
<dl><dt>From</dt><dd>${escapeHtml(mail.from)}</dd><dt>To</dt><dd>${escapeHtml(mail.to.join(", "))}</dd><dt>Received</dt><dd><time datetime="${escapeHtml(mail.date)}">${escapeHtml(mail.date)}</time></dd></dl>
<pre>${linkify(mail.text)}</pre>
${html}
</article>`;
}

/** The inbox page for `mails` (newest first). */
export function inboxPage(mails: CaughtMail[]): string {
  const newest = mails[0]?.id ?? "";
  const list = mails.length
    ? mails.map(mailArticle).join("\n")
    : `<p class="empty">No mail yet. Mails the local services send appear here.</p>`;
  return htmlPage({
    title: `Local inbox (${mails.length})`,
    style: STYLE,
    head: `<meta name="referrer" content="no-referrer">\n<script src="/inbox.js" defer></script>`,
    bodyAttributes: `data-newest="${escapeHtml(newest)}"`,
    body: `<header><h1>Local inbox</h1><button type="button" id="clear">Delete all mails</button></header>
<p>Mails sent to the local SMTP catcher. Nothing here is delivered anywhere. This page refreshes when a mail arrives.</p>
${list}`,
  });
}

/** Reloads the page when the newest mail changes (polling the JSON API) and wires the delete button. */
export const INBOX_SCRIPT = `"use strict";
(() => {
  const newest = document.body.dataset.newest || "";
  const poll = async () => {
    try {
      const response = await fetch("/api/messages", { cache: "no-store" });
      const mails = await response.json();
      const first = Array.isArray(mails) && mails.length ? mails[0].id : "";
      if (first !== newest) { location.reload(); return; }
    } catch {}
    setTimeout(poll, 2000);
  };
  setTimeout(poll, 2000);
  document.getElementById("clear")?.addEventListener("click", async () => {
    await fetch("/api/messages", { method: "DELETE" });
    location.reload();
  });
})();
`;
