import { randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createWalletClient as createFarcasterWalletClient,
  generateNonce,
  viemConnector,
} from "@farcaster/auth-client";
import { type Address, createPublicClient, type Hex, http, keccak256, stringToBytes } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { approvePage, messagePage } from "./page.js";
import { ID_REGISTRY_ADDRESS, installIdRegistry, mockIdRegistryAbi } from "./registry.js";

/**
 * The local relay's custody key: a fixed, publicly known development key (the keccak-256 of a sentence), standing in
 * for the key a person's Farcaster app holds. It is not one of anvil's dev accounts, so registering it moves no nonce
 * the deployment scripts count on. Never use it on a real network.
 */
export const LOCAL_CUSTODY_PRIVATE_KEY: Hex = keccak256(
  stringToBytes("Fundament local Farcaster custody key: public, development only"),
);

/** The Farcaster account the local relay signs in as. */
export type FarcasterAccount = { fid: number; username: string; displayName?: string; bio?: string; pfpUrl?: string };

export const LOCAL_FARCASTER_ACCOUNT: FarcasterAccount = { fid: 1, username: "alice", displayName: "Alice" };

/** How long a channel lives, as on Farcaster's relay (its Redis entries expire after an hour). */
export const CHANNEL_TTL_MS = 60 * 60 * 1000;

const MAX_BODY_BYTES = 64 * 1024;
/** The path of the relay's own "Farcaster app" page, which the channel `url` points at. */
const APP_PATH = "/~/siwf";

export type FarcasterRelayOptions = {
  host?: string;
  /** 0 (default): a free port. */
  port?: number;
  /** The chain of the IdRegistry stand-in (anvil). */
  rpcUrl: string;
  /** Default: the real IdRegistry's address, which auth-client's `viemConnector` reads. */
  idRegistryAddress?: Address;
  /** The custody account's private key. Default: LOCAL_CUSTODY_PRIVATE_KEY. */
  custody?: Hex;
  /** Default: LOCAL_FARCASTER_ACCOUNT (@alice, fid 1). */
  account?: FarcasterAccount;
  /**
   * Whether to install the IdRegistry stand-in and register the custody account's fid on start (default true).
   * Tests of a custody key that owns no fid turn it off.
   */
  registerCustody?: boolean;
  /** The `X-Farcaster-Auth-Relay-Key` that `/v1/channel/authenticate` requires. Default: random per start. */
  authKey?: string;
  /** Default: CHANNEL_TTL_MS. */
  channelTtlMs?: number;
};

export type FarcasterRelay = {
  /** The relay's base URL, e.g. `http://127.0.0.1:8790` (what FARCASTER_RELAY_URL names). */
  url: string;
  /** The key a Farcaster app sends to complete a channel. */
  authKey: string;
  /** The custody address that signs, and the account it signs in as. */
  custody: Address;
  account: FarcasterAccount;
  close(): Promise<void>;
};

/** What `POST /v1/channel` accepts: auth-client's CreateChannelRequest. */
type SignatureParams = {
  siweUri: string;
  domain: string;
  nonce: string;
  notBefore?: string;
  expirationTime?: string;
  requestId?: string;
  redirectUrl?: string;
};

/** A channel as the real relay keeps it (its RelaySession, without the private fields). */
type Channel = {
  state: "pending" | "completed";
  nonce: string;
  url: string;
  connectUri: string;
  message?: string;
  signature?: Hex;
  authMethod?: "custody" | "authAddress";
  fid?: number;
  username?: string;
  bio?: string;
  displayName?: string;
  pfpUrl?: string;
  verifications?: string[];
  custody?: Address;
  signatureParams: SignatureParams;
  metadata: { ip: string; userAgent: string };
  acceptAuthAddress: boolean;
  expiresAt: number;
};

class RequestError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

