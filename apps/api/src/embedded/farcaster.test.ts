/**
 * Sign In With Farcaster end to end: the API's routes against the local Farcaster relay (which speaks Farcaster's relay
 * HTTP API) and a real anvil holding the IdRegistry stand-in at the real registry's address. The person's approval is
 * the relay's "Farcaster app" page, driven with fetch; forged completions are sent to the relay's
 * `/v1/channel/authenticate` as a malicious Farcaster app (or relay) could.
 */
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAppClient, createWalletClient, viemConnector } from "@farcaster/auth-client";
import {
  type FarcasterRelay,
  installIdRegistry,
  LOCAL_CUSTODY_PRIVATE_KEY,
  startFarcasterRelay,
} from "@fundament/local-auth/farcaster";
import { ensureArtifacts } from "@fundament/scripts/lib/foundry";
import { freePort } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Config, loadConfig } from "../config.js";
import type { Database } from "../db/client.js";
import { errorBody, HttpError } from "../http/errors.js";
import { embeddedFarcasterRoutes } from "../routes/embeddedFarcaster.js";
import { testDatabase } from "../testing/testDatabase.js";
import { FARCASTER_ERRORS, farcasterLogin } from "./farcaster.js";
import { readEmbeddedSession } from "./sessions.js";

const DOMAIN = "app.example.test";
const SIWE_URI = "http://app.example.test/";
const SECRET_HEX = randomBytes(32).toString("hex");

const { rpcUrl } = testChainForFile();
let relay: FarcasterRelay;
let database: Database;
let config: Config;
let app: FastifyInstance;
/** A key that owns fid 2, not fid 1. */
const otherCustody = generatePrivateKey();

function deviceId(): string {
  return randomBytes(32).toString("base64url");
}

/** An app with only the Farcaster routes, and the API's error shapes. */
async function routesApp(appConfig: Config): Promise<FastifyInstance> {
  const instance = Fastify({ logger: false });
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);
  instance.setErrorHandler((error: FastifyError, _request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) return reply.code(400).send(errorBody(400, "Invalid request"));
    if (error instanceof HttpError)
      return reply.code(error.statusCode).send(errorBody(error.statusCode, error.message));
    return reply.code(500).send(errorBody(500, "Internal server error"));
  });
  await instance.register(embeddedFarcasterRoutes({ config: appConfig, database }));
  await instance.ready();
  return instance;
}

function farcasterConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: "silent",
    CHAIN_ID: "999",
    EMBEDDED_SECRET: SECRET_HEX,
    FARCASTER_RELAY_URL: relay.url,
    FARCASTER_RPC_URL: rpcUrl,
    FARCASTER_DOMAIN: DOMAIN,
    FARCASTER_SIWE_URI: SIWE_URI,
    ...env,
  });
}

beforeAll(async () => {
  await ensureArtifacts([["MockIdRegistry.sol", "MockIdRegistry"]]);
  relay = await startFarcasterRelay({ rpcUrl });
  await installIdRegistry({ rpcUrl, fid: 2, custody: otherCustody });
  database = await testDatabase();
  config = farcasterConfig();
  app = await routesApp(config);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await relay?.close();
});

