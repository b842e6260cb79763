import { z } from "zod";

/** The social logins of spec §5 ("Social provider is one of google, github, apple, facebook, x, discord"). */
export const SOCIAL_PROVIDERS = ["google", "github", "apple", "facebook", "x", "discord"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** How a person logged in to the embedded wallet. */
export type LoginMethod = "email" | SocialProvider | "farcaster";

/** The names the social buttons show when OIDC_PROVIDERS gives none. */
export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: "Google",
  github: "GitHub",
  apple: "Apple",
  facebook: "Facebook",
  x: "X",
  discord: "Discord",
};

/**
 * One configured social login (an entry of OIDC_PROVIDERS): an OpenID Connect issuer (discovery), or, for the
 * providers without discovery (GitHub, X, Discord, Facebook), its three OAuth endpoints.
 */
export type SocialProviderConfig = {
  provider: SocialProvider;
  name: string;
  issuer: string | undefined;
  clientId: string;
  clientSecret: string;
  authorizationEndpoint: string | undefined;
  tokenEndpoint: string | undefined;
  userinfoEndpoint: string | undefined;
};

/** Sign In With Farcaster: the relay, the chain of the IdRegistry (Optimism; anvil locally), the SIWF domain and URI. */
export type FarcasterConfig = { relayUrl: string; rpcUrl: string; domain: string; siweUri: string };

/** The embedded wallet's settings (`Config.embedded`). */
export type EmbeddedConfig = {
  /** EMBEDDED_SECRET (32 bytes): keys every HMAC and the auth shares' encryption; without it the routes answer 503. */
  secret: Buffer | undefined;
  /** Where the login mails go (nodemailer's URL form: smtp://user:pass@host:port, smtps://…). */
  smtpUrl: string;
  emailFrom: string;
  /** The secure frame's origin: added to the CORS origins; the social login's callback page lives there. */
  frameOrigin: string;
  /** The API's public base URL (no trailing slash), for the links in mails. */
  publicApiUrl: string;
  social: SocialProviderConfig[];
  farcaster: FarcasterConfig | undefined;
};

export const DEFAULT_SMTP_URL = "smtp://127.0.0.1:2525";
export const DEFAULT_EMAIL_FROM = "Fundament <no-reply@fundament.local>";
export const DEFAULT_FRAME_ORIGIN = "http://127.0.0.1:5174";

const blankToUndefined = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
const optional = z.string().optional().transform(blankToUndefined);

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

const origin = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin === value.replace(/\/$/, "");
  } catch {
    return false;
  }
}, "must be an origin: scheme, host and port only, e.g. http://127.0.0.1:5174");

const socialEntry = z
  .object({
    provider: z.enum(SOCIAL_PROVIDERS, { error: `provider must be one of ${SOCIAL_PROVIDERS.join(", ")}` }),
    name: z.string().trim().min(1).max(40).optional(),
    issuer: httpUrl.optional(),
    clientId: z.string({ error: "clientId is required" }).trim().min(1, "clientId is required").max(500),
    clientSecret: z.string({ error: "clientSecret is required" }).trim().min(1, "clientSecret is required").max(2000),
    authorizationEndpoint: httpUrl.optional(),
    tokenEndpoint: httpUrl.optional(),
    userinfoEndpoint: httpUrl.optional(),
  })
  .strict()
  .refine(
    (entry) => entry.issuer || (entry.authorizationEndpoint && entry.tokenEndpoint && entry.userinfoEndpoint),
    "each provider needs an issuer, or authorizationEndpoint, tokenEndpoint and userinfoEndpoint",
  );

