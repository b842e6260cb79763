import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { getAddress, type Hex, isAddress, type PublicClient } from "viem";
import { answerCors, readBody, sendJson } from "./standInHttp.js";

export type NamesTestServer = {
  url: string;
  stop(): Promise<void>;
  /** Registered names (full name → owner address and coin type). */
  names: Map<string, { address: string; coinType: number; registered: number }>;
  /** Every request, `METHOD /path?query`. */
  requests: string[];
  /** Analytics events received on `POST /e`. */
  events: unknown[];
  /** `getAnalyticsConfig`'s answer. */
  analytics: { enabled: boolean; allowedOrigins: string[] | undefined };
  /** Makes the next registration fail with this status and reason. */
  failNextRegistration(status: number, reason: string): void;
};

/**
 * A small HTTP server speaking the API's names routes as the contract describes them (`/v1/identity/:address`,
 * `/v1/profile/account/:name`, `/v1/profile/reverse/:address`, `/v1/profile/suggestions/:name`,
 * `POST /v1/profile/account` verified with viem's `verifyMessage` on the chain) plus `getAnalyticsConfig` and `/e`
 * (403 'Invalid App Configuration' for an origin not allowed). For the wallet's component tests; the API's own tests
 * and the e2e journey prove the real routes.
 */
export async function startNamesTestServer(p: { client: PublicClient; zone?: string }): Promise<NamesTestServer> {
  const zone = p.zone ?? "fundament";
  const names = new Map<string, { address: string; coinType: number; registered: number }>();
  const requests: string[] = [];
  const events: unknown[] = [];
  const analytics: NamesTestServer["analytics"] = { enabled: false, allowedOrigins: undefined };
  let failNext: { status: number; reason: string } | undefined;

  const json = sendJson;
  const fail = (res: ServerResponse, status: number, message: string) =>
    json(res, status, {
      statusCode: status,
      error: status === 404 ? "Not Found" : "Bad Request",
      message,
      reasons: [{ description: message }],
    });
  const record = (name: string) => {
    const entry = names.get(name);
    if (!entry) return undefined;
    return {
      name,
      registered: entry.registered,
      updated: entry.registered,
      addresses: { [String(entry.coinType)]: { address: entry.address } },
      attributes: {},
    };
  };
  const nameOf = (address: string) =>
    [...names.entries()].find(([, e]) => e.address.toLowerCase() === address.toLowerCase())?.[0];

  const server = createServer(async (req, res) => {
    if (answerCors(req, res)) return;
    const url = new URL(req.url ?? "/", "http://x");
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const path = url.pathname.split("/").map(decodeURIComponent);
    if (req.method === "GET" && url.pathname === "/getAnalyticsConfig")
      return json(res, 200, { isAnalyticsEnabled: analytics.enabled });
    if (req.method === "POST" && url.pathname === "/e") {
      const body = await readBody(req);
      if (!analytics.enabled) return fail(res, 403, "Analytics is off");
      if (analytics.allowedOrigins && !analytics.allowedOrigins.includes(req.headers.origin ?? ""))
        return fail(res, 403, "Invalid App Configuration");
      events.push(JSON.parse(body));
      return json(res, 202, { stored: true });
    }
    if (req.method === "GET" && path[1] === "v1" && path[2] === "identity" && path[3]) {
      if (!isAddress(path[3])) return fail(res, 400, "Invalid address");
      return json(res, 200, { name: nameOf(path[3]) ?? null, avatar: null });
    }
    if (req.method === "GET" && path[2] === "profile" && path[3] === "account" && path[4]) {
      const found = record(path[4].toLowerCase());
      return found ? json(res, 200, found) : fail(res, 404, `Name ${path[4]} is not registered`);
    }
    if (req.method === "GET" && path[2] === "profile" && path[3] === "reverse" && path[4]) {
      const name = nameOf(path[4]);
      return json(res, 200, name ? [record(name)] : []);
    }
    if (req.method === "GET" && path[2] === "profile" && path[3] === "suggestions" && path[4]) {
      const asked = path[4].toLowerCase();
      const label = asked.endsWith(`.${zone}`) ? asked.slice(0, -zone.length - 1) : asked;
      const free = [1, 2, 3, 4, 5, 6, 7]
        .map((n) => `${label}${n}.${zone}`)
        .filter((n) => !names.has(n))
        .slice(0, 5);
      return json(res, 200, {
        suggestions: [{ name: `${label}.${zone}`, registered: names.has(`${label}.${zone}`) }].concat(
          free.map((name) => ({ name, registered: false })),
        ),
      });
    }
    if (req.method === "POST" && url.pathname === "/v1/profile/account") {
      const body = JSON.parse(await readBody(req)) as {
        coin_type: number;
        address: string;
        message: string;
        signature: Hex;
      };
      const message = JSON.parse(body.message) as { name: string; timestamp: number };
      if (failNext) {
        const { status, reason } = failNext;
        failNext = undefined;
        return fail(res, status, reason);
      }
      const valid = await p.client
        .verifyMessage({ address: getAddress(body.address), message: body.message, signature: body.signature })
        .catch(() => false);
      if (!valid) return fail(res, 401, "Invalid signature");
      const name = message.name.toLowerCase();
      const holder = names.get(name);
      if (holder && holder.address.toLowerCase() !== body.address.toLowerCase())
        return fail(res, 409, `Name ${name} is taken`);
      for (const [n, e] of names) if (e.address.toLowerCase() === body.address.toLowerCase()) names.delete(n);
      names.set(name, { address: getAddress(body.address), coinType: body.coin_type, registered: message.timestamp });
      return json(res, 201, record(name));
    }
    return fail(res, 404, "Not found");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    names,
    requests,
    events,
    analytics,
    failNextRegistration(status, reason) {
      failNext = { status, reason };
    },
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
