/**
 * A person signing in on the local provider's page, over plain fetch: the tests and scripts use it where a browser
 * would follow the redirects, fill in the form and press "Sign in".
 */

export type SignInPerson = {
  email: string;
  name?: string;
  /** Press "Cancel" instead of "Sign in". */
  cancel?: boolean;
};

/** Redirects and auto-submitted forms one sign-in may pass through before it leaves the provider. */
const MAX_STEPS = 12;

/**
 * One browser's view of the local provider: it keeps the provider's cookies between sign-ins (as a browser does, so a
 * second sign-in as another person goes through the provider's switch of account), follows its redirects, submits
 * its auto-submitting forms (what the page's script does) and fills in the sign-in page.
 */
export class LocalProviderBrowser {
  private readonly cookies = new Map<string, string>();

  /**
   * Opens `authorizationUrl` (on the local provider), signs in as `person` and returns the URL the provider finally
   * redirects to: the client's redirect URI with `code` and `state` (or `error`). That URL is not opened. Throws with
   * the page's text when the provider shows something else than its pages of the sign-in.
   */
  async signIn(authorizationUrl: string | URL, person: SignInPerson): Promise<string> {
    const provider = new URL(authorizationUrl).origin;
    let url = new URL(authorizationUrl);
    let init: RequestInit = {};
    let formSubmitted = false;
    for (let step = 0; step < MAX_STEPS; step++) {
      const response = await fetch(url, {
        ...init,
        redirect: "manual",
        headers: { ...(init.headers as Record<string, string> | undefined), cookie: this.cookieHeader() },
      });
      this.store(response);
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        const next = new URL(location, url);
        // Leaving the provider: this is the redirect back to the client.
        if (next.origin !== provider) return next.toString();
        url = next;
        init = {};
        continue;
      }
      const page = await response.text();
      const form = parseForm(page);
      if (response.status !== 200 || !form) {
        throw new Error(`The local provider answered ${response.status}: ${plainText(page)}`);
      }
      const fields = new URLSearchParams(form.hidden);
      if (form.hasEmailField) {
        // The sign-in page; a second one would mean the provider refused what was typed.
        if (formSubmitted) throw new Error(`The local provider refused the sign-in: ${plainText(page)}`);
        formSubmitted = true;
        fields.set("email", person.email);
        fields.set("name", person.name ?? "");
        fields.set("action", person.cancel ? "cancel" : "sign-in");
      }
      url = new URL(form.action, url);
      if (url.origin !== provider) throw new Error(`The local provider posts a form to another origin: ${url.origin}`);
      init = {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: fields.toString(),
      };
    }
    throw new Error(`The local provider did not send the browser back to the client after ${MAX_STEPS} steps`);
  }

  private store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(";", 1)[0] ?? "";
      const separator = pair.indexOf("=");
      if (separator <= 0) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      // An empty, already expired cookie is how the provider deletes one.
      if (value === "" || /;\s*expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** A sign-in in a fresh browser (no cookies of the provider yet). */
export function signInOnLocalProvider(authorizationUrl: string | URL, person: SignInPerson): Promise<string> {
  return new LocalProviderBrowser().signIn(authorizationUrl, person);
}

function unescapeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The page's form: where it posts, its hidden inputs, and whether it asks for an email (the sign-in page). */
function parseForm(page: string): { action: string; hidden: [string, string][]; hasEmailField: boolean } | undefined {
  const form = /<form\b[^>]*\bmethod="post"[^>]*\baction="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(page);
  if (!form) return undefined;
  const hidden: [string, string][] = [];
  for (const input of (form[2] ?? "").matchAll(/<input\b[^>]*>/gi)) {
    const tag = input[0];
    if (!/\btype="hidden"/i.test(tag)) continue;
    const name = /\bname="([^"]*)"/i.exec(tag)?.[1];
    const value = /\bvalue="([^"]*)"/i.exec(tag)?.[1] ?? "";
    if (name) hidden.push([unescapeHtml(name), unescapeHtml(value)]);
  }
  return {
    action: unescapeHtml(form[1] ?? ""),
    hidden,
    hasEmailField: /<input\b[^>]*\bname="email"/i.test(form[2] ?? ""),
  };
}

function plainText(html: string): string {
  return html
    .replace(/<(style|script)[\s\S]*?<\/\1>/gi, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 300);
}
