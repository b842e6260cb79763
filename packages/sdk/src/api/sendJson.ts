import { ApiUnreachableError, RequestFailedError } from "../baseErrors.js";

export type SendJsonParameters = {
  method?: "GET" | "POST" | "PUT";
  /** Sent as JSON. */
  body?: unknown;
  /** Send the sign-in session's cookie (the routes that need a signed-in admin). */
  withSession?: boolean;
  fetch?: typeof fetch;
  signal?: AbortSignal;
};

/** The server's own sentence in an error body (`message`, else `detail` or `error`). */
async function serverSentence(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as Record<string, unknown>;
    const words = [body.message, body.detail, body.error].find((value) => typeof value === "string" && value);
    return typeof words === "string" ? words : undefined;
  } catch {
    return undefined; // not JSON: the status says what happened
  }
}

/**
 * Sends a request to the Fundament API and reads its JSON answer. A 2xx answer is returned; another status raises
 * RequestFailedError with the server's sentence (`serverMessage`) and the status; no answer at all raises
 * ApiUnreachableError (unless `signal` aborted).
 */
export async function sendJson<T>(
  url: string,
  { method = "GET", body, withSession = false, fetch: fetchFn = fetch, signal }: SendJsonParameters = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetchFn(url, {
      method,
      headers: { accept: "application/json", ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      ...(withSession ? { credentials: "include" as const } : {}),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiUnreachableError(error instanceof Error ? error.message : String(error), { cause: error });
  }
  if (response.status < 200 || response.status > 299) {
    throw new RequestFailedError(response.status, await serverSentence(response));
  }
  return (await response.json()) as T;
}
