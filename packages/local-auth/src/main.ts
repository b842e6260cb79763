// `node --import tsx src/main.ts`: the embedded wallet's local stand-ins for `npm start`, until SIGTERM/SIGINT:
// the SMTP catcher and its web inbox, the OpenID Connect provider, and the Farcaster relay. When all listen it prints
// one line `LOCAL_AUTH_READY {json}` with their URLs (scripts/lib/local-auth.mjs reads it).
//
// Environment: LOCAL_AUTH_HOST (127.0.0.1), SMTP_PORT (2525), INBOX_PORT (8025), OIDC_PORT (9010), OIDC_CLIENTS (JSON
// array of { clientId, clientSecret, redirectUris }), FARCASTER_RELAY_PORT (8790), FARCASTER_RPC_URL (the chain
// whose IdRegistry stand-in the relay registers its custody account in; without it the relay does not start),
// LOCAL_AUTH_EXIT_WITH_PARENT ("1": stop when the process that started us is gone).
import { startFarcasterRelay } from "./farcaster/index.js";
import { startOidcProvider } from "./oidc/index.js";
import { startSmtpCatcher } from "./smtp/index.js";

const SHUTDOWN_GRACE_MS = 5_000;

function portFromEnv(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === "") return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`${name} must be a port number (0–65535), got "${value}"`);
  }
  return port;
}

type OidcClient = { clientId: string; clientSecret: string; redirectUris: string[] };

function clientsFromEnv(value: string | undefined): OidcClient[] {
  if (!value) return [];
  const parsed: unknown = JSON.parse(value);
  const valid =
    Array.isArray(parsed) &&
    parsed.every(
      (c: unknown) =>
        typeof c === "object" &&
        c !== null &&
        typeof (c as OidcClient).clientId === "string" &&
        typeof (c as OidcClient).clientSecret === "string" &&
        Array.isArray((c as OidcClient).redirectUris),
    );
  if (!valid) throw new Error("OIDC_CLIENTS must be a JSON array of { clientId, clientSecret, redirectUris }");
  return parsed as OidcClient[];
}

// A log line must never stop the shutdown: when whoever read our output is gone, writing to it fails (EPIPE).
function log(line: string, stream: NodeJS.WriteStream = process.stdout): void {
  try {
    stream.write(`${line}\n`);
  } catch {
    // nowhere to write to
  }
}

const closers: Array<() => Promise<void>> = [];
try {
  const host = process.env.LOCAL_AUTH_HOST || "127.0.0.1";
  const smtp = await startSmtpCatcher({
    host,
    smtpPort: portFromEnv("SMTP_PORT", 2525),
    webPort: portFromEnv("INBOX_PORT", 8025),
  });
  closers.push(() => smtp.close());
  const oidc = await startOidcProvider({
    host,
    port: portFromEnv("OIDC_PORT", 9010),
    clients: clientsFromEnv(process.env.OIDC_CLIENTS),
  });
  closers.push(() => oidc.close());
  const rpcUrl = process.env.FARCASTER_RPC_URL;
  const relay = rpcUrl
    ? await startFarcasterRelay({ host, port: portFromEnv("FARCASTER_RELAY_PORT", 8790), rpcUrl })
    : undefined;
  if (relay) closers.push(() => relay.close());
  log(
    `LOCAL_AUTH_READY ${JSON.stringify({
      smtpUrl: smtp.smtpUrl,
      inboxUrl: smtp.inboxUrl,
      oidcIssuer: oidc.issuer,
      ...(relay ? { farcasterRelayUrl: relay.url } : {}),
    })}`,
  );
} catch (error) {
  log(
    `The local sign-in services did not start: ${error instanceof Error ? error.message : String(error)}`,
    process.stderr,
  );
  for (const close of closers.reverse()) await close().catch(() => undefined);
  process.exit(1);
}

let closing = false;
const shutdown = (reason: string) => {
  if (closing) return;
  closing = true;
  const force = setTimeout(() => {
    log(`The shutdown took longer than ${SHUTDOWN_GRACE_MS} ms; exiting anyway`, process.stderr);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  log(`${reason}: shutting down`);
  Promise.allSettled(closers.reverse().map((close) => close())).then(() => process.exit(0));
};
for (const stream of [process.stdout, process.stderr]) stream.on("error", () => undefined);
process.once("SIGTERM", () => shutdown("SIGTERM"));
process.once("SIGINT", () => shutdown("SIGINT"));
if (process.env.LOCAL_AUTH_EXIT_WITH_PARENT === "1") {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) shutdown("the process that started the local sign-in services is gone");
  }, 1_000).unref();
}
