/** The JSON error body of every failed request: the sdk reads `message`, the SIWX adapter reads `error`. */
export type ErrorBody = { statusCode: number; error: string; message: string };

export function errorBody(statusCode: number, message: string): ErrorBody {
  return { statusCode, error: message, message };
}

/** An error body with the wallet's `reasons` (the names and identity routes): the wallet shows the first description. */
export type ErrorBodyWithReasons = ErrorBody & { reasons: { description: string }[] };

/** Adds `reasons: [{ description: message }]` to an error body (other fields unchanged). */
export function withReasons(body: ErrorBody): ErrorBodyWithReasons {
  return { ...body, reasons: [{ description: body.message }] };
}

/** An error whose message is safe to show as is, with its HTTP status. */
export class HttpError extends Error {
  override name = "HttpError";
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** Marks of text that must never reach a response: markup, JSON bodies, stack frames, paths, SQL, credentials. */
const INTERNAL_MARKS: RegExp[] = [
  /[<>{}]/, // an HTML page or a JSON body from upstream
  /[\r\n]/, // a multi-line dump
  /\bat \S+ \(|\.(?:ts|js|mjs|cjs)\b(?::\d+)?/, // a stack frame or a source file
  /(?:^|[\s(])\/(?:[\w.-]+\/)+[\w.-]+/, // a file path
  /https?:\/\/\S*\?/, // a URL with its query (signatures, keys)
  // a credential's value (its name alone, e.g. "check BYBIT_API_KEY", is fine)
  /(?:api[_-]?key|secret|signature|sign|password|token)\s*[=:]|x-bapi-[a-z-]+\s*[:=]|bearer\s+\S/i,
  /failed query|\bselect\b.+\bfrom\b|\binsert into\b|\bupdate\b.+\bset\b|\bdelete from\b/i,
  /\brelation "|\bviolates\b|duplicate key|syntax error at or near|\bSQLSTATE\b|column "/i,
];

/** Whether a text is safe to show: a plain sentence of at most 500 characters without internal detail. */
export function isPublicText(text: string): boolean {
  return text.length <= 500 && !INTERNAL_MARKS.some((mark) => mark.test(text));
}

/**
 * A stored failure as the public may see it (defence in depth: the sync jobs already store plain sentences).
 * A text with internal detail is replaced by its leading "… at <ISO time>" when it has one, plus a pointer
 * to the log.
 */
export function publicError(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  if (isPublicText(text)) return text;
  const lead = /^[A-Za-z][A-Za-z ,'-]{0,120} at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/.exec(text)?.[0];
  return `${lead ?? "The last run failed"}; the details are in the server log`;
}

/** The message a 4xx answer carries: ours (HttpError) or Fastify's own, else a fixed text for its status. */
export function clientErrorMessage(error: { message: string; code?: string | undefined }, status: number): string {
  if (error instanceof HttpError) return error.message;
  if (error.code?.startsWith("FST_") && isPublicText(error.message)) return error.message;
  if (error instanceof SyntaxError) return "The body is not valid JSON";
  if (status === 413) return "The request body is too large";
  if (status === 415) return "The content type is not supported";
  return "The request is not valid";
}
