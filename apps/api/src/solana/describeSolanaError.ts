import { isSolanaError, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR } from "@solana/kit";

/**
 * A failed Solana snapshot in one plain sentence for `sync_state.last_error` (and so for /health): the HTTP
 * status or the JSON-RPC error code, never the RPC's body or URL. The real cause goes to the server log.
 */
export function describeSolanaError(error: unknown, at: Date = new Date()): string {
  const lead = `The Solana snapshot failed at ${at.toISOString()}`;
  if (isSolanaError(error, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR))
    return `${lead}: the Solana RPC answered HTTP ${error.context.statusCode}; the next run tries again.`;
  if (isSolanaError(error) && error.context.__code >= -32_768 && error.context.__code <= -32_000)
    return `${lead}: the Solana RPC answered JSON-RPC error ${error.context.__code}; the next run tries again.`;
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return `${lead}: the Solana RPC did not answer in time; the next run tries again.`;
  if (error instanceof TypeError) return `${lead}: the Solana RPC could not be reached; the next run tries again.`;
  return `${lead}: the Solana RPC's answer could not be read; the next run tries again.`;
}

/** The cause of a failure for the server log: its type and message (the log may hold detail; responses never do). */
export function solanaErrorCause(error: unknown): { type: string; message: string } {
  if (error instanceof Error) return { type: error.name || error.constructor.name, message: error.message };
  return { type: typeof error, message: String(error) };
}
