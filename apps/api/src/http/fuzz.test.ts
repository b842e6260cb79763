import { type FarcasterRelay, startFarcasterRelay } from "@fundament/local-auth/farcaster";
import { type SmtpCatcher, startSmtpCatcher } from "@fundament/local-auth/smtp";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../demo/seed.js";
import { type TestApp, testApp } from "../testing/testApp.js";
import { drivers } from "../testing/testDatabase.js";

/**
 * Property-based test: generated input (query strings with arbitrary unicode, NULs and huge numbers, path
 * parameters, bodies of arbitrary JSON, CSV and bytes under any content type, garbage cookies and
 * authorization headers) thrown at every route through `app.inject`. No answer may be a 5xx, and no body may
 * carry internal detail (a stack, SQL, a file path, a database error text).
 */

const RUNS = 200;
const SEED = 20_2026;

/** Marks of internal detail: none may appear in any answer to generated input. */
const INTERNAL =
  /\n\s+at |\bat [\w.<>]+ \(|\.(?:ts|js|mjs):\d+|node_modules|\/work\/|\/src\/|Failed query|SQLSTATE|syntax error at or near|relation "|duplicate key value|violates .* constraint|"stack"|PGlite|Drizzle|ZodError|TypeError|RangeError|ReferenceError|invalid input syntax|out of range for type/i;

/** Percent-encodes raw bytes: invalid UTF-8 and any control byte reach the server as is. */
const percent = (bytes: Uint8Array) => [...bytes].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");

/** A query or path value: edge cases from the issue, numbers of every size and syntax, and arbitrary text. */
const value: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    "%00",
    "1:%00",
    "0x10",
    "1e2",
    "%205",
    "+5",
    "-1",
    "5.0",
    "2147483648",
    "1:99999999999999999999",
    "1:2147483648",
    "9007199254740993:1",
    "99999999999999999999:1",
    "1e30",
    "NaN",
    "Infinity",
    "%E0%A4%A",
    "%FF%FE",
    "%ED%A0%80",
    "1:2:3",
    ":",
    "0:",
  ),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
  fc.double().map(String),
  fc.tuple(fc.bigInt({ min: 0n, max: 2n ** 64n }), fc.bigInt({ min: 0n, max: 2n ** 64n })).map(([a, b]) => `${a}:${b}`),
  fc.integer({ min: 0 }).map((n) => `${n}:${2 ** 31 + n}`),
  fc.string({ unit: "binary", maxLength: 40 }).map((text) => percent(new TextEncoder().encode(text))),
  fc.uint8Array({ maxLength: 40 }).map(percent),
  fc.string({ unit: "grapheme-ascii", maxLength: 40 }).map(encodeURIComponent),
  fc.string({ maxLength: 5000, minLength: 1000 }).map(encodeURIComponent),
);

