import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createPublicClient, http, type PublicClient } from "viem";
import { z } from "zod";
import { createNonce } from "../auth/nonces.js";
import { createSession, deleteSession, readSession, SESSION_COOKIE, SESSION_TTL_MS } from "../auth/sessions.js";
import { verifySignIn } from "../auth/verifySignIn.js";
import { HttpError } from "../http/errors.js";
import { isCleanText } from "../http/params.js";
import type { RouteContext } from "./context.js";

const verifyBody = z.object({
  message: z
    .string({ error: "message is required" })
    .min(1, "message is required")
    .max(10_000, "message must be at most 10000 characters")
    .refine((value) => isCleanText(value.replace(/\r?\n/g, "")), "message must not contain control characters"),
  signature: z
    .string({ error: "signature is required" })
    .max(20_000, "signature must be at most 20000 characters")
    .regex(/^0x[0-9a-fA-F]+$/, "signature must be a 0x-prefixed hex string"),
});

const sessionSchema = z.object({ address: z.string(), chainId: z.number().int() });

/** Sign-In with Ethereum: `GET /auth/nonce`, `POST /auth/verify`, `GET /auth/session`, `POST /auth/logout`. */
export function authRoutes({ config, database }: RouteContext): FastifyPluginAsync {
  const { db } = database;
  const clients = new Map<number, PublicClient>();
  const clientFor = (chainId: number): PublicClient | undefined => {
    const url = config.rpcUrls.get(chainId);
    if (!url) return undefined;
    let client = clients.get(chainId);
    if (!client) {
      client = createPublicClient({ transport: http(url, { retryCount: 1, timeout: 10_000 }) });
      clients.set(chainId, client);
    }
    return client;
  };
  const cookieOptions = {
    httpOnly: true,
    sameSite: "lax" as const,
    path: "/",
    secure: config.cookieSecure,
  };

  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.get(
      "/auth/nonce",
      {
        schema: {
          tags: ["auth"],
          summary: "A single-use sign-in nonce, valid for 5 minutes",
          response: { 200: z.object({ nonce: z.string() }) },
        },
      },
      async (_request, reply) => {
        reply.header("cache-control", "no-store");
        return { nonce: await createNonce(db) };
      },
    );

    typed.post(
      "/auth/verify",
      {
        schema: {
          tags: ["auth"],
          summary: "Verifies a signed SIWE message and starts a session (httpOnly cookie fundament_session, 24 h)",
          body: verifyBody,
          response: { 200: sessionSchema },
        },
      },
      async (request, reply) => {
        const session = await verifySignIn({
          db,
          message: request.body.message,
          signature: request.body.signature as `0x${string}`,
          domains: config.siweDomains,
          clientFor,
        });
        const id = await createSession(db, session);
        reply.setCookie(SESSION_COOKIE, id, { ...cookieOptions, maxAge: SESSION_TTL_MS / 1000 });
        return session;
      },
    );

    typed.get(
      "/auth/session",
      {
        schema: { tags: ["auth"], summary: "The signed-in account, or 401", response: { 200: sessionSchema } },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const session = await readSession(db, request.cookies[SESSION_COOKIE]);
        if (!session) throw new HttpError(401, "Not signed in");
        return session;
      },
    );

    typed.post(
      "/auth/logout",
      { schema: { tags: ["auth"], summary: "Ends the session and clears its cookie" } },
      async (request, reply) => {
        await deleteSession(db, request.cookies[SESSION_COOKIE]);
        reply.clearCookie(SESSION_COOKIE, cookieOptions);
        return reply.code(204).send();
      },
    );
  };
}
