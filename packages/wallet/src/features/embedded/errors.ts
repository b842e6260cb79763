import { messages } from "../../core/messages.js";

/**
 * The text a person reads for an embedded-wallet error: a library error's short message, else the error's own
 * message (the frame's and the API's messages, and the spec texts thrown here, are written for people).
 */
export function embeddedErrorText(error: unknown): string {
  const short = (error as { shortMessage?: unknown } | undefined)?.shortMessage;
  if (typeof short === "string" && short) return short;
  if (error instanceof Error && error.message) return error.message;
  return messages.somethingWentWrong;
}