const KEYS = ["limit", "cursor", "since", "until", "chainId", "onramp", "x", "__proto__", "constructor"];
const query: fc.Arbitrary<string> = fc
  .array(fc.tuple(fc.oneof({ arbitrary: fc.constantFrom(...KEYS), weight: 4 }, value), value), { maxLength: 6 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}` : ""));

const headerText = fc.string({ unit: "grapheme-ascii", maxLength: 200 }).map((text) => text.replace(/[\r\n]/g, ""));
const headers: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    cookie: fc.oneof(
      headerText,
      headerText.map((text) => `fundament_session=${text}`),
      fc.constant("fundament_session=%E0%A4%A; fundament_session=x"),
    ),
    authorization: fc.oneof(
      headerText,
      headerText.map((text) => `Bearer ${text}`),
      fc.constant("Bearer "),
    ),
    origin: fc.oneof(fc.constant("http://evil.test"), headerText),
    "accept-encoding": headerText,
  },
  { requiredKeys: [] },
);

const CONTENT_TYPES = [
  "application/json",
  "text/csv",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/octet-stream",
  "application/json; charset=latin1",
  "",
];
/** A body with a content type: JSON of any shape, CSV-like text, SIWE-like text or raw bytes. */
const body: fc.Arbitrary<{ payload: string | Buffer; contentType: string }> = fc.record({
  payload: fc.oneof(
    fc.json(),
    fc.jsonValue().map((v) => JSON.stringify([v, { timestamp: v, total_sol_value: v }])),
    fc
      .array(fc.tuple(value, value), { maxLength: 20 })
      .map(
        (rows) => `timestamp,total_sol_value\n${rows.map(([a, b]) => `${decodeSafe(a)},${decodeSafe(b)}`).join("\n")}`,
      ),
    fc
      .record({ message: fc.oneof(fc.string(), siweLike()), signature: fc.oneof(fc.string(), hex()) })
      .map((v) => JSON.stringify(v)),
    fc.constantFrom(
      '[{"timestamp":1e30,"total_sol_value":1}]',
      '[{"timestamp":"-099999-01-01T00:00:00Z","total_sol_value":1}]',
      '[{"timestamp":1790000000000000,"total_sol_value":1}]',
      '{"__proto__":{"x":1}}',
      "null",
      "",
    ),
    fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  ),
  contentType: fc.oneof(fc.constantFrom(...CONTENT_TYPES), headerText),
});

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function hex(): fc.Arbitrary<string> {
  return fc.uint8Array({ maxLength: 200 }).map((bytes) => `0x${Buffer.from(bytes).toString("hex")}`);
}

/** A SIWE-shaped message with generated fields (address, chain id, dates, URI). */
function siweLike(): fc.Arbitrary<string> {
  return fc
    .record({ address: fc.string({ maxLength: 50 }), chain: value, uri: fc.string(), issued: fc.string() })
    .map(
      (f) =>
        `localhost:5173 wants you to sign in with your Ethereum account:\n${f.address}\n\nURI: ${f.uri}\nVersion: 1\nChain ID: ${decodeSafe(f.chain)}\nNonce: abcdefgh12\nIssued At: ${f.issued}`,
    );
}

type Route = { method: "GET" | "POST" | "PUT"; path: string; build: fc.Arbitrary<InjectOptions> };

const get = (path: string, url: fc.Arbitrary<string> = fc.constant(path), q: fc.Arbitrary<string> = query): Route => ({
  method: "GET",
  path,
  build: fc.tuple(url, q, headers).map(([u, qs, h]) => ({ method: "GET", url: `${u}${qs}`, headers: h })),
});

/** The history's query: generated, or a real chain id with a generated cursor (so the cursor reaches the database). */
const historyQuery = fc.oneof(
  query,
  fc
    .tuple(fc.oneof(fc.constantFrom("999", "31337"), value), value)
    .map(([chain, cursor]) => `?chainId=${chain}&cursor=${cursor}`),
);
const post = (path: string): Route => ({
  method: "POST",
  path,
  build: fc.tuple(query, headers, body).map(([q, h, b]) => ({
    method: "POST",
    url: `${path}${q}`,
    headers: { ...h, ...(b.contentType && { "content-type": b.contentType }) },
    payload: b.payload,
  })),
});

/** A POST whose JSON body is mostly shaped like the route's own (so generated values reach its rules), else any body. */
const postShaped = (path: string, shaped: fc.Arbitrary<unknown>, origin?: string): Route => ({
  method: "POST",
  path,
  build: fc
    .tuple(
      query,
      headers,
      fc.oneof(
        {
          arbitrary: shaped.map((value) => ({ payload: JSON.stringify(value), contentType: "application/json" })),
          weight: 3,
        },
        body,
      ),
    )
    .map(([q, h, b]) => ({
      method: "POST" as const,
      url: `${path}${q}`,
      headers: { ...h, ...(origin && { origin }), ...(b.contentType && { "content-type": b.contentType }) },
      payload: b.payload,
    })),
});

/** A name (label, full name, or generated text) for the names routes' paths. */
const nameValue = fc.oneof(
  value,
  fc.constantFrom("alice.fundament", "ADMIN", "abc", "a-b-c-d.fundament", "x.eth", "%2E%2E", "a.b.c.d"),
  fc.stringMatching(/^[a-zA-Z0-9-]{1,70}(\.[a-z]{1,12})?$/),
);
const addressValue = fc.oneof(
  value,
  fc.constant("0x5FbDB2315678afecb367f032d93F642f64180aa3"),
  fc.constant("0x5fbdb2315678afecb367f032d93f642f64180aa3"),
);
/** A registration body: coin types of every size, names and timestamps of every kind, random signatures. */
const registration = fc.record({
  coin_type: fc.oneof(
    { arbitrary: fc.constantFrom(60, 2_147_514_985, 2_147_483_648, 4_294_967_296, 2 ** 53, 0, 12), weight: 4 },
    { arbitrary: fc.oneof(fc.double(), fc.bigInt({ min: 0n, max: 2n ** 60n }).map(Number)), weight: 1 },
  ),
  address: fc.oneof(
    { arbitrary: fc.constant("0x5FbDB2315678afecb367f032d93F642f64180aa3"), weight: 4 },
    { arbitrary: fc.string(), weight: 1 },
  ),
  message: fc.oneof(
    { arbitrary: fc.string(), weight: 1 },
    {
      arbitrary: fc
        .record({
          name: fc.oneof(nameValue, fc.string()),
          attributes: fc.oneof(fc.constant({}), fc.jsonValue()),
          timestamp: fc.oneof(fc.double(), fc.integer(), fc.constant(Math.floor(Date.now() / 1000))),
        })
        .map((m) => JSON.stringify(m)),
      weight: 4,
    },
  ),
  signature: fc.oneof({ arbitrary: hex(), weight: 4 }, { arbitrary: fc.string(), weight: 1 }),
});
/** An analytics event as the wallet's bus sends it, with generated fields. */
const analyticsEvent = fc.record({
  eventId: fc.oneof({ arbitrary: fc.uuid(), weight: 4 }, { arbitrary: fc.string({ maxLength: 80 }), weight: 1 }),
  url: fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string()),
  domain: fc.oneof(fc.domain(), fc.string()),
  timestamp: fc.oneof(fc.double(), fc.integer(), fc.constant(Date.now())),
  props: fc.record({
    event: fc.oneof(
      { arbitrary: fc.constantFrom("MODAL_OPEN", "SEND_SUCCESS", "INVEST_SUCCESS"), weight: 4 },
      { arbitrary: fc.string(), weight: 1 },
    ),
    properties: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.jsonValue()),
  }),
});

/** A token id: generated, or a real one of the local chain (native ETH or a token). */
const tokenValue = fc.oneof(
  value,
  fc.constantFrom(
    "eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee",
    "eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3",
    "eip155:999:0x5FbDB2315678afecb367f032d93F642f64180aa3",
  ),
);
/** The convert routes' queries: generated, or shaped like theirs with generated values. */
const convertQuery = fc.oneof(
  query,
  fc
    .tuple(value, addressValue, tokenValue, tokenValue, fc.oneof(value, fc.constantFrom("31337", "eip155:999")))
    .map(
      ([amount, user, from, to, chain]) =>
        `?amount=${amount}&userAddress=${user}&from=${from}&to=${to}&tokenAddress=${from}&chainId=${chain}`,
    ),
);
/** A swap build as the wallet sends it, with generated fields. */
const swapBuild = fc.record({
  amount: fc.oneof(value, fc.constant("1000000")),
  eip155: fc.oneof(fc.record({ slippage: fc.oneof(value, fc.constantFrom("0.5", "50", "0.001")) }), fc.jsonValue()),
  from: tokenValue,
  to: tokenValue,
  userAddress: addressValue,
  disableEstimate: fc.oneof(fc.boolean(), fc.jsonValue()),
});
/** A price request with generated token ids. */
const priceRequest = fc.record({
  currency: fc.oneof(fc.constantFrom("usd", "USD", "eur"), value),
  addresses: fc.oneof(fc.array(tokenValue, { maxLength: 120 }), fc.jsonValue()),
  projectId: fc.oneof(fc.string(), fc.jsonValue()),
});

/** The embedded wallet's login bodies: emails, device ids and codes, well-formed or not. */
const deviceIdValue = fc.oneof(
  { arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), weight: 3 },
  { arbitrary: fc.string({ maxLength: 100 }), weight: 1 },
);
const embeddedLogin = fc.record(
  {
    email: fc.oneof(
      { arbitrary: fc.emailAddress(), weight: 3 },
      { arbitrary: fc.oneof(fc.string(), fc.jsonValue()), weight: 1 },
    ),
    deviceId: deviceIdValue,
    otp: fc.oneof({ arbitrary: fc.stringMatching(/^\d{6}$/), weight: 3 }, { arbitrary: fc.jsonValue(), weight: 1 }),
  },
  { requiredKeys: [] },
);
/** Social login starts and callbacks: providers, redirect URIs and callback URLs, well-formed or not. */
const embeddedSocialStart = fc.record(
  {
    provider: fc.oneof(
      fc.constantFrom("google", "github", "apple", "x", "discord", "facebook"),
      fc.string(),
      fc.jsonValue(),
    ),
    deviceId: deviceIdValue,
    redirectUri: fc.oneof(fc.webUrl(), fc.constant("http://127.0.0.1:5174/social-callback.html"), fc.string()),
  },
  { requiredKeys: [] },
);
const embeddedSocialFinish = fc.record(
  {
    callbackUrl: fc.oneof(
      fc.webUrl({ withQueryParameters: true }),
      fc
        .tuple(fc.string(), fc.string())
        .map(
          ([code, state]) =>
            `http://127.0.0.1:5174/social-callback.html?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
        ),
      fc.jsonValue(),
    ),
    deviceId: deviceIdValue,
  },
  { requiredKeys: [] },
);
/** Farcaster status polls: channel tokens well-formed or not. */
const embeddedFarcasterStatus = fc.record(
  { channelToken: fc.oneof(fc.base64String({ maxLength: 200 }), fc.string(), fc.jsonValue()), deviceId: deviceIdValue },
  { requiredKeys: [] },
);
const embeddedWallet = fc.record({
  address: addressValue,
  authShare: fc.oneof(fc.base64String({ maxLength: 2000 }), fc.string()),
  signature: fc.oneof(hex(), fc.string()),
});
/** A revoke of a generated session id at a generated address. */
const revokeRoute: Route = {
  method: "POST",
  path: "/v1/sessions/{address}/revoke",
  build: fc
    .tuple(
      addressValue,
      headers,
      fc.record({ pci: fc.oneof(fc.uuid(), fc.string()), signature: fc.oneof(hex(), fc.string()) }),
    )
    .map(([address, h, payload]) => ({
      method: "POST" as const,
      url: `/v1/sessions/${address || "%20"}/revoke`,
      headers: { ...h, "content-type": "application/json" },
      payload: JSON.stringify(payload),
    })),
};