async function openChannel(device: string): Promise<{ url: string; channelToken: string }> {
  const response = await app.inject({
    method: "POST",
    url: "/v1/embedded/farcaster/channel",
    payload: { deviceId: device },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function status(channelToken: string, device: string) {
  return app.inject({
    method: "POST",
    url: "/v1/embedded/farcaster/status",
    payload: { channelToken, deviceId: device },
  });
}

/** Presses a button of the relay's "Farcaster app" page, as the person would. */
async function press(url: string, action: "approve" | "cancel"): Promise<void> {
  const html = await (await fetch(url)).text();
  expect(html).toContain(`Sign in to ${DOMAIN} as @alice (fid 1)?`);
  const channelToken = /name="channelToken" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const answer = await fetch(new URL("/~/siwf", url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ channelToken, action }),
  });
  expect(answer.status).toBe(200);
}

/** Completes a channel through the relay API with a message signed by `key`, as a forging Farcaster app would. */
async function completeWith(
  channelToken: string,
  key: Hex,
  overrides: { fid?: number; nonce?: string; domain?: string; uri?: string } = {},
): Promise<void> {
  const appClient = createAppClient({ relay: relay.url, ethereum: viemConnector({ rpcUrl }) });
  const pending = await appClient.status({ channelToken });
  if (pending.isError) throw pending.error;
  expect(pending.response.status).toBe(202);
  const wallet = createWalletClient({ relay: relay.url, ethereum: viemConnector({ rpcUrl }) });
  const signer = privateKeyToAccount(key);
  const fid = overrides.fid ?? 1;
  const built = wallet.buildSignInMessage({
    address: signer.address,
    fid,
    domain: overrides.domain ?? DOMAIN,
    uri: overrides.uri ?? SIWE_URI,
    nonce: overrides.nonce ?? pending.data.nonce,
  });
  if (built.isError) throw built.error;
  const done = await wallet.authenticate({
    channelToken,
    authKey: relay.authKey,
    message: built.message,
    signature: await signer.signMessage({ message: built.message }),
    fid,
    username: "alice",
  });
  if (done.isError) throw done.error;
  expect(done.response.status).toBe(201);
}

describe("Sign In With Farcaster", () => {
  it("signs in through the relay: channel, approve in the Farcaster app, pending, completed once", async () => {
    const device = deviceId();
    const { url, channelToken } = await openChannel(device);
    expect(url.startsWith(`${relay.url}/~/siwf?channelToken=`)).toBe(true);

    const pending = await status(channelToken, device);
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual({ state: "pending" });

    await press(url, "approve");
    const completed = await status(channelToken, device);
    expect(completed.statusCode).toBe(200);
    const body = completed.json();
    expect(body).toMatchObject({
      state: "completed",
      user: { email: null, address: null, loginMethod: "farcaster", userName: "alice" },
    });
    expect(typeof body.sessionToken).toBe("string");
    const secret = config.embedded.secret;
    if (!secret) throw new Error("no secret");
    const session = await readEmbeddedSession(database.db, secret, body.sessionToken);
    expect(session?.userId).toBe(body.user.id);

    // Single use.
    const reused = await status(channelToken, device);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(FARCASTER_ERRORS.alreadyUsed);

    // The same fid signs in to the same user.
    const again = await openChannel(device);
    await press(again.url, "approve");
    const second = await status(again.channelToken, device);
    expect(second.statusCode).toBe(200);
    expect(second.json().user.id).toBe(body.user.id);
  });

  it("stores the channel token only encrypted and as its HMAC", async () => {
    const { channelToken } = await openChannel(deviceId());
    const rows = await database.db.query.embeddedFarcasterChannels.findMany();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.channelHash).not.toContain(channelToken);
      expect(row.channelTokenEnc).not.toContain(channelToken);
    }
  });

  it("answers only the device that opened the channel", async () => {
    const { url, channelToken } = await openChannel(deviceId());
    await press(url, "approve");
    const stranger = await status(channelToken, deviceId());
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(FARCASTER_ERRORS.unknownRequest);
  });

  it("refuses a signature from an address that is not the fid's custody", async () => {
    const device = deviceId();
    const { channelToken } = await openChannel(device);
    await completeWith(channelToken, generatePrivateKey());
    const refused = await status(channelToken, device);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(errorBody(401, FARCASTER_ERRORS.notVerified));
  });

  it("refuses the custody of another fid claiming fid 1", async () => {
    const device = deviceId();
    const { channelToken } = await openChannel(device);
    await completeWith(channelToken, otherCustody, { fid: 1 });
    expect((await status(channelToken, device)).statusCode).toBe(401);
  });

  it.each([
    ["nonce", { nonce: "notTheApiNonce123" }],
    ["domain", { domain: "evil.example.test" }],
    ["URI", { uri: "http://evil.example.test/" }],
  ])("refuses a message with the wrong %s, even from the real custody key", async (_what, overrides) => {
    const device = deviceId();
    const { channelToken } = await openChannel(device);
    await completeWith(channelToken, LOCAL_CUSTODY_PRIVATE_KEY, overrides);
    const refused = await status(channelToken, device);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(FARCASTER_ERRORS.notVerified);
    // And the channel is spent.
    expect((await status(channelToken, device)).statusCode).toBe(409);
  });

  it("accepts the real custody key's own message sent through the relay API", async () => {
    const device = deviceId();
    const { channelToken } = await openChannel(device);
    await completeWith(channelToken, LOCAL_CUSTODY_PRIVATE_KEY);
    expect((await status(channelToken, device)).json()).toMatchObject({ state: "completed" });
  });

  it("says the request expired when the person cancels in the Farcaster app", async () => {
    const device = deviceId();
    const { url, channelToken } = await openChannel(device);
    await press(url, "cancel");
    const cancelled = await status(channelToken, device);
    expect(cancelled.statusCode).toBe(410);
    expect(cancelled.json().message).toBe(FARCASTER_ERRORS.expired);
  });

  it("refuses an unknown channel and malformed bodies", async () => {
    const unknown = await status("no-such-channel", deviceId());
    expect(unknown.statusCode).toBe(404);
    const badDevice = await app.inject({
      method: "POST",
      url: "/v1/embedded/farcaster/channel",
      payload: { deviceId: "short" },
    });
    expect(badDevice.statusCode).toBe(400);
  });

  it("expires a channel after 10 minutes", async () => {
    const secret = config.embedded.secret;
    const settings = config.embedded.farcaster;
    if (!secret || !settings) throw new Error("not configured");
    let clock = new Date();
    const login = farcasterLogin({ db: database.db, secret, settings, now: () => clock });
    const device = deviceId();
    const { channelToken } = await login.createChannel(device);
    expect(await login.checkChannel(channelToken, device)).toEqual({ state: "pending" });
    clock = new Date(clock.getTime() + 10 * 60_000 + 1);
    await expect(login.checkChannel(channelToken, device)).rejects.toThrow(FARCASTER_ERRORS.expired);
  });
});

