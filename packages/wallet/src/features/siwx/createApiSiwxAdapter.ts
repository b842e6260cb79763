import * as z from "zod/mini";
import { ApiError } from "../../core/errors.js";
import type { SiwxAdapter, SiwxSession } from "./types.js";

const sessionSchema = z.object({ address: z.string(), chainId: z.int() });
const nonceSchema = z.object({ nonce: z.string().check(z.minLength(8)) });
const errorSchema = z.object({ error: z.string() });

export type CreateApiSiwxAdapterParameters = {
  /** The API base URL, e.g. `/api` or `http://localhost:8787`. */
  baseUrl: string;
  fetch?: typeof fetch | undefined;
};

/**
 * SIWX adapter on the app's API: `GET /auth/nonce`, `POST /auth/verify`, `GET /auth/session`, `POST /auth/logout`,
 * with the session in an httpOnly cookie (requests are sent with credentials).
 */
export function createApiSiwxAdapter(p: CreateApiSiwxAdapterParameters): SiwxAdapter {
  const base = p.baseUrl.replace(/\/$/, "");
  const call = (path: string, init: RequestInit = {}) =>
    (p.fetch ?? globalThis.fetch)(`${base}${path}`, {
      ...init,
      credentials: "include",
      headers: { accept: "application/json", ...(init.body ? { "content-type": "application/json" } : {}) },
    });
  const fail = async (res: Response, fallback: string): Promise<never> => {
    const body = errorSchema.safeParse(await res.json().catch(() => null));
    throw new ApiError(body.success ? body.data.error : fallback, { status: res.status });
  };
  return {
    async getNonce() {
      const res = await call("/auth/nonce");
      if (!res.ok) return fail(res, `nonce request failed (${res.status})`);
      return nonceSchema.parse(await res.json()).nonce;
    },
    async verify({ message, signature }): Promise<SiwxSession> {
      const res = await call("/auth/verify", { method: "POST", body: JSON.stringify({ message, signature }) });
      if (!res.ok) return fail(res, `verification failed (${res.status})`);
      return sessionSchema.parse(await res.json());
    },
    async getSession() {
      const res = await call("/auth/session");
      if (res.status === 401) return null;
      if (!res.ok) return fail(res, `session request failed (${res.status})`);
      return sessionSchema.parse(await res.json());
    },
    async signOut() {
      const res = await call("/auth/logout", { method: "POST" });
      if (!res.ok && res.status !== 401) await fail(res, `sign out failed (${res.status})`);
    },
  };
}