/** A round report's path: generated ids, or plausible ones (the fuzz app has no fund: those reach the 404). */
const reportPath = fc
  .tuple(fc.oneof(value, fc.constantFrom("1", "2")), fc.oneof(value, fc.constantFrom("1", "3")))
  .map(([vaultId, poolId]) => `/v1/vaults/${vaultId || "%20"}/rounds/${poolId || "%20"}/report`);
/** A report build's body: manual items of every shape (amounts, notes, counts), or any body. */
const reportBuild = fc.record(
  {
    manualItems: fc.oneof(
      fc.array(
        fc.record({
          amount: fc.oneof(value.map(decodeSafe), fc.jsonValue()),
          note: fc.oneof(fc.string({ maxLength: 300 }), fc.jsonValue()),
        }),
        { maxLength: 25 },
      ),
      fc.jsonValue(),
    ),
  },
  { requiredKeys: [] },
);
/** A report published: JSON shaped like a report with generated fields, or any body under any content type. */
const reportText = fc
  .record({
    version: fc.oneof(fc.constant(1), fc.jsonValue()),
    chainId: fc.oneof(fc.constant(31337), fc.jsonValue()),
    fund: fc.oneof(fc.constant("0x5FbDB2315678afecb367f032d93F642f64180aa3"), fc.string()),
    vaultId: fc.oneof(fc.constant("2"), fc.jsonValue()),
    poolId: fc.oneof(fc.constant("3"), fc.jsonValue()),
    round: fc.constant("1"),
    principal: fc.constant("1"),
    collected: fc.constant("1"),
    total: fc.oneof(fc.constant("1"), fc.jsonValue()),
    block: fc.oneof(fc.constant({ number: "1" }), fc.jsonValue()),
    tradingWallets: fc.oneof(fc.constant([]), fc.jsonValue()),
    transfers: fc.oneof(fc.constant([]), fc.jsonValue()),
    manualItems: fc.oneof(fc.constant([]), fc.jsonValue()),
  })
  .map((report) => JSON.stringify(report));
