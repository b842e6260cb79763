/** Changing the account's email: a code to the current address, then one to the new address (spec §4). */
import type { FrameContext } from "../frameContext.js";
import { authed } from "../keyLifecycle.js";
import type { RequestInput, RequestResult } from "./types.js";

export function updateEmail(
  frame: FrameContext,
  { email }: RequestInput["UPDATE_EMAIL"],
): RequestResult<"UPDATE_EMAIL"> {
  return authed(frame, () => frame.api.updateEmail(email));
}

export function updateEmailPrimaryOtp(
  frame: FrameContext,
  { otp }: RequestInput["UPDATE_EMAIL_PRIMARY_OTP"],
): RequestResult<"UPDATE_EMAIL_PRIMARY_OTP"> {
  return authed(frame, () => frame.api.updateEmailPrimary(otp));
}

/** The new address is confirmed: the stored session and the open wallet's user take it. */
export async function updateEmailSecondaryOtp(
  frame: FrameContext,
  { otp }: RequestInput["UPDATE_EMAIL_SECONDARY_OTP"],
): RequestResult<"UPDATE_EMAIL_SECONDARY_OTP"> {
  const result = await authed(frame, () => frame.api.updateEmailSecondary(otp));
  const session = frame.storage.session();
  if (session) frame.storage.setSession({ ...session, email: result.email.toLowerCase() });
  const { user } = frame.state;
  if (user) frame.state.user = { ...user, email: result.email };
  return result;
}
