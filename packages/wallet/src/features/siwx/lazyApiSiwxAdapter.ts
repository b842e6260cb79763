import { loadOnce } from "../../core/loadOnce.js";
import type { CreateApiSiwxAdapterParameters } from "./createApiSiwxAdapter.js";
import type { SiwxAdapter } from "./types.js";

/**
 * The API's SIWX adapter with its code (and its response schemas) loaded on the first call, not with the app's first
 * view: the same methods as `createApiSiwxAdapter`, each forwarded to the one adapter it creates then.
 */
export function lazyApiSiwxAdapter(parameters: CreateApiSiwxAdapterParameters): SiwxAdapter {
  // A failed load (a chunk that could not be fetched) is tried again on the next call.
  const load = loadOnce(() => import("./createApiSiwxAdapter.js").then((m) => m.createApiSiwxAdapter(parameters)));
  return {
    getNonce: async () => (await load()).getNonce(),
    verify: async (signed) => (await load()).verify(signed),
    getSession: async () => (await load()).getSession(),
    signOut: async () => (await load()).signOut(),
  };
}
