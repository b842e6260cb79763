import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider, { type Account, type Configuration, interactionPolicy, type KoaContextWithOIDC } from "oidc-provider";
import { renderLoginPage, renderMessagePage } from "./loginPage.js";

export { LocalProviderBrowser, type SignInPerson, signInOnLocalProvider } from "./signIn.js";

export type OidcClient = {
  clientId: string;
  clientSecret: string;
  /** Exact redirect URIs the client may use (e.g. `http://127.0.0.1:5174/social-callback.html`). */
  redirectUris: string[];
};

export type OidcProviderOptions = {
  /** The interface to listen on and the issuer's host (default 127.0.0.1). */
  host?: string;
  /** The port (default 0: a free one). */
  port?: number;
  clients: OidcClient[];
};

export type LocalOidcProvider = {
  /** The issuer identifier, `http://{host}:{port}` (discovery at `/.well-known/openid-configuration`). */
  issuer: string;
  close(): Promise<void>;
};

/** The scopes and the claims each one releases: the ones the API asks Google and the others for. */
const CLAIMS = { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] } as const;

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
const MAX_FORM_BYTES = 8 * 1024;
const INTERACTION_PATH = /^\/interaction\/([A-Za-z0-9_-]+)$/;

type Person = { email: string; name: string };

/**
 * The account id of an email: a hash of the lower-cased address, so the same person gets the same `sub` after a
 * restart (the API keys identities on it) without the provider keeping anything on disk.
 */
export function accountIdFor(email: string): string {
  return createHash("sha256").update(`fundament-local-oidc:${email.trim().toLowerCase()}`).digest("hex").slice(0, 40);
}

/**
 * A local OpenID Connect provider (`oidc-provider`) standing in for Google, GitHub, X, Discord, Apple and Facebook in
 * `npm start` and the tests: authorization code flow with PKCE (required), scopes `openid email profile`, an id_token
 * carrying `sub`, `email`, `email_verified` and `name`, and a small sign-in page of its own (email and name, no
 * password). Consent is granted automatically: every configured client is one of ours. Signing and cookie keys are
 * made at start, so tokens from an earlier run are worthless.
 */
