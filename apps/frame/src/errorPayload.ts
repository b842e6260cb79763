import { FRAME_ERRORS, type FrameErrorPayload } from "@fundament/wallet/embedded-protocol";
import { BaseError } from "viem";
import { ApiError } from "./api.js";
import { RpcError } from "./rpc.js";
import { ShareMismatchError } from "./shares.js";

/** The answer's error payload: the spec's texts, codes where there are any, and never a request body or a secret. */
export function errorPayload(error: unknown): FrameErrorPayload {
  if (error instanceof RpcError) return { message: error.message, code: error.code };
  if (error instanceof ApiError) return { message: error.message, code: error.status };
  if (error instanceof ShareMismatchError) return { message: error.message };
  // viem's long messages carry request bodies (a signed transaction, say); the short one does not.
  if (error instanceof BaseError) return { message: error.shortMessage };
  if (error instanceof Error && error.message) return { message: error.message };
  return { message: FRAME_ERRORS.generic };
}
