// @ts-check
/**
 * The embedded wallet's local sign-in services as a child process (packages/local-auth/src/main.ts): the SMTP catcher
 * with its web inbox, the OpenID Connect provider (one client per social provider) and the Farcaster relay.
 */
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { startChildService } from "./child-service.mjs";
import { ROOT } from "./paths.mjs";

export const LOCAL_AUTH_DIR = join(ROOT, "packages", "local-auth");

/** The social providers the local OpenID Connect provider stands in for (spec §1 order, without farcaster). */
export const LOCAL_SOCIAL_PROVIDERS = /** @type {const} */ (["google", "x", "discord", "github", "apple", "facebook"]);
const PROVIDER_NAMES = /** @type {Record<string, string>} */ ({
  google: "Google",
  x: "X",
  discord: "Discord",
  github: "GitHub",
  apple: "Apple",
  facebook: "Facebook",
});

/**
 * One OIDC client per social provider, all on the local issuer, with a fresh secret per start: what the local
 * provider registers, and what the API's OIDC_PROVIDERS names.
 * @param {{ frameOrigin: string }} options
 */
export function localOidcClients({ frameOrigin }) {
  return LOCAL_SOCIAL_PROVIDERS.map((provider) => ({
    provider,
    name: PROVIDER_NAMES[provider] ?? provider,
    clientId: `local-${provider}`,
    clientSecret: randomBytes(24).toString("base64url"),
    redirectUris: [`${frameOrigin}/social-callback.html`],
  }));
}

/**
 * @typedef {object} LocalAuth
 * @property {string} smtpUrl
 * @property {string} inboxUrl
 * @property {string} oidcIssuer
 * @property {string} [farcasterRelayUrl]
 * @property {Promise<number | null>} exited
 * @property {() => Promise<void>} stop
 */

/**
 * @param {{ host?: string, smtpPort: number, inboxPort: number, oidcPort: number, relayPort: number, rpcUrl: string,
 *   clients: { clientId: string, clientSecret: string, redirectUris: string[] }[], logFile?: string, timeoutMs?: number }} options
 * @returns {Promise<LocalAuth>}
 */
export async function startLocalAuth({
  host = "127.0.0.1",
  smtpPort,
  inboxPort,
  oidcPort,
  relayPort,
  rpcUrl,
  clients,
  logFile,
  timeoutMs = 60_000,
}) {
  /** @type {(value: Record<string, string>) => void} */
  let onReady = () => undefined;
  /** @type {Promise<Record<string, string>>} */
  const ready = new Promise((resolve) => {
    onReady = resolve;
  });
  const { exited, stop, where } = startChildService({
    cwd: LOCAL_AUTH_DIR,
    env: {
      LOCAL_AUTH_HOST: host,
      SMTP_PORT: String(smtpPort),
      INBOX_PORT: String(inboxPort),
      OIDC_PORT: String(oidcPort),
      OIDC_CLIENTS: JSON.stringify(
        clients.map(({ clientId, clientSecret, redirectUris }) => ({ clientId, clientSecret, redirectUris })),
      ),
      FARCASTER_RELAY_PORT: String(relayPort),
      FARCASTER_RPC_URL: rpcUrl,
      LOCAL_AUTH_EXIT_WITH_PARENT: "1",
    },
    logFile,
    onOutput: (output) => {
      const line = output.split("\n").find((l) => l.startsWith("LOCAL_AUTH_READY "));
      if (line) onReady(JSON.parse(line.slice("LOCAL_AUTH_READY ".length)));
    },
  });
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const outcome = await Promise.race([
    ready,
    exited.then(() => /** @type {const} */ ("exited")),
    new Promise((resolve) => {
      timer = setTimeout(() => resolve("timeout"), timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  if (outcome === "exited") throw new Error(`the local sign-in services exited before they were ready${where()}`);
  if (outcome === "timeout") {
    await stop();
    throw new Error(`the local sign-in services were not ready within ${timeoutMs / 1000} s${where()}`);
  }
  const urls = /** @type {Record<string, string>} */ (outcome);
  return {
    smtpUrl: String(urls.smtpUrl),
    inboxUrl: String(urls.inboxUrl),
    oidcIssuer: String(urls.oidcIssuer),
    ...(urls.farcasterRelayUrl ? { farcasterRelayUrl: String(urls.farcasterRelayUrl) } : {}),
    exited,
    stop,
  };
}