// The real relay's rules (apps/relay/src/schemas.ts of farcasterxyz/auth-monorepo).
const DOMAIN = /^[a-zA-Z0-9.-]+(:[0-9]+)?$/;
const SIGNATURE = /^0x[a-fA-F0-9]{130}$/;
const USERNAME = /^[a-z0-9][a-z0-9-]{0,15}$|^[a-z0-9][a-z0-9-]{0,15}\.eth$/;
const CREATE_KEYS = new Set([
  "siweUri",
  "domain",
  "nonce",
  "notBefore",
  "expirationTime",
  "requestId",
  "redirectUrl",
  "acceptAuthAddress",
]);
const AUTHENTICATE_KEYS = new Set([
  "message",
  "signature",
  "authMethod",
  "fid",
  "username",
  "bio",
  "displayName",
  "pfpUrl",
]);

function validationError(message: string): RequestError {
  return new RequestError(400, message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw validationError(`body/${key} must be string`);
  return value;
}

function isUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

function isDateTime(value: string): boolean {
  return (
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)$/.test(value) && !Number.isNaN(Date.parse(value))
  );
}

function parseCreate(body: unknown): Omit<SignatureParams, "nonce"> & { nonce?: string; acceptAuthAddress?: boolean } {
  if (!isRecord(body)) throw validationError("body must be object");
  for (const key of Object.keys(body)) {
    if (!CREATE_KEYS.has(key)) throw validationError(`body must NOT have additional properties (${key})`);
  }
  const siweUri = optionalString(body, "siweUri");
  const domain = optionalString(body, "domain");
  if (siweUri === undefined) throw validationError("body must have required property 'siweUri'");
  if (domain === undefined) throw validationError("body must have required property 'domain'");
  if (!isUrl(siweUri)) throw validationError('body/siweUri must match format "uri"');
  if (!DOMAIN.test(domain)) throw validationError(`body/domain must match pattern "${DOMAIN.source}"`);
  const notBefore = optionalString(body, "notBefore");
  const expirationTime = optionalString(body, "expirationTime");
  for (const [key, value] of [
    ["notBefore", notBefore],
    ["expirationTime", expirationTime],
  ] as const) {
    if (value !== undefined && !isDateTime(value)) throw validationError(`body/${key} must match format "date-time"`);
  }
  const acceptAuthAddress = body.acceptAuthAddress;
  if (acceptAuthAddress !== undefined && typeof acceptAuthAddress !== "boolean") {
    throw validationError("body/acceptAuthAddress must be boolean");
  }
  const nonce = optionalString(body, "nonce");
  const requestId = optionalString(body, "requestId");
  const redirectUrl = optionalString(body, "redirectUrl");
  return {
    siweUri,
    domain,
    ...(nonce !== undefined ? { nonce } : {}),
    ...(notBefore !== undefined ? { notBefore } : {}),
    ...(expirationTime !== undefined ? { expirationTime } : {}),
    ...(requestId !== undefined ? { requestId } : {}),
    ...(redirectUrl !== undefined ? { redirectUrl } : {}),
    ...(acceptAuthAddress !== undefined ? { acceptAuthAddress } : {}),
  };
}

type Authentication = Pick<
  Channel,
  "message" | "signature" | "authMethod" | "fid" | "username" | "bio" | "displayName" | "pfpUrl"
>;

function parseAuthenticate(body: unknown): Authentication & { message: string; signature: Hex; fid: number } {
  if (!isRecord(body)) throw validationError("body must be object");
  for (const key of Object.keys(body)) {
    if (!AUTHENTICATE_KEYS.has(key)) throw validationError(`body must NOT have additional properties (${key})`);
  }
  const message = optionalString(body, "message");
  const signature = optionalString(body, "signature");
  if (message === undefined) throw validationError("body must have required property 'message'");
  if (signature === undefined) throw validationError("body must have required property 'signature'");
  if (!SIGNATURE.test(signature)) throw validationError(`body/signature must match pattern "${SIGNATURE.source}"`);
  const fid = body.fid;
  if (fid === undefined) throw validationError("body must have required property 'fid'");
  if (typeof fid !== "number" || !Number.isSafeInteger(fid)) throw validationError("body/fid must be integer");
  const username = optionalString(body, "username");
  if (username !== undefined && !USERNAME.test(username)) {
    throw validationError(`body/username must match pattern "${USERNAME.source}"`);
  }
  const pfpUrl = optionalString(body, "pfpUrl");
  if (pfpUrl !== undefined && !isUrl(pfpUrl)) throw validationError('body/pfpUrl must match format "uri"');
  const authMethod = body.authMethod;
  if (authMethod !== undefined && authMethod !== "custody" && authMethod !== "authAddress") {
    throw validationError("body/authMethod must be equal to one of the allowed values");
  }
  const bio = optionalString(body, "bio");
  const displayName = optionalString(body, "displayName");
  return {
    message,
    signature: signature as Hex,
    fid,
    ...(authMethod !== undefined ? { authMethod } : {}),
    ...(username !== undefined ? { username } : {}),
    ...(bio !== undefined ? { bio } : {}),
    ...(displayName !== undefined ? { displayName } : {}),
    ...(pfpUrl !== undefined ? { pfpUrl } : {}),
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new RequestError(413, "Request body is too large");
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const text = await readBody(request);
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw validationError("body must be valid JSON");
  }
}