const putReport: Route = {
  method: "PUT",
  path: "/v1/vaults/{vaultId}/rounds/{poolId}/report",
  build: fc
    .tuple(
      reportPath,
      query,
      headers,
      fc.oneof(
        { arbitrary: reportText.map((payload) => ({ payload, contentType: "application/json" })), weight: 3 },
        body,
      ),
    )
    .map(([path, q, h, b]) => ({
      method: "PUT" as const,
      url: `${path}${q}`,
      headers: { ...h, ...(b.contentType && { "content-type": b.contentType }) },
      payload: b.payload,
    })),
};
const postReport: Route = {
  method: "POST",
  path: "/v1/vaults/{vaultId}/rounds/{poolId}/report",
  build: fc
    .tuple(
      reportPath,
      query,
      headers,
      fc.oneof(
        {
          arbitrary: reportBuild.map((value) => ({ payload: JSON.stringify(value), contentType: "application/json" })),
          weight: 3,
        },
        body,
      ),
    )
    .map(([path, q, h, b]) => ({
      method: "POST" as const,
      url: `${path}${q}`,
      headers: { ...h, ...(b.contentType && { "content-type": b.contentType }) },
      payload: b.payload,
    })),
};

/** An access request's body: generated addresses, notes, times and signatures. */
const accessRequest = fc.record(
  {
    address: addressValue,
    note: fc.oneof(fc.string({ maxLength: 400 }), fc.jsonValue()),
    issuedAt: fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      value,
      fc.integer(),
    ),
    signature: fc.oneof(hex(), fc.string()),
  },
  { requiredKeys: [] },
);
/** The admin's answer to an access request: an address and a decision, generated or plausible, with the admin's token. */
const accessDecisionRoute: Route = {
  method: "POST",
  path: "/v1/access-requests/{address}/{decision}",
  build: fc
    .tuple(addressValue, fc.oneof(value, fc.constantFrom("approve", "dismiss")), headers, fc.boolean())
    .map(([address, decision, h, admin]) => ({
      method: "POST" as const,
      url: `/v1/access-requests/${address || "%20"}/${decision || "%20"}`,
      headers: { ...h, ...(admin && { authorization: "Bearer admin-secret" }) },
    })),
};
/** A round's planned lockup: generated ids, or plausible ones. */
const planPath = fc
  .tuple(fc.oneof(value, fc.constantFrom("1", "2")), fc.oneof(value, fc.constantFrom("1", "3")))
  .map(([vaultId, round]) => `/v1/vaults/${vaultId || "%20"}/rounds/${round || "%20"}/plan`);
