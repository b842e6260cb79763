import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { PublicClient } from "viem";
import { generateSiweNonce, parseSiweMessage, verifySiweMessage } from "viem/siwe";
import { answerCors, readBody, sendJson } from "./standInHttp.js";

export type SiwxTestServer = {
  url: string;
  stop(): Promise<void>;
  sessions: Map<string, { address: string; chainId: number }>;
};

/**
 * A small HTTP server speaking the API's SIWE routes (GET /auth/nonce, POST /auth/verify, GET /auth/session,
 * POST /auth/logout), verifying with viem's verifySiweMessage. Nonces are single-use and expire after 5 minutes;
 * the session is an httpOnly SameSite cookie. For tests.
 */
export async function startSiwxTestServer(p: { client: PublicClient; domain: string }): Promise<SiwxTestServer> {
  const nonces = new Map<string, number>();
  const sessions = new Map<string, { address: string; chainId: number }>();
  const json = sendJson;
  const sid = (req: IncomingMessage) => /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];

  const server = createServer(async (req, res) => {
    // CORS with credentials, as the real API answers a web app on another origin.
    if (answerCors(req, res, { credentials: true })) return;
    if (req.method === "GET" && req.url === "/auth/nonce") {
      const nonce = generateSiweNonce();
      nonces.set(nonce, Date.now() + 5 * 60_000);
      return json(res, 200, { nonce });
    }
    if (req.method === "POST" && req.url === "/auth/verify") {
      try {
        const { message, signature } = JSON.parse(await readBody(req)) as { message: string; signature: `0x${string}` };
        const parsed = parseSiweMessage(message);
        const expiry = parsed.nonce ? nonces.get(parsed.nonce) : undefined;
        if (!parsed.nonce || !expiry || expiry < Date.now()) return json(res, 401, { error: "Invalid nonce" });
        nonces.delete(parsed.nonce);
        const valid = await verifySiweMessage(p.client, { message, signature, domain: p.domain, nonce: parsed.nonce });
        if (!valid || !parsed.address || !parsed.chainId) return json(res, 401, { error: "Invalid signature" });
        const id = randomBytes(16).toString("hex");
        sessions.set(id, { address: parsed.address, chainId: parsed.chainId });
        res.setHeader("set-cookie", `sid=${id}; HttpOnly; SameSite=Lax; Path=/`);
        return json(res, 200, { address: parsed.address, chainId: parsed.chainId });
      } catch {
        return json(res, 401, { error: "Invalid message" });
      }
    }
    if (req.method === "GET" && req.url === "/auth/session") {
      const session = sessions.get(sid(req) ?? "");
      return session ? json(res, 200, session) : json(res, 401, { error: "No session" });
    }
    if (req.method === "POST" && req.url === "/auth/logout") {
      sessions.delete(sid(req) ?? "");
      res.setHeader("set-cookie", "sid=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0");
      return json(res, 204);
    }
    return json(res, 404, { error: "Not found" });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** fetch with a cookie jar, as a browser does with `credentials: 'include'` (Node's fetch keeps no cookies). */
export function createCookieFetch(): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    if (jar.size) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await fetch(input, { ...init, headers });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attrs] = cookie.split(";");
      const [name, value = ""] = (pair ?? "").split("=");
      if (!name) continue;
      if (attrs.some((a) => /max-age=0/i.test(a.trim())) || value === "") jar.delete(name.trim());
      else jar.set(name.trim(), value);
    }
    return res;
  };
}