/** The channel token of `Authorization: Bearer <token>` (the real relay takes the second word of the header). */
function bearerToken(request: IncomingMessage): string | undefined {
  const token = request.headers.authorization?.split(" ")[1];
  return token ? token : undefined;
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function sendJson(response: ServerResponse, statusCode: number, body: unknown): void {
  response.writeHead(statusCode, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    // Bearer tokens, no cookies: any origin may call the relay's API, as browsers running AuthKit do.
    "access-control-allow-origin": "*",
  });
  response.end(JSON.stringify(body));
}

function sendHtml(response: ServerResponse, statusCode: number, html: string): void {
  response.writeHead(statusCode, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy":
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    "x-content-type-options": "nosniff",
    // same-origin, not no-referrer: with no-referrer a browser posts the form with `Origin: null`.
    "referrer-policy": "same-origin",
  });
  response.end(html);
}

/** The public view of a channel: what `GET /v1/channel/status` and `POST /v1/channel/authenticate` answer. */
function channelView(channel: Channel): Omit<Channel, "connectUri" | "expiresAt"> {
  const { connectUri: _connectUri, expiresAt: _expiresAt, ...view } = channel;
  return view;
}

function toDate(value: string | undefined): Date | undefined {
  return value === undefined ? undefined : new Date(value);
}

/**
 * Starts the local Farcaster relay: Farcaster's relay HTTP API (`POST /v1/channel`, `GET /v1/channel/status`,
 * `POST /v1/channel/authenticate`, as `@farcaster/auth-client` calls them) plus, at the channel `url`, a page acting as
 * the person's Farcaster app, which on "Approve" builds and signs the Sign In With Farcaster message with the custody
 * key and completes the channel through the relay API like a real Farcaster app. Channels live in memory.
 */