const putPlan: Route = {
  method: "PUT",
  path: "/v1/vaults/{vaultId}/rounds/{round}/plan",
  build: fc
    .tuple(
      planPath,
      headers,
      fc.boolean(),
      fc.record(
        {
          plannedAt: fc.oneof(
            fc.date().map((d) => (Number.isNaN(d.getTime()) ? null : d.toISOString())),
            value,
          ),
        },
        { requiredKeys: [] },
      ),
    )
    .map(([path, h, admin, payload]) => ({
      method: "PUT" as const,
      url: path,
      headers: { ...h, "content-type": "application/json", ...(admin && { authorization: "Bearer admin-secret" }) },
      payload: JSON.stringify(payload),
    })),
};

/** Every route of the app (the OpenAPI paths are checked against this list), with its generated requests. */
const ROUTES: Route[] = [
  get("/futures/performance"),
  get("/nft-lending/performance"),
  get("/api/deposits/bybit"),
  get("/api/withdrawals/bybit"),
  get("/health"),
  get("/health/live"),
  get("/health/ready"),
  get("/metrics"),
  get("/auth/nonce"),
  get("/auth/session"),
  get(
    "/v1/account/{address}/history",
    fc
      .oneof(
        value,
        fc.constant("0x5FbDB2315678afecb367f032d93F642f64180aa3"),
        fc.constant("0x5fbdb2315678afecb367f032d93f642f64180aa3"),
      )
      .map((address) => `/v1/account/${address || "%20"}/history`),
    historyQuery,
  ),
  post("/auth/verify"),
  post("/auth/logout"),
  post("/admin/nft-lending/snapshots"),
  get(
    "/v1/profile/account/{name}",
    nameValue.map((name) => `/v1/profile/account/${name || "%20"}`),
  ),
  get(
    "/v1/profile/reverse/{address}",
    addressValue.map((address) => `/v1/profile/reverse/${address || "%20"}`),
  ),
  get(
    "/v1/profile/suggestions/{name}",
    nameValue.map((name) => `/v1/profile/suggestions/${name || "%20"}`),
    fc.oneof(
      query,
      value.map((zone) => `?zone=${zone}`),
    ),
  ),
  postShaped("/v1/profile/account", registration),
  get(
    "/v1/identity/{address}",
    addressValue.map((address) => `/v1/identity/${address || "%20"}`),
  ),
  get("/getAnalyticsConfig"),
  postShaped("/e", analyticsEvent, "http://127.0.0.1:5173"),
  get(
    "/admin/analytics/daily",
    fc.constant("/admin/analytics/daily"),
    fc.oneof(
      query,
      value.map((d) => `?days=${d}`),
    ),
  ),
  get("/v1/supported-chains"),
  get("/v1/onramp/options"),
  post("/v1/onramp/quote"),
  post("/v1/generators/onrampurl"),
  get("/v1/convert/tokens", fc.constant("/v1/convert/tokens"), convertQuery),
  get("/v1/convert/quotes", fc.constant("/v1/convert/quotes"), convertQuery),
  get("/v1/convert/allowance", fc.constant("/v1/convert/allowance"), convertQuery),
  get("/v1/convert/gas-price", fc.constant("/v1/convert/gas-price"), convertQuery),
  get("/v1/convert/build-approve", fc.constant("/v1/convert/build-approve"), convertQuery),
  postShaped("/v1/convert/build-transaction", swapBuild),
  postShaped("/v1/fungible/price", priceRequest),
  get(
    "/v1/account/{address}/balance",
    addressValue.map((address) => `/v1/account/${address || "%20"}/balance`),
    fc.oneof(
      query,
      fc
        .tuple(fc.oneof(value, fc.constantFrom("eip155:31337", "31337")), value)
        .map(([chain, force]) => `?currency=usd&chainId=${chain}&forceUpdate=${force}`),
    ),
  ),
  postShaped("/v1/embedded/email/connect", embeddedLogin),
  postShaped("/v1/embedded/email/device-status", embeddedLogin),
  postShaped("/v1/embedded/email/verify", embeddedLogin),
  get(
    "/v1/embedded/device/approve",
    fc.constant("/v1/embedded/device/approve"),
    fc.oneof(
      query,
      fc.oneof(deviceIdValue, value).map((token) => `?token=${encodeURIComponent(token)}`),
    ),
  ),
  postShaped("/v1/embedded/device/approve", fc.record({ token: fc.oneof(deviceIdValue, value) }, { requiredKeys: [] })),
  get("/v1/embedded/me"),
  get("/v1/embedded/wallet/share"),
  postShaped("/v1/embedded/wallet", embeddedWallet),
  post("/v1/embedded/signout"),
  postShaped("/v1/embedded/email/update", embeddedLogin),
  postShaped("/v1/embedded/email/update/primary", embeddedLogin),
  postShaped("/v1/embedded/email/update/secondary", embeddedLogin),
  get("/v1/embedded/social/providers"),
  postShaped("/v1/embedded/social/start", embeddedSocialStart),
  postShaped("/v1/embedded/social/finish", embeddedSocialFinish),
  postShaped("/v1/embedded/farcaster/channel", embeddedLogin),
  postShaped("/v1/embedded/farcaster/status", embeddedFarcasterStatus),
  get(
    "/v1/sessions/{address}",
    addressValue.map((address) => `/v1/sessions/${address || "%20"}`),
  ),
  revokeRoute,
  get("/v1/access-requests"),
  get(
    "/v1/access-requests/{address}",
    addressValue.map((address) => `/v1/access-requests/${address || "%20"}`),
  ),
  postShaped("/v1/access-requests", accessRequest),
  accessDecisionRoute,
  get("/v1/vaults/{vaultId}/rounds/{round}/plan", planPath),
  putPlan,
  get("/v1/vaults/{vaultId}/rounds/{poolId}/report", reportPath),
  postReport,
  putReport,
];

