import { loadOnce } from "../../core/loadOnce.js";
import type { CreateNamesClientParameters, NamesClient } from "./createNamesClient.js";

/**
 * The names client with its code (and its response schemas) loaded on the first call, not with the app's first view:
 * the same methods as `createNamesClient`, each forwarded to the one client it creates then.
 */
export function lazyNamesClient(parameters: CreateNamesClientParameters): NamesClient {
  // A failed load (a chunk that could not be fetched) is tried again on the next call.
  const load = loadOnce(() => import("./createNamesClient.js").then((m) => m.createNamesClient(parameters)));
  return {
    getIdentity: async (address, sender) => (await load()).getIdentity(address, sender),
    resolveName: async (name) => (await load()).resolveName(name),
    getSuggestions: async (name, zone) => (await load()).getSuggestions(name, zone),
    getNamesForAddress: async (address, sender) => (await load()).getNamesForAddress(address, sender),
    registerName: async (registration) => (await load()).registerName(registration),
  };
}