describe("configuration and relay failures", () => {
  it("answers 503 without FARCASTER_RELAY_URL", async () => {
    const bare = await routesApp(farcasterConfig({ FARCASTER_RELAY_URL: "" }));
    try {
      const response = await bare.inject({
        method: "POST",
        url: "/v1/embedded/farcaster/channel",
        payload: { deviceId: deviceId() },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(errorBody(503, "Farcaster login is not configured"));
    } finally {
      await bare.close();
    }
  });

  it("answers a plain 502 when the relay fails, never the relay's body", async () => {
    const broken: Server = createServer((_request, response) => {
      response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: "redis at 10.0.0.7:6379 refused the connection" }));
    });
    await new Promise<void>((resolve) => broken.listen(0, "127.0.0.1", resolve));
    const brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
    const viaBroken = await routesApp(farcasterConfig({ FARCASTER_RELAY_URL: brokenUrl }));
    try {
      const response = await viaBroken.inject({
        method: "POST",
        url: "/v1/embedded/farcaster/channel",
        payload: { deviceId: deviceId() },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual(errorBody(502, FARCASTER_ERRORS.relayUnavailable));
      expect(response.body).not.toContain("redis");
    } finally {
      await viaBroken.close();
      await new Promise<void>((resolve) => broken.close(() => resolve()));
    }

    const gone = await routesApp(farcasterConfig({ FARCASTER_RELAY_URL: `http://127.0.0.1:${await freePort()}` }));
    try {
      const response = await gone.inject({
        method: "POST",
        url: "/v1/embedded/farcaster/channel",
        payload: { deviceId: deviceId() },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe(FARCASTER_ERRORS.relayUnavailable);
    } finally {
      await gone.close();
    }
  });
});