describe.each(drivers)("generated input at every route (%s)", (driver) => {
  let t: TestApp;
  // The embedded wallet's login mails go to a local SMTP catcher (a real SMTP server), and its Farcaster routes to the
  // local Farcaster relay (Farcaster's relay HTTP API): without them those routes answer 503 "… is not configured",
  // which is right for a server without them but not what this test is about. No generated poll can complete a
  // channel, so the relay needs no chain: its custody registration is off and the RPC URL is a closed port.
  let catcher: SmtpCatcher;
  let relay: FarcasterRelay;
  beforeAll(async () => {
    catcher = await startSmtpCatcher({ smtpPort: 0, webPort: 0 });
    relay = await startFarcasterRelay({ port: 0, rpcUrl: "http://127.0.0.1:9", registerCustody: false });
    t = await testApp(
      {
        EMBEDDED_SECRET: "5a".repeat(32),
        SMTP_URL: catcher.smtpUrl,
        FARCASTER_RELAY_URL: relay.url,
        FARCASTER_RPC_URL: "http://127.0.0.1:9",
        ADMIN_TOKEN: "admin-secret",
        METRICS_TOKEN: "metrics-secret",
        RATE_LIMIT_MAX: "100000000",
        CACHE_TTL_MS: "0",
        ANALYTICS_ENABLED: "1",
        RPC_URLS: "31337=http://127.0.0.1:9",
      },
      driver,
    );
    await seedDemo({ db: t.database.db });
  });
  afterAll(async () => {
    await t?.close();
    await catcher?.close();
    await relay?.close();
  });

  it("covers every documented route", async () => {
    const documented = Object.entries((await t.app.inject("/openapi.json")).json().paths as object).flatMap(
      ([path, methods]) => Object.keys(methods as object).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(ROUTES.map((route) => `${route.method} ${route.path}`).sort()).toEqual(documented.sort());
  });

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s: never a 5xx, never internal detail",
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(route.build, async (request) => {
          const response = await t.app.inject(request);
          const summary = `${request.method} ${request.url} → ${response.statusCode}: ${response.body.slice(0, 300)}`;
          expect(response.statusCode, summary).toBeLessThan(500);
          if (route.path !== "/metrics" || response.statusCode !== 200) {
            expect(response.body, summary).not.toMatch(INTERNAL);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    },
    120_000,
  );

  it("a garbage admin import is refused with a 400 naming the row, and a good one still stores", async () => {
    const auth = { authorization: "Bearer admin-secret" };
    const url = "/admin/nft-lending/snapshots";
    const answer = await t.app.inject({
      method: "POST",
      url,
      headers: auth,
      payload: [{ timestamp: 1, total_sol_value: 1 }],
    });
    expect(answer.json()).toEqual({ stored: 1 });
  });
});
