// The relay's "Farcaster app" pages: what the person's Farcaster app (Warpcast) shows when it opens a Sign In With
// Farcaster link. Plain server-rendered HTML with real buttons in a form, so it works from the keyboard and without
// scripts; every value that came from a channel's creator is escaped.

import { escapeHtml, htmlPage, messageBody } from "../page.js";

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f1fb; color: #1d1433; }
  main { max-width: 28rem; margin: 3rem auto; padding: 1.5rem; background: #fff; border-radius: 0.75rem;
    box-shadow: 0 1px 4px rgb(0 0 0 / 0.12); }
  h1 { font-size: 1.25rem; line-height: 1.4; margin: 0 0 1rem; }
  p { line-height: 1.5; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 0.75rem; font-size: 0.875rem; }
  dt { color: #5b4f73; } dd { margin: 0; overflow-wrap: anywhere; }
  .actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
  button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 0.5rem; border: 1px solid #7c65c1; cursor: pointer; }
  button[value="approve"] { background: #7c65c1; color: #fff; }
  button[value="cancel"] { background: #fff; color: #4a3a86; }
  button:focus-visible { outline: 3px solid #1d1433; outline-offset: 2px; }
  .note { font-size: 0.8125rem; color: #5b4f73; }
`;

function layout(title: string, body: string): string {
  return htmlPage({
    title,
    style: STYLE,
    body: `${body}
<p class="note">Local Farcaster app: a development stand-in that signs with a fixed, publicly known custody key. It is not Farcaster.</p>`,
  });
}

export type ApprovePageInput = {
  channelToken: string;
  domain: string;
  siweUri: string;
  username: string;
  fid: number;
  custody: string;
};

/** "Sign in to <domain> as @alice (fid N)?" with Approve and Cancel. */
export function approvePage({ channelToken, domain, siweUri, username, fid, custody }: ApprovePageInput): string {
  const question = `Sign in to ${domain} as @${username} (fid ${fid})?`;
  return layout(
    question,
    `<h1>${escapeHtml(question)}</h1>
<dl>
  <dt>Site</dt><dd>${escapeHtml(siweUri)}</dd>
  <dt>Account</dt><dd>@${escapeHtml(username)} (fid ${fid})</dd>
  <dt>Signs with</dt><dd>${escapeHtml(custody)}</dd>
</dl>
<form method="post" action="/~/siwf">
  <input type="hidden" name="channelToken" value="${escapeHtml(channelToken)}">
  <div class="actions">
    <button type="submit" name="action" value="approve">Approve</button>
    <button type="submit" name="action" value="cancel">Cancel</button>
  </div>
</form>`,
  );
}

/** A page with a heading and one sentence: the outcome of a request, or why it cannot be answered. */
export function messagePage(title: string, sentence: string): string {
  return layout(title, messageBody(title, sentence));
}
