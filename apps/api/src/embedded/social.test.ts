/**
 * The social login end to end, against the REAL local OpenID Connect provider (`@fundament/local-auth/oidc`, the
 * stand-in for Google, GitHub and the others): start → the provider's authorization URL → its sign-in page (driven
 * with fetch, as a person in the popup) → the redirect back to the frame's callback page → finish → a session.
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { type LocalOidcProvider, signInOnLocalProvider, startOidcProvider } from "@fundament/local-auth/oidc";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { type Config, loadConfig } from "../config.js";
import type { Database } from "../db/client.js";
import { embeddedDevices, embeddedOauthStates } from "../db/schema.js";
import { embeddedSocialRoutes } from "../routes/embeddedSocial.js";
import { testDatabase } from "../testing/testDatabase.js";
import { decrypt, encrypt } from "./crypto.js";
import { hashDeviceId } from "./devices.js";
import { readEmbeddedSession } from "./sessions.js";
import { SIGN_IN_CANCELLED, SIGN_IN_REFUSED, SIGN_IN_UNVERIFIED } from "./social.js";
import { SOCIAL_ERRORS, SOCIAL_NOT_CONFIGURED } from "./socialLogin.js";

const SECRET_HEX = randomBytes(32).toString("hex");
const SECRET = Buffer.from(SECRET_HEX, "hex");
const FRAME_ORIGIN = "http://127.0.0.1:5174";
const CALLBACK = `${FRAME_ORIGIN}/social-callback.html`;

const newDevice = () => randomBytes(32).toString("base64url");

/** A port nothing listens on (taken and released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The local provider's client for one provider name (what npm start's provider holds). */
const clientOf = (provider: string) => ({
  clientId: `fundament-${provider}`,
  clientSecret: `local-secret-${provider}`,
  redirectUris: [CALLBACK],
});

/** An OIDC_PROVIDERS entry for one provider name on a local issuer. */
const entry = (provider: string, issuer: string) => {
  const { clientId, clientSecret } = clientOf(provider);
  return { provider, issuer, clientId, clientSecret };
};