/** The environment variables of the embedded wallet, spread into the API's `envSchema`. */
export const embeddedEnv = {
  EMBEDDED_SECRET: optional.refine((value) => value === undefined || /^[0-9a-fA-F]{64}$/.test(value), {
    message: "must be 64 hex characters (32 random bytes: openssl rand -hex 32)",
  }),
  SMTP_URL: optional.refine(
    (value) => value === undefined || /^smtps?:\/\/[^\s/]+(?::\d+)?\/?(?:\?\S*)?$/.test(value),
    {
      message: "must be an SMTP URL: smtp://host:port or smtps://user:password@host:port",
    },
  ),
  EMAIL_FROM: optional.refine((value) => value === undefined || (value.length <= 200 && !/[\r\n]/.test(value)), {
    message: "must be one line, e.g. Fundament <no-reply@example.com>",
  }),
  EMBEDDED_FRAME_ORIGIN: optional.pipe(origin.optional()),
  PUBLIC_API_URL: optional.pipe(httpUrl.optional()),
  OIDC_PROVIDERS: optional.transform((value, context) => {
    if (value === undefined) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      context.addIssue({ code: "custom", message: "must be a JSON array of providers" });
      return z.NEVER;
    }
    const entries = z.array(socialEntry, { error: "must be a JSON array of providers" }).safeParse(parsed);
    if (!entries.success) {
      const issue = entries.error.issues[0];
      const where = issue?.path.length ? `entry ${issue.path.join(".")}: ` : "";
      context.addIssue({ code: "custom", message: `${where}${issue?.message ?? "is not valid"}` });
      return z.NEVER;
    }
    const seen = new Set<string>();
    for (const entry of entries.data) {
      if (seen.has(entry.provider)) {
        context.addIssue({ code: "custom", message: `${entry.provider} is configured twice` });
        return z.NEVER;
      }
      seen.add(entry.provider);
    }
    return entries.data;
  }),
  FARCASTER_RELAY_URL: optional.pipe(httpUrl.optional()),
  FARCASTER_RPC_URL: optional.pipe(httpUrl.optional()),
  FARCASTER_DOMAIN: optional.refine((value) => value === undefined || /^[A-Za-z0-9.-]+(?::\d+)?$/.test(value), {
    message: "must be a host with an optional port, e.g. app.example.com",
  }),
  FARCASTER_SIWE_URI: optional.pipe(httpUrl.optional()),
};

/** The parsed variables `embeddedConfig` reads. */
export type EmbeddedEnv = {
  API_HOST: string;
  API_PORT: number;
  EMBEDDED_SECRET?: string | undefined;
  SMTP_URL?: string | undefined;
  EMAIL_FROM?: string | undefined;
  EMBEDDED_FRAME_ORIGIN?: string | undefined;
  PUBLIC_API_URL?: string | undefined;
  OIDC_PROVIDERS: z.infer<typeof socialEntry>[];
  FARCASTER_RELAY_URL?: string | undefined;
  FARCASTER_RPC_URL?: string | undefined;
  FARCASTER_DOMAIN?: string | undefined;
  FARCASTER_SIWE_URI?: string | undefined;
};

/**
 * The embedded wallet's configuration from the parsed environment; `fail` (it throws the API's ConfigError) when
 * FARCASTER_RELAY_URL is set without FARCASTER_RPC_URL, the chain its signatures are checked against.
 */
export function embeddedConfig(env: EmbeddedEnv, fail: (message: string) => never): EmbeddedConfig {
  const frameOrigin = (env.EMBEDDED_FRAME_ORIGIN ?? DEFAULT_FRAME_ORIGIN).replace(/\/$/, "");
  const apiHost = env.API_HOST.includes(":") ? `[${env.API_HOST}]` : env.API_HOST;
  let farcaster: FarcasterConfig | undefined;
  if (env.FARCASTER_RELAY_URL) {
    if (!env.FARCASTER_RPC_URL)
      fail(
        "Invalid environment: FARCASTER_RPC_URL is needed with FARCASTER_RELAY_URL (the chain whose IdRegistry the Farcaster sign-in is checked against)",
      );
    farcaster = {
      relayUrl: env.FARCASTER_RELAY_URL.replace(/\/+$/, ""),
      rpcUrl: env.FARCASTER_RPC_URL,
      domain: env.FARCASTER_DOMAIN ?? new URL(frameOrigin).host,
      siweUri: env.FARCASTER_SIWE_URI ?? `${frameOrigin}/`,
    };
  }
  return {
    secret: env.EMBEDDED_SECRET ? Buffer.from(env.EMBEDDED_SECRET, "hex") : undefined,
    smtpUrl: env.SMTP_URL ?? DEFAULT_SMTP_URL,
    emailFrom: env.EMAIL_FROM ?? DEFAULT_EMAIL_FROM,
    frameOrigin,
    publicApiUrl: (env.PUBLIC_API_URL ?? `http://${apiHost}:${env.API_PORT}`).replace(/\/+$/, ""),
    social: env.OIDC_PROVIDERS.map((entry) => ({
      provider: entry.provider,
      name: entry.name ?? SOCIAL_PROVIDER_NAMES[entry.provider],
      issuer: entry.issuer,
      clientId: entry.clientId,
      clientSecret: entry.clientSecret,
      authorizationEndpoint: entry.authorizationEndpoint,
      tokenEndpoint: entry.tokenEndpoint,
      userinfoEndpoint: entry.userinfoEndpoint,
    })),
    farcaster,
  };
}
