// The SDK's error classes, apart from the error-to-message mapping in errors.ts: modules that only throw
// (deployment and chain parsing, amounts) do not pull viem's error classes into the app's first bundle.
import { errorMessages } from "./messages.js";

/** Base of every error the SDK throws: `shortMessage` is the text a person sees. */
export class FundamentError extends Error {
  override name = "FundamentError";
  readonly shortMessage: string;
  constructor(shortMessage: string, options?: { cause?: unknown }) {
    super(shortMessage, options);
    this.shortMessage = shortMessage;
  }
}

/** A non-200 answer from the Fundament API (spec section 7: 'Request failed' with message and status). */
export class RequestFailedError extends FundamentError {
  override name = "RequestFailedError";
  readonly status: number;
  readonly serverMessage: string | undefined;
  constructor(status: number, serverMessage?: string) {
    super(
      serverMessage
        ? `${errorMessages.requestFailed}: ${serverMessage}`
        : `${errorMessages.requestFailed} (HTTP ${status})`,
    );
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/** What a person reads when the Fundament API could not be reached (no answer, a dropped connection, a timeout). */
export const API_UNREACHABLE =
  "The fund's server could not be reached, so these figures cannot be shown right now. Check your connection and try again.";

/**
 * The Fundament API gave no answer at all (the network failed, the server is down, the request timed out).
 * `shortMessage` is a plain sentence for a person; `message` keeps the technical text (`logMessage`, e.g. the
 * spec's 'Failed to fetch futures performance: fetch failed') for logs.
 */
export class ApiUnreachableError extends FundamentError {
  override name = "ApiUnreachableError";
  constructor(logMessage: string, options?: { cause?: unknown }) {
    super(API_UNREACHABLE, options);
    this.message = logMessage;
  }
}

/** A receipt without the expected event (spec section 8: 'Event not fount', spelled as shown). */
export class EventNotFoundError extends FundamentError {
  override name = "EventNotFoundError";
  constructor() {
    super(errorMessages.eventNotFound);
  }
}
