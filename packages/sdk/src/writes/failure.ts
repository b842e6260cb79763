import { type FundErrorContext, failureKind, toUserMessage } from "../errors.js";
import type { WriteResult } from "./types.js";

/** The failed result of an action: no hash, not successful, the user-facing message of `error` and its kind. */
export function failure(error: unknown, context: FundErrorContext = {}): WriteResult {
  return { hash: null, success: false, message: toUserMessage(error, context), kind: failureKind(error) };
}
