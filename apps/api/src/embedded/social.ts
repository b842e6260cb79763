import * as client from "openid-client";
import type { SocialProvider, SocialProviderConfig } from "./embeddedConfig.js";

/**
 * The social login's talk with Google, GitHub, X, Discord, Apple and Facebook (openid-client): the authorization URL
 * (authorization code flow with S256 PKCE, plus a nonce for OpenID Connect providers), then the code exchange and who
 * signed in. Providers with an `issuer` are found by OpenID Connect discovery; the OAuth-only ones (GitHub, X,
 * Discord, Facebook) are described by their three endpoints, and their user is read from the userinfo endpoint.
 */

/** Who signed in, as the provider says. `email` is only an address the provider says it verified. */
export type SocialIdentity = { subject: string; email: string | null; userName: string | null };

/**
 * A failure of the social login: `message` is a plain sentence for the person; `cause` (for the log only) holds what
 * the provider or the network said.
 */
export class SocialLoginError extends Error {
  override name = "SocialLoginError";
  constructor(
    readonly statusCode: 400 | 502 | 503,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const SIGN_IN_REFUSED = "The provider refused the sign-in.";
export const SIGN_IN_CANCELLED = "The sign-in was cancelled. Try again.";
export const SIGN_IN_UNVERIFIED = "The provider's answer could not be verified. Try again.";

/**
 * The scopes asked of the OAuth-only providers. OpenID Connect providers get `openid email profile`, except Apple:
 * it sends the email and name only with response_mode=form_post, which the frame's static callback page cannot take,
 * so it is asked for `openid` alone (the subject).
 */
const OAUTH_SCOPES: Record<"github" | "x" | "discord" | "facebook", string> = {
  github: "read:user user:email",
  x: "users.read tweet.read",
  discord: "identify email",
  facebook: "email public_profile",
};

function scopeFor(provider: SocialProvider, oidc: boolean): string {
  if (oidc) return provider === "apple" ? "openid" : "openid email profile";
  return provider === "google" || provider === "apple" ? "openid email profile" : OAUTH_SCOPES[provider];
}

/** How the OAuth-only providers take the client secret at their token endpoint (GitHub and Facebook: in the body). */
function oauthClientAuth(provider: SocialProvider, secret: string): client.ClientAuth {
  return provider === "github" || provider === "facebook"
    ? client.ClientSecretPost(secret)
    : client.ClientSecretBasic(secret);
}

/**
 * The client authentication of a discovered provider: client_secret_basic (the spec's default), or
 * client_secret_post when the provider lists only that one (Apple).
 */
function discoveredClientAuth(secret: string): client.ClientAuth {
  const basic = client.ClientSecretBasic(secret);
  const post = client.ClientSecretPost(secret);
  return (server, metadata, body, headers) => {
    const methods = server.token_endpoint_auth_methods_supported;
    const usePost = methods && !methods.includes("client_secret_basic") && methods.includes("client_secret_post");
    (usePost ? post : basic)(server, metadata, body, headers);
  };
}

/** Seconds each request to a provider may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** How long a discovered configuration is kept before it is discovered again. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Plain http is allowed only to this machine (the local stand-in provider); everything else must be https. */
function isLoopbackHttp(url: string): boolean {
  const parsed = new URL(url);
  return parsed.protocol === "http:" && LOOPBACK_HOSTS.has(parsed.hostname);
}

type Entry = { config: client.Configuration; oidc: boolean; expires: number };

export type SocialLogins = {
  /** The configured providers, for the login buttons. */
  list(): { id: SocialProvider; name: string }[];
  get(provider: string): SocialProviderConfig | undefined;
  /** The provider's authorization URL for one login. Throws SocialLoginError 503 when its metadata is unreachable. */
  authorizationUrl(
    provider: SocialProviderConfig,
    request: { redirectUri: string; state: string; nonce: string; codeVerifier: string },
  ): Promise<URL>;
  /**
   * Exchanges the code of `callbackUrl` (the provider's redirect back to us) with the PKCE verifier, checks the state,
   * the issuer and (OpenID Connect) the id_token and its nonce, and returns who signed in. Throws SocialLoginError.
   */
  finish(
    provider: SocialProviderConfig,
    request: { callbackUrl: URL; state: string; nonce: string; codeVerifier: string },
  ): Promise<SocialIdentity>;
};

const unavailable = (provider: SocialProviderConfig, cause: unknown) =>
  new SocialLoginError(503, `${provider.name} sign-in is not available right now. Try again later.`, { cause });

/** A provider with an `issuer`: its configuration by OpenID Connect discovery (kept DISCOVERY_TTL_MS). */
async function discoverProvider(
  provider: SocialProviderConfig & { issuer: string },
  execute: ((config: client.Configuration) => void)[],
): Promise<Entry> {
  try {
    const config = await client.discovery(
      new URL(provider.issuer),
      provider.clientId,
      { client_secret: provider.clientSecret },
      discoveredClientAuth(provider.clientSecret),
      { execute, timeout: PROVIDER_TIMEOUT_SECONDS },
    );
    return { config, oidc: true, expires: Date.now() + DISCOVERY_TTL_MS };
  } catch (cause) {
    throw unavailable(provider, cause);
  }
}

/** An OAuth-only provider: its configuration from its three endpoints (kept for good). */
function describeOAuthProvider(
  provider: SocialProviderConfig,
  execute: ((config: client.Configuration) => void)[],
): Entry {
  const { authorizationEndpoint, tokenEndpoint, userinfoEndpoint } = provider;
  if (!authorizationEndpoint || !tokenEndpoint || !userinfoEndpoint)
    throw unavailable(
      provider,
      new Error(`${provider.provider}: no issuer and not all of its three endpoints are configured`),
    );
  const server: client.ServerMetadata = {
    // OAuth-only providers have no issuer identifier; this one never appears in their answers (no `iss`).
    issuer: new URL(authorizationEndpoint).origin,
    authorization_endpoint: authorizationEndpoint,
    token_endpoint: tokenEndpoint,
    userinfo_endpoint: userinfoEndpoint,
  };
  const config = new client.Configuration(
    server,
    provider.clientId,
    { client_secret: provider.clientSecret },
    oauthClientAuth(provider.provider, provider.clientSecret),
  );
  for (const step of execute) step(config);
  config.timeout = PROVIDER_TIMEOUT_SECONDS;
  return { config, oidc: false, expires: Number.POSITIVE_INFINITY };
}

/** The provider's configuration: plain http only for a provider on this machine; discovered, or from its endpoints. */
async function configureProvider(provider: SocialProviderConfig): Promise<Entry> {
  const endpoints = [
    provider.issuer,
    provider.authorizationEndpoint,
    provider.tokenEndpoint,
    provider.userinfoEndpoint,
  ].filter((url): url is string => url !== undefined);
  const insecure = endpoints.some((url) => url.startsWith("http:"));
  if (insecure && !endpoints.every(isLoopbackHttp))
    throw unavailable(
      provider,
      new Error(`${provider.provider}: plain http is allowed only for a provider on this machine`),
    );
  const execute = insecure ? [client.allowInsecureRequests] : [];
  const { issuer } = provider;
  if (issuer) return discoverProvider({ ...provider, issuer }, execute);
  return describeOAuthProvider(provider, execute);
}

/** The providers' configurations, by provider (a pending discovery is shared). */
type Entries = Map<SocialProvider, Promise<Entry>>;

/** The provider's configuration, discovered once an hour; a failed discovery is tried again on the next login. */
async function entryFor(entries: Entries, provider: SocialProviderConfig): Promise<Entry> {
  const cached = entries.get(provider.provider);
  if (cached) {
    const entry = await cached.catch(() => undefined);
    if (entry && entry.expires > Date.now()) return entry;
    if (entries.get(provider.provider) === cached) entries.delete(provider.provider);
  }
  const pending = configureProvider(provider);
  entries.set(provider.provider, pending);
  try {
    return await pending;
  } catch (error) {
    if (entries.get(provider.provider) === pending) entries.delete(provider.provider);
    throw error;
  }
}

/** The provider's authorization URL for one login (S256 PKCE; a nonce for OpenID Connect). */
async function authorizationUrl(
  entries: Entries,
  provider: SocialProviderConfig,
  { redirectUri, state, nonce, codeVerifier }: Parameters<SocialLogins["authorizationUrl"]>[1],
): Promise<URL> {
  const { config, oidc } = await entryFor(entries, provider);
  const parameters: Record<string, string> = {
    redirect_uri: redirectUri,
    response_type: "code",
    scope: scopeFor(provider.provider, oidc),
    state,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
  };
  if (oidc) parameters.nonce = nonce;
  return client.buildAuthorizationUrl(config, parameters);
}

/** The code exchange, then who signed in: the id_token's claims (OpenID Connect) or the userinfo answer (OAuth). */
async function finishLogin(
  entries: Entries,
  provider: SocialProviderConfig,
  { callbackUrl, state, nonce, codeVerifier }: Parameters<SocialLogins["finish"]>[1],
): Promise<SocialIdentity> {
  const { config, oidc } = await entryFor(entries, provider);
  const label = provider.name;
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(
      config,
      callbackUrl,
      oidc
        ? { pkceCodeVerifier: codeVerifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true }
        : { pkceCodeVerifier: codeVerifier, expectedState: state },
    );
  } catch (cause) {
    throw providerFailure(label, cause);
  }
  if (!oidc) return readOAuthUser(config, provider, tokens.access_token, label);
  const claims = tokens.claims();
  if (!claims) throw new SocialLoginError(400, SIGN_IN_UNVERIFIED, { cause: new Error("no id_token claims") });
  let profile: Record<string, unknown> = claims;
  // Some providers keep the email and name for the userinfo endpoint.
  if (typeof claims.email !== "string" && config.serverMetadata().userinfo_endpoint) {
    try {
      profile = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
    } catch (cause) {
      throw providerFailure(label, cause);
    }
  }
  return {
    subject: claims.sub,
    email: verifiedEmail(profile),
    userName: textClaim(profile.name) ?? textClaim(profile.preferred_username),
  };
}

/** The configured providers' logins; each provider's configuration is discovered on its first login and kept. */
export function createSocialLogins(providers: SocialProviderConfig[]): SocialLogins {
  const byId = new Map(providers.map((provider) => [provider.provider, provider]));
  const entries: Entries = new Map();
  return {
    list: () => providers.map((provider) => ({ id: provider.provider, name: provider.name })),
    get: (provider) => byId.get(provider as SocialProvider),
    authorizationUrl: (provider, request) => authorizationUrl(entries, provider, request),
    finish: (provider, request) => finishLogin(entries, provider, request),
  };
}

/** The user of an OAuth-only provider, from its userinfo endpoint (X wraps it in `data`). */
async function readOAuthUser(
  config: client.Configuration,
  provider: SocialProviderConfig,
  accessToken: string,
  label: string,
): Promise<SocialIdentity> {
  let body: unknown;
  try {
    const response = await client.fetchProtectedResource(
      config,
      accessToken,
      new URL(provider.userinfoEndpoint ?? ""),
      "GET",
      undefined,
      new Headers({ accept: "application/json" }),
    );
    if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
    body = await response.json();
  } catch (cause) {
    throw providerFailure(label, cause);
  }
  const record = isRecord(body) && isRecord(body.data) ? body.data : body;
  if (!isRecord(record))
    throw new SocialLoginError(502, `${label} gave an answer we could not read. Try again later.`, {
      cause: new Error("userinfo is not a JSON object"),
    });
  const id = record.id ?? record.sub;
  const subject = typeof id === "number" && Number.isSafeInteger(id) ? String(id) : textClaim(id);
  if (!subject)
    throw new SocialLoginError(502, `${label} gave an answer we could not read. Try again later.`, {
      cause: new Error("userinfo has no id"),
    });
  return {
    subject,
    email: verifiedEmail(record),
    userName:
      textClaim(record.name) ??
      textClaim(record.global_name) ??
      textClaim(record.login) ??
      textClaim(record.username) ??
      null,
  };
}

/**
 * The email only when the provider says it verified it (`email_verified`, or Discord's `verified`): a verified email
 * links the login to an existing email account, so an unverified one must never reach that step.
 */
function verifiedEmail(profile: Record<string, unknown>): string | null {
  const email = textClaim(profile.email);
  if (!email) return null;
  const verified = profile.email_verified === true || profile.email_verified === "true" || profile.verified === true;
  return verified ? email.toLowerCase() : null;
}

function textClaim(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= 320 ? trimmed : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A failed exchange as a plain sentence; the cause (the provider's answer or the network error) goes to the log. */
function providerFailure(label: string, cause: unknown): SocialLoginError {
  if (cause instanceof SocialLoginError) return cause;
  if (cause instanceof client.AuthorizationResponseError)
    return new SocialLoginError(400, cause.error === "access_denied" ? SIGN_IN_CANCELLED : SIGN_IN_REFUSED, { cause });
  if (cause instanceof client.ResponseBodyError || cause instanceof client.WWWAuthenticateChallengeError)
    return new SocialLoginError(400, SIGN_IN_REFUSED, { cause });
  if (cause instanceof client.ClientError) {
    if (cause.code === "OAUTH_TIMEOUT" || cause.code === "OAUTH_ABORT")
      return new SocialLoginError(502, `${label} did not answer. Try again later.`, { cause });
    if (cause.code === "OAUTH_RESPONSE_IS_NOT_CONFORM" || cause.code === "OAUTH_RESPONSE_IS_NOT_JSON")
      return new SocialLoginError(502, `${label} gave an answer we could not read. Try again later.`, { cause });
    // A state, issuer, nonce, signature or timestamp that does not check out.
    return new SocialLoginError(400, SIGN_IN_UNVERIFIED, { cause });
  }
  // fetch's "fetch failed" (refused connection, DNS) and the like.
  return new SocialLoginError(502, `${label} did not answer. Try again later.`, { cause });
}
