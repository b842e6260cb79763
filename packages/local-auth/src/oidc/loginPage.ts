/** The pages of the local OpenID Connect provider: the sign-in form and a plain error page. */
import { escapeHtml, htmlPage, messageBody } from "../page.js";

export type LoginPageFields = {
  /** Where the form posts (the interaction's own path). */
  action: string;
  /** The client's name, shown so a person sees which app asks (the client id when it has none). */
  clientName: string;
  email?: string | undefined;
  name?: string | undefined;
  /** A sentence shown above the form when the last submission was refused. */
  error?: string | undefined;
  /** The CSP nonce of the inline style. */
  styleNonce: string;
};

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #16181d; }
  main { max-width: 24rem; margin: 4rem auto; padding: 2rem; background: #fff; border-radius: 0.75rem;
    box-shadow: 0 1px 4px rgb(0 0 0 / 0.12); }
  h1 { font-size: 1.4rem; margin: 0 0 0.5rem; }
  p { margin: 0 0 1.25rem; line-height: 1.4; }
  label { display: block; font-weight: 600; margin: 1rem 0 0.35rem; }
  input { box-sizing: border-box; width: 100%; padding: 0.6rem 0.7rem; font: inherit; border: 1px solid #8a8f98;
    border-radius: 0.4rem; }
  input:focus-visible, button:focus-visible { outline: 3px solid #3b6fd8; outline-offset: 2px; }
  .hint { font-size: 0.85rem; color: #4a4f57; margin: 0.3rem 0 0; }
  .error { color: #a4161a; background: #fdecec; border-radius: 0.4rem; padding: 0.6rem 0.7rem; }
  .actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
  button { font: inherit; padding: 0.6rem 1.1rem; border-radius: 0.4rem; border: 1px solid #1d4fbf; cursor: pointer; }
  button[value="sign-in"] { background: #1d4fbf; color: #fff; }
  button[value="cancel"] { background: #fff; color: #1d4fbf; }
`;

function layout(title: string, body: string, styleNonce: string): string {
  return htmlPage({ title, style: STYLE, body, styleNonce });
}

/**
 * The sign-in form: an email (the account is derived from it) and a display name. There is no password: this
 * provider is a local stand-in for Google, GitHub and the others, and whoever runs it may be anyone.
 */
export function renderLoginPage(fields: LoginPageFields): string {
  const error = fields.error ? `<p class="error" id="sign-in-error" role="alert">${escapeHtml(fields.error)}</p>` : "";
  const invalid = fields.error ? ' aria-invalid="true" aria-describedby="sign-in-error"' : "";
  const body = `<h1>Sign in</h1>
<p>Local test provider. <strong>${escapeHtml(fields.clientName)}</strong> asks who you are; any email works.</p>
${error}
<form method="post" action="${escapeHtml(fields.action)}" novalidate>
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required autofocus
    value="${escapeHtml(fields.email ?? "")}"${invalid}>
  <label for="name">Name</label>
  <input id="name" name="name" type="text" autocomplete="name" maxlength="100" aria-describedby="name-hint"
    value="${escapeHtml(fields.name ?? "")}">
  <p class="hint" id="name-hint">Optional: the part of the email before the @ is used without it.</p>
  <div class="actions">
    <button type="submit" name="action" value="sign-in">Sign in</button>
    <button type="submit" name="action" value="cancel">Cancel</button>
  </div>
</form>`;
  return layout("Sign in", body, fields.styleNonce);
}

/** A page with one sentence, for a request the provider cannot continue. */
export function renderMessagePage(title: string, message: string, styleNonce: string): string {
  return layout(title, messageBody(title, message, "alert"), styleNonce);
}
