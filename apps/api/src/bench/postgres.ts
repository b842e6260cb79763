import { startTestPostgres } from "@fundament/scripts/lib/ensure-postgres";

export type ThrowawayPostgres = { url: string; stop(): Promise<void> };

/**
 * The throwaway PostgreSQL of the root test run (`scripts/lib/ensure-postgres.mjs`: a fresh cluster in a temporary
 * folder on a free port, fsync off; `stop()` removes it).
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  return startTestPostgres();
}
