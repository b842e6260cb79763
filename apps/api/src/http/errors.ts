/** The JSON error body of every failed request: the sdk reads `message`, the SIWX adapter reads `error`. */
export type ErrorBody = { statusCode: number; error: string; message: string };

export function errorBody(statusCode: number, message: string): ErrorBody {
  return { statusCode, error: message, message };
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