export async function startFarcasterRelay(options: FarcasterRelayOptions): Promise<FarcasterRelay> {
  const host = options.host ?? "127.0.0.1";
  const account = options.account ?? LOCAL_FARCASTER_ACCOUNT;
  const custodyKey = options.custody ?? LOCAL_CUSTODY_PRIVATE_KEY;
  const signer = privateKeyToAccount(custodyKey);
  const idRegistryAddress = options.idRegistryAddress ?? ID_REGISTRY_ADDRESS;
  const authKey = options.authKey ?? randomBytes(32).toString("base64url");
  const ttlMs = options.channelTtlMs ?? CHANNEL_TTL_MS;
  if (options.registerCustody ?? true) {
    await installIdRegistry({ rpcUrl: options.rpcUrl, fid: account.fid, custody: custodyKey, idRegistryAddress });
  }
  const chain = createPublicClient({ transport: http(options.rpcUrl, { retryCount: 0, timeout: 10_000 }) });
  const channels = new Map<string, Channel>();
  let baseUrl = "";

  const liveChannel = (token: string | undefined): Channel | undefined => {
    if (token === undefined) return undefined;
    const channel = channels.get(token);
    if (channel && channel.expiresAt <= Date.now()) {
      channels.delete(token);
      return undefined;
    }
    return channel;
  };
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [token, channel] of channels) if (channel.expiresAt <= now) channels.delete(token);
  }, 60_000);
  sweep.unref();

  /** The custody address of `fid` on the chain, as the real relay fills it in from the hub (undefined: none). */
  const custodyOf = async (fid: number): Promise<Address | undefined> => {
    const custody = await chain
      .readContract({
        address: idRegistryAddress,
        abi: mockIdRegistryAbi,
        functionName: "custodyOf",
        args: [BigInt(fid)],
      })
      .catch(() => undefined);
    return custody && custody !== "0x0000000000000000000000000000000000000000" ? custody : undefined;
  };

  const createChannel = async (request: IncomingMessage, response: ServerResponse) => {
    const body = parseCreate(await readJson(request));
    const channelToken = randomBytes(24).toString("base64url");
    const nonce = body.nonce ?? generateNonce();
    const url = `${baseUrl}${APP_PATH}?${new URLSearchParams({ channelToken })}`;
    const { acceptAuthAddress, ...params } = body;
    channels.set(channelToken, {
      state: "pending",
      nonce,
      url,
      connectUri: url,
      acceptAuthAddress: acceptAuthAddress ?? false,
      signatureParams: { ...params, nonce },
      metadata: { ip: request.socket.remoteAddress ?? "", userAgent: request.headers["user-agent"] ?? "Unknown" },
      expiresAt: Date.now() + ttlMs,
    });
    sendJson(response, 201, { channelToken, url, connectUri: url, nonce });
  };

  const status = (request: IncomingMessage, response: ServerResponse) => {
    const token = bearerToken(request);
    const channel = liveChannel(token);
    if (!token || !channel) return sendJson(response, 401, { error: "Unauthorized" });
    if (channel.state === "completed") {
      // As the real relay: a completed channel is answered once, then closed.
      channels.delete(token);
      return sendJson(response, 200, channelView(channel));
    }
    return sendJson(response, 202, channelView(channel));
  };

  const authenticate = async (request: IncomingMessage, response: ServerResponse) => {
    const key = request.headers["x-farcaster-auth-relay-key"] ?? request.headers["x-farcaster-connect-auth-key"];
    if (!sameSecret(typeof key === "string" ? key : undefined, authKey)) {
      return sendJson(response, 401, { error: "Unauthorized" });
    }
    const token = bearerToken(request);
    const body = parseAuthenticate(await readJson(request));
    const channel = liveChannel(token);
    if (!token || !channel) return sendJson(response, 401, { error: "Unauthorized" });
    const custody = await custodyOf(body.fid);
    const completed: Channel = {
      ...channel,
      ...body,
      state: "completed",
      verifications: [],
      ...(custody ? { custody } : {}),
    };
    channels.set(token, completed);
    return sendJson(response, 201, channelView(completed));
  };

  /**
   * The still pending channel a Farcaster app page answers for; else sends the page that says why there is none (404
   * unknown or expired, 409 already approved) and returns undefined.
   */
  const pendingChannel = (token: string | undefined, response: ServerResponse): Channel | undefined => {
    const channel = liveChannel(token);
    if (!channel) {
      sendHtml(
        response,
        404,
        messagePage("Sign-in request not found", "This sign-in request has expired or does not exist."),
      );
      return undefined;
    }
    if (channel.state === "completed") {
      sendHtml(response, 409, messagePage("Already answered", "This sign-in request was already approved."));
      return undefined;
    }
    return channel;
  };

  const appPage = (url: URL, response: ServerResponse) => {
    const token = url.searchParams.get("channelToken") ?? undefined;
    const channel = pendingChannel(token, response);
    if (!token || !channel) return;
    return sendHtml(
      response,
      200,
      approvePage({
        channelToken: token,
        domain: channel.signatureParams.domain,
        siweUri: channel.signatureParams.siweUri,
        username: account.username,
        fid: account.fid,
        custody: signer.address,
      }),
    );
  };

  /** The Farcaster app's answer: Approve signs and completes the channel through the relay API, Cancel closes it. */
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    // Only this page may press the buttons: browsers send Origin with a form post, so another site's form is refused.
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== new URL(baseUrl).origin) {
      return sendHtml(response, 403, messagePage("Not allowed", "Answer sign-in requests from this page only."));
    }
    const form = new URLSearchParams(await readBody(request));
    const token = form.get("channelToken") ?? undefined;
    const action = form.get("action");
    const channel = pendingChannel(token, response);
    if (!token || !channel) return;
    const { domain } = channel.signatureParams;
    if (action === "cancel") {
      // Closing the channel lets the waiting app stop at once (its status poll gets 401) instead of timing out.
      channels.delete(token);
      return sendHtml(response, 200, messagePage("Sign-in cancelled", `You did not sign in to ${domain}.`));
    }
    if (action !== "approve") {
      return sendHtml(response, 400, messagePage("Cannot answer", "Choose Approve or Cancel."));
    }

    const wallet = createFarcasterWalletClient({
      relay: baseUrl,
      ethereum: viemConnector({ rpcUrl: options.rpcUrl }),
    });
    const params = channel.signatureParams;
    const notBefore = toDate(params.notBefore);
    const expirationTime = toDate(params.expirationTime);
    const built = wallet.buildSignInMessage({
      address: signer.address,
      fid: account.fid,
      domain: params.domain,
      uri: params.siweUri,
      nonce: params.nonce,
      ...(notBefore ? { notBefore } : {}),
      ...(expirationTime ? { expirationTime } : {}),
      ...(params.requestId !== undefined ? { requestId: params.requestId } : {}),
    });
    if (built.isError) {
      return sendHtml(
        response,
        400,
        messagePage("Cannot sign in", `This sign-in request cannot be signed: ${built.error?.message ?? "invalid"}.`),
      );
    }
    const signature = await signer.signMessage({ message: built.message });
    const completed = await wallet.authenticate({
      channelToken: token,
      authKey,
      message: built.message,
      signature,
      authMethod: "custody",
      fid: account.fid,
      username: account.username,
      ...(account.displayName !== undefined ? { displayName: account.displayName } : {}),
      ...(account.bio !== undefined ? { bio: account.bio } : {}),
      ...(account.pfpUrl !== undefined ? { pfpUrl: account.pfpUrl } : {}),
    });
    if (completed.isError || completed.response.status !== 201) {
      return sendHtml(response, 502, messagePage("Cannot sign in", "The relay did not accept the signed message."));
    }
    return sendHtml(
      response,
      200,
      messagePage(`Signed in to ${domain}`, `You signed in as @${account.username}. Go back to the app to continue.`),
    );
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://relay.invalid");
    const route = `${request.method} ${url.pathname}`;
    const handle = async () => {
      switch (route) {
        case "POST /v1/channel":
          return createChannel(request, response);
        case "GET /v1/channel/status":
          return status(request, response);
        case "POST /v1/channel/authenticate":
          return authenticate(request, response);
        case `GET ${APP_PATH}`:
          return appPage(url, response);
        case `POST ${APP_PATH}`:
          return answer(request, response);
        case "GET /healthcheck":
          return sendJson(response, 200, { status: "OK" });
        default:
          if (request.method === "OPTIONS" && url.pathname.startsWith("/v1/")) {
            response.writeHead(204, {
              "access-control-allow-origin": "*",
              "access-control-allow-methods": "GET, POST",
              "access-control-allow-headers": "authorization, content-type, x-farcaster-auth-relay-key",
              "access-control-max-age": "600",
            });
            return response.end();
          }
          return sendJson(response, 404, { error: "Not Found" });
      }
    };
    handle().catch((error: unknown) => {
      if (response.headersSent) return response.end();
      if (error instanceof RequestError) {
        return sendJson(
          response,
          error.statusCode,
          error.statusCode === 400 ? { error: "Validation error", message: error.message } : { error: error.message },
        );
      }
      return sendJson(response, 500, { error: error instanceof Error ? error.message : "Internal Server Error" });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ host, port: options.port ?? 0 }, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

  return {
    url: baseUrl,
    authKey,
    custody: signer.address,
    account,
    close: () =>
      new Promise<void>((resolve, reject) => {
        clearInterval(sweep);
        channels.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