describe("social login against the local OpenID Connect provider", () => {
  let provider: LocalOidcProvider;
  /** A second provider, closed in the test of a provider that went down. */
  let doomed: LocalOidcProvider;
  let database: Database;
  let config: Config;
  let app: FastifyInstance;
  const logLines: string[] = [];

  /** The real app (error handler, validation) with the social routes, registered here if app.ts does not yet. */
  async function appWith(appConfig: Config): Promise<FastifyInstance> {
    const instance = await buildApp(appConfig, { database, logStream: { write: (line) => logLines.push(line) } });
    if (!instance.hasRoute({ method: "POST", url: "/v1/embedded/social/start" }))
      await instance.register(embeddedSocialRoutes({ config: appConfig, database }));
    await instance.ready();
    return instance;
  }

  beforeAll(async () => {
    provider = await startOidcProvider({ port: 0, clients: ["google", "github", "x"].map(clientOf) });
    doomed = await startOidcProvider({ port: 0, clients: [clientOf("discord")] });
    const providers = [
      entry("google", provider.issuer),
      entry("github", provider.issuer),
      entry("discord", doomed.issuer),
      entry("facebook", `http://127.0.0.1:${await closedPort()}`),
      // Configured with a secret the provider does not know: its token endpoint refuses the code.
      { ...entry("x", provider.issuer), clientSecret: "not-the-secret" },
    ];
    config = loadConfig({
      LOG_LEVEL: "warn",
      CHAIN_ID: "999",
      EMBEDDED_SECRET: SECRET_HEX,
      EMBEDDED_FRAME_ORIGIN: FRAME_ORIGIN,
      OIDC_PROVIDERS: JSON.stringify(providers),
    });
    database = await testDatabase();
    app = await appWith(config);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await provider?.close();
    await doomed?.close().catch(() => undefined);
  });

  const start = (payload: Record<string, string>) =>
    app.inject({ method: "POST", url: "/v1/embedded/social/start", payload });
  const finish = (callbackUrl: string, deviceId: string) =>
    app.inject({ method: "POST", url: "/v1/embedded/social/finish", payload: { callbackUrl, deviceId } });

  /** Starts a login for `deviceId` and signs in on the provider's page; the URL the popup comes back to. */
  async function signedIn(
    deviceId: string,
    person: { email: string; name?: string; cancel?: boolean },
    name = "google",
  ): Promise<string> {
    const started = await start({ provider: name, deviceId, redirectUri: CALLBACK });
    expect(started.statusCode).toBe(200);
    return signInOnLocalProvider(started.json<{ uri: string }>().uri, person);
  }

  it("lists the configured providers with their display names", async () => {
    const response = await app.inject({ url: "/v1/embedded/social/providers" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      providers: [
        { id: "google", name: "Google" },
        { id: "github", name: "GitHub" },
        { id: "discord", name: "Discord" },
        { id: "facebook", name: "Facebook" },
        { id: "x", name: "X" },
      ],
    });
  });

  it("signs in: start → the provider's sign-in page → the callback → finish → a session for the device", async () => {
    const deviceId = newDevice();
    const started = await start({ provider: "google", deviceId, redirectUri: CALLBACK });
    expect(started.statusCode).toBe(200);
    expect(started.headers["cache-control"]).toBe("no-store");
    const uri = new URL(started.json<{ uri: string }>().uri);
    expect(uri.origin).toBe(provider.issuer);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      client_id: "fundament-google",
      redirect_uri: CALLBACK,
      response_type: "code",
      scope: "openid email profile",
      code_challenge_method: "S256",
    });
    const state = uri.searchParams.get("state") ?? "";
    expect(state.length).toBeGreaterThan(20);
    expect(uri.searchParams.get("nonce")?.length).toBeGreaterThan(20);

    // The stored login: the state only as its HMAC, the verifier encrypted (and it matches the challenge sent).
    const rows = await database.db.select().from(embeddedOauthStates);
    const row = rows.find((candidate) => candidate.deviceHash === hashDeviceId(SECRET, deviceId));
    expect(row).toBeDefined();
    expect(row?.stateHash).not.toContain(state);
    expect(row?.codeVerifierEnc).not.toContain(uri.searchParams.get("code_challenge"));
    const verifier = decrypt(SECRET, row?.codeVerifierEnc ?? "");
    expect(await client.calculatePKCECodeChallenge(verifier)).toBe(uri.searchParams.get("code_challenge"));
    expect(row?.provider).toBe("google");
    expect(row?.redirectUri).toBe(CALLBACK);
    const ttl = (row?.expiresAt.getTime() ?? 0) - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);

    const callbackUrl = await signInOnLocalProvider(uri, { email: "Ada@Example.com", name: "Ada Lovelace" });
    expect(callbackUrl.startsWith(`${CALLBACK}?`)).toBe(true);
    const finished = await finish(callbackUrl, deviceId);
    expect(finished.statusCode).toBe(200);
    expect(finished.headers["cache-control"]).toBe("no-store");
    const body = finished.json<{ sessionToken: string; user: Record<string, unknown> }>();
    expect(body.user).toEqual({
      id: expect.any(String),
      email: "ada@example.com",
      address: null,
      loginMethod: "google",
      userName: "Ada Lovelace",
    });
    const session = await readEmbeddedSession(database.db, SECRET, body.sessionToken);
    expect(session).toMatchObject({ userId: body.user.id, loginMethod: "google" });
    // A social login counts the device approved.
    const devices = await database.db
      .select()
      .from(embeddedDevices)
      .where(eq(embeddedDevices.userId, String(body.user.id)));
    expect(devices.map((device) => device.deviceHash)).toEqual([hashDeviceId(SECRET, deviceId)]);

    // The same person again (another provider name, the same verified email): the same user.
    const again = await finish(await signedIn(deviceId, { email: "ada@example.com" }, "github"), deviceId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ user: { id: body.user.id, loginMethod: "github" } });
  });

  it("refuses a replayed state", async () => {
    const deviceId = newDevice();
    const callbackUrl = await signedIn(deviceId, { email: "replay@example.com" });
    expect((await finish(callbackUrl, deviceId)).statusCode).toBe(200);
    const replayed = await finish(callbackUrl, deviceId);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual({ statusCode: 400, error: SOCIAL_ERRORS.used, message: SOCIAL_ERRORS.used });
  });

  it("refuses a state started on another device, and still lets that device finish", async () => {
    const deviceId = newDevice();
    const callbackUrl = await signedIn(deviceId, { email: "stolen@example.com" });
    const elsewhere = await finish(callbackUrl, newDevice());
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(SOCIAL_ERRORS.otherDevice);
    const own = await finish(callbackUrl, deviceId);
    expect(own.statusCode).toBe(200);
    expect(own.json().user.email).toBe("stolen@example.com");
  });

  it("refuses an expired login, an unknown state and a callback that is not the frame's page", async () => {
    const deviceId = newDevice();
    const callbackUrl = await signedIn(deviceId, { email: "late@example.com" });
    await database.db
      .update(embeddedOauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(embeddedOauthStates.deviceHash, hashDeviceId(SECRET, deviceId)));
    const late = await finish(callbackUrl, deviceId);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe("This sign-in link has expired. Try again.");

    const forged = new URL(callbackUrl);
    forged.searchParams.set("state", "made-up-state");
    expect((await finish(forged.toString(), deviceId)).json().message).toBe(SOCIAL_ERRORS.invalid);
    const elsewhere = callbackUrl.replace(CALLBACK, "https://evil.example/social-callback.html");
    expect((await finish(elsewhere, deviceId)).json().message).toBe(SOCIAL_ERRORS.invalid);
    expect((await finish("not a url", deviceId)).json().message).toBe(SOCIAL_ERRORS.invalid);
  });

  it("checks the id_token's nonce and sends the stored PKCE verifier", async () => {
    const deviceId = newDevice();
    const byDevice = eq(embeddedOauthStates.deviceHash, hashDeviceId(SECRET, deviceId));

    // The stored nonce is not the one the provider put in the id_token (as if the code came from another login).
    const wrongNonce = await signedIn(deviceId, { email: "nonce@example.com" });
    await database.db.update(embeddedOauthStates).set({ nonce: client.randomNonce() }).where(byDevice);
    const unverified = await finish(wrongNonce, deviceId);
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().message).toBe(SIGN_IN_UNVERIFIED);
    await database.db.delete(embeddedOauthStates).where(byDevice);

    // A verifier that does not match the challenge: the provider refuses the code.
    const wrongVerifier = await signedIn(deviceId, { email: "pkce@example.com" });
    await database.db
      .update(embeddedOauthStates)
      .set({ codeVerifierEnc: encrypt(SECRET, client.randomPKCECodeVerifier()) })
      .where(byDevice);
    const refused = await finish(wrongVerifier, deviceId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SIGN_IN_REFUSED);
  });

  it("answers 400 for a provider that is not configured, an unknown one and another redirect URI", async () => {
    const deviceId = newDevice();
    const apple = await start({ provider: "apple", deviceId, redirectUri: CALLBACK });
    expect(apple.statusCode).toBe(400);
    expect(apple.json().message).toBe("Apple login is not configured");
    const unknown = await start({ provider: "myspace", deviceId, redirectUri: CALLBACK });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain("provider must be one of google, github, apple, facebook, x, discord");
    const otherPage = await start({ provider: "google", deviceId, redirectUri: `${FRAME_ORIGIN}/elsewhere.html` });
    expect(otherPage.statusCode).toBe(400);
    expect(otherPage.json().message).toBe(`redirectUri must be ${CALLBACK}`);
    const badDevice = await start({ provider: "google", deviceId: "short", redirectUri: CALLBACK });
    expect(badDevice.statusCode).toBe(400);
  });

  it("says plainly when the person cancelled or the provider refused, and logs the provider's words", async () => {
    const deviceId = newDevice();
    const cancelled = await finish(await signedIn(deviceId, { email: "no@example.com", cancel: true }), deviceId);
    expect(cancelled.statusCode).toBe(400);
    expect(cancelled.json().message).toBe(SIGN_IN_CANCELLED);

    // "x" holds a wrong client secret: the provider's token endpoint refuses the code (invalid_client).
    logLines.length = 0;
    const refused = await finish(await signedIn(deviceId, { email: "x@example.com" }, "x"), deviceId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ statusCode: 400, error: SIGN_IN_REFUSED, message: SIGN_IN_REFUSED });
    const logged = logLines.find((line) => line.includes("social login failed")) ?? "";
    expect(logged).toContain('"providerError":"invalid_client"');
    expect(logged).toContain('"provider":"x"');
    expect(logged).not.toContain("not-the-secret");

    // A code that is not the provider's.
    const callbackUrl = new URL(await signedIn(deviceId, { email: "forged@example.com" }));
    callbackUrl.searchParams.set("code", "forged-code");
    const forged = await finish(callbackUrl.toString(), deviceId);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(SIGN_IN_REFUSED);
  });

  it("answers a plain 503 when the provider cannot be reached at the start, 502 when it is gone at the finish", async () => {
    logLines.length = 0;
    const deviceId = newDevice();
    const unreachable = await start({ provider: "facebook", deviceId, redirectUri: CALLBACK });
    expect(unreachable.statusCode).toBe(503);
    expect(unreachable.json().message).toBe("Facebook sign-in is not available right now. Try again later.");
    expect(logLines.some((line) => line.includes("social login failed") && line.includes("facebook"))).toBe(true);

    const callbackUrl = await signedIn(deviceId, { email: "down@example.com" }, "discord");
    await doomed.close();
    const down = await finish(callbackUrl, deviceId);
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe("Discord did not answer. Try again later.");
    expect(down.body).not.toContain("127.0.0.1");
  });

  it("answers 503 without EMBEDDED_SECRET, and offers no provider", async () => {
    const bare = await appWith(
      loadConfig({
        LOG_LEVEL: "silent",
        CHAIN_ID: "999",
        OIDC_PROVIDERS: JSON.stringify([entry("google", provider.issuer)]),
      }),
    );
    try {
      expect((await bare.inject({ url: "/v1/embedded/social/providers" })).json()).toEqual({ providers: [] });
      const started = await bare.inject({
        method: "POST",
        url: "/v1/embedded/social/start",
        payload: { provider: "google", deviceId: newDevice(), redirectUri: CALLBACK },
      });
      expect(started.statusCode).toBe(503);
      expect(started.json().message).toBe(SOCIAL_NOT_CONFIGURED);
    } finally {
      await bare.close();
    }
  });
});
