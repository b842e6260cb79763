export type ThrowawayPostgres = { url: string; stop(): Promise<void> };

/**
 * The throwaway PostgreSQL of the root test run (`scripts/lib/ensure-postgres.mjs`: a fresh cluster in a temporary
 * folder on a free port, fsync off; `stop()` removes it). Imported by path, as the script is plain JavaScript.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const script = new URL("../../../../scripts/lib/ensure-postgres.mjs", import.meta.url).href;
  const { startTestPostgres } = (await import(script)) as { startTestPostgres: () => Promise<ThrowawayPostgres> };
  return startTestPostgres();
}
