import { createSolanaRpcFromTransport, type RpcTransport } from "@solana/kit";

/**
 * A JSON-RPC transport over `fetch` (POST, JSON body). Kit's default transport adds a request coalescer whose Node
 * build cannot take a non-Node AbortSignal (DOM test environments); this one has none. Bigints in requests are sent
 * as JSON numbers.
 */
function httpTransport(url: string): RpcTransport {
  return (async ({ payload, signal }: { payload: unknown; signal?: AbortSignal }) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(payload, (_key, value) => (typeof value === "bigint" ? Number(value) : value)),
      signal: signal ?? null,
    });
    if (!response.ok) throw new Error(`Solana RPC HTTP ${response.status}`);
    return response.json();
  }) as RpcTransport;
}

/** A Solana JSON-RPC client (kit's API and its response transformers) for an RPC URL. */
export function solanaRpc(url: string) {
  return createSolanaRpcFromTransport(httpTransport(url));
}

/** A Solana RPC client. */
export type SolanaRpc = ReturnType<typeof solanaRpc>;
