import { ApiUnreachableError, RequestFailedError } from "../baseErrors.js";

export type FetchOptions = {
  /** `fetch` to use (the global one by default). */
  fetch?: typeof fetch;
  signal?: AbortSignal;
};

/** The server's own words in an error body: `detail`, `message` or `error`. */
function serverDetail(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  for (const key of ["detail", "message", "error"] as const) {
    const value = (body as Record<string, unknown>)[key];
    if (typeof value === "string" && value) return value;
  }
  return undefined;
}

/**
 * GET a JSON document; a non-200 status raises 'Request failed' with the server's message and the status (spec
 * section 7); no answer at all raises ApiUnreachableError (a plain sentence for a person, unless `signal` aborted).
 */
export async function fetchJson<T>(url: string, { fetch: fetchFn = fetch, signal }: FetchOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetchFn(url, { headers: { accept: "application/json" }, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (signal?.aborted) throw error; // the caller gave up: not an outage
    throw new ApiUnreachableError(error instanceof Error ? error.message : String(error), { cause: error });
  }
  if (response.status !== 200) {
    let detail: string | undefined;
    try {
      detail = serverDetail(await response.json());
    } catch {
      detail = undefined; // not JSON: the status code says what happened
    }
    throw new RequestFailedError(response.status, detail);
  }
  return (await response.json()) as T;
}

/** `base` + `path`, tolerating a trailing slash on the base. */
export function apiUrl(base: string, path: string, query?: Record<string, string | number | undefined>): string {
  const url = new URL(path.replace(/^\//, ""), base.endsWith("/") ? base : `${base}/`);
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) url.searchParams.set(key, String(value));
  return url.toString();
}