export async function startOidcProvider(options: OidcProviderOptions): Promise<LocalOidcProvider> {
  const host = options.host ?? "127.0.0.1";
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    alg: "RS256",
    use: "sig",
    kid: randomBytes(8).toString("hex"),
  };

  // The accounts signed in since start (the claims are whatever the person typed on the sign-in page).
  const people = new Map<string, Person>();

  // The issuer holds the port, so the server listens first and gets its handler once the provider exists.
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.statusCode = 503;
    response.end();
  };
  const server: Server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

  const policy = interactionPolicy.base();
  // Ask on every authorization request, like an account chooser: with a remembered session a person could not sign in
  // as someone else in the same browser, which the tests of two accounts need.
  policy
    .get("login")
    ?.checks.add(
      new interactionPolicy.Check(
        "choose_account",
        "The local provider asks for the account on every sign-in",
        (ctx) =>
          ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  const configuration: Configuration = {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      response_types: ["code"],
      grant_types: ["authorization_code"],
      token_endpoint_auth_method: "client_secret_basic",
    })),
    jwks: { keys: [signingKey] },
    cookies: {
      keys: [randomBytes(32).toString("hex")],
      // Cookies are shared by every port of 127.0.0.1: names of our own keep clear of the API's and the app's.
      names: {
        session: "fundament_oidc_session",
        interaction: "fundament_oidc_interaction",
        resume: "fundament_oidc_resume",
      },
    },
    claims: { openid: [...CLAIMS.openid], email: [...CLAIMS.email], profile: [...CLAIMS.profile] },
    scopes: ["openid", "email", "profile"],
    // The claims go into the id_token too (not only the userinfo endpoint), as Google's do.
    conformIdTokenClaims: false,
    responseTypes: ["code"],
    pkce: { required: () => true },
    // Short lives: the stand-in holds everything in memory and a sign-in takes a minute at most.
    ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Grant: 3600, Session: 3600 },
    features: { devInteractions: { enabled: false } },
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub): Account | undefined => {
      const person = people.get(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: person.email, email_verified: true, name: person.name }),
      };
    },
    // Consent is granted without asking: each client is ours. The grant holds the scopes and claims above; a request
    // still gets only what it asked for.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session, result, provider } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(Object.keys(CLAIMS).join(" "));
      await grant.save();
      return grant;
    },
    renderError: (ctx, out) => {
      const nonce = randomBytes(16).toString("base64");
      ctx.type = "html";
      ctx.set("content-security-policy", pageCsp(nonce));
      ctx.body = renderMessagePage(
        "Sign-in failed",
        typeof out.error_description === "string" ? out.error_description : String(out.error),
        nonce,
      );
    },
  };

  const provider = new Provider(issuer, configuration);
  const providerHandler = provider.callback();

  handle = (request, response) => {
    let path: string;
    try {
      path = new URL(request.url ?? "/", issuer).pathname;
    } catch {
      response.statusCode = 400;
      response.end();
      return;
    }
    if (!INTERACTION_PATH.test(path)) {
      providerHandler(request, response);
      return;
    }
    handleInteraction(request, response, path).catch((error: unknown) => {
      // A missing or expired interaction cookie (another browser, a used or old link) is the usual cause.
      const status = statusOf(error);
      if (status >= 500) console.error("local OIDC provider: the sign-in page failed", error);
      if (response.headersSent) {
        response.end();
        return;
      }
      const message =
        status === 413
          ? "The form is too large."
          : status < 500
            ? "This sign-in request has expired or was already used. Go back to the app and try again."
            : "The sign-in page failed. Go back to the app and try again.";
      sendPage(response, status, (nonce) => renderMessagePage("Sign-in failed", message, nonce));
    });
  };

  async function handleInteraction(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    const details = await provider.interactionDetails(request, response);
    const clientId = typeof details.params.client_id === "string" ? details.params.client_id : "";
    const client = await provider.Client.find(clientId);
    const clientName = client?.clientName ?? clientId;
    if (details.prompt.name !== "login") {
      // Consent is granted in loadExistingGrant, so only the login prompt ever reaches this page.
      sendPage(response, 400, (nonce) =>
        renderMessagePage("Sign-in failed", "This provider only asks who you are.", nonce),
      );
      return;
    }
    if (request.method === "GET") {
      const hint = typeof details.params.login_hint === "string" ? details.params.login_hint : undefined;
      sendPage(response, 200, (styleNonce) => renderLoginPage({ action: path, clientName, email: hint, styleNonce }));
      return;
    }
    if (request.method !== "POST") {
      response.statusCode = 405;
      response.setHeader("allow", "GET, POST");
      response.end();
      return;
    }
    const form = await readForm(request);
    if (form.get("action") === "cancel") {
      await provider.interactionFinished(
        request,
        response,
        { error: "access_denied", error_description: "The person cancelled the sign-in" },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const email = (form.get("email") ?? "").trim().toLowerCase();
    const name = (form.get("name") ?? "").trim().slice(0, 100);
    if (!EMAIL.test(email) || email.length > 254) {
      sendPage(response, 400, (styleNonce) =>
        renderLoginPage({
          action: path,
          clientName,
          email,
          name,
          error: "Enter an email address, like name@example.com.",
          styleNonce,
        }),
      );
      return;
    }
    const accountId = accountIdFor(email);
    people.set(accountId, { email, name: name || email.slice(0, email.indexOf("@")) });
    await provider.interactionFinished(request, response, { login: { accountId } }, { mergeWithLastSubmission: false });
  }

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function pageCsp(styleNonce: string): string {
  // No form-action: the form's answer redirects on to the client's redirect URI, another origin, which
  // form-action would block in Chrome.
  return `default-src 'none'; style-src 'nonce-${styleNonce}'; frame-ancestors 'none'; base-uri 'none'`;
}

function sendPage(response: ServerResponse, status: number, render: (styleNonce: string) => string): void {
  const nonce = randomBytes(16).toString("base64");
  response.statusCode = status;
  response.setHeader("content-type", "text/html; charset=utf-8");
  response.setHeader("cache-control", "no-store");
  response.setHeader("content-security-policy", pageCsp(nonce));
  response.end(render(nonce));
}

function statusOf(error: unknown): number {
  if (typeof error === "object" && error !== null && "statusCode" in error && typeof error.statusCode === "number")
    return error.statusCode;
  return 500;
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const type = request.headers["content-type"] ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return new URLSearchParams();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_FORM_BYTES) throw Object.assign(new Error("The form is too large"), { statusCode: 413 });
    chunks.push(buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}
