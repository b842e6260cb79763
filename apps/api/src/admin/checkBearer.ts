import { createHash, timingSafeEqual } from "node:crypto";

/** Whether an `Authorization` header carries `Bearer <token>` (compared in constant time). */
export function checkBearer(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header) return false;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match?.[1]) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}
