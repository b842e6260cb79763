/** The logins: email (with the device-approval link and the code), a social account, and Farcaster. */
import { FRAME_ERRORS, RPC_ERROR_CODES } from "@fundament/wallet/embedded-protocol";
import type { FrameContext } from "../frameContext.js";
import { finishLogin, restoreSessionInteractive } from "../keyLifecycle.js";
import { RpcError } from "../rpc.js";
import { SOCIAL_CALLBACK_PATH } from "../socialCallbackInbox.js";
import type { RequestInput, RequestResult } from "./types.js";

export const DEVICE_NOT_APPROVED = "DEVICE_NOT_APPROVED";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A code by email (VERIFY_OTP), an approval link first on a new device (VERIFY_DEVICE), or CONNECT for a live session. */
export async function connectEmail(
  frame: FrameContext,
  { email }: RequestInput["CONNECT_EMAIL"],
): RequestResult<"CONNECT_EMAIL"> {
  const session = frame.storage.session();
  if (session && session.email === email && (await restoreSessionInteractive(frame))) return { action: "CONNECT" };
  frame.state.pendingEmail = email;
  return frame.api.emailConnect(email, frame.deviceId);
}

/** Waits for the device-approval link to be opened; gives up after `deviceGiveUpMs` (the app asks again). */
export async function connectDevice(frame: FrameContext): RequestResult<"CONNECT_DEVICE"> {
  const { timing } = frame;
  const email = frame.state.pendingEmail;
  if (!email) throw new Error("Enter your email first");
  const giveUpAt = Date.now() + timing.deviceGiveUpMs;
  for (;;) {
    const { approved } = await frame.api.deviceStatus(email, frame.deviceId);
    // Approved: the app asks CONNECT_EMAIL again, which now mails the code (VERIFY_OTP).
    if (approved) return {};
    if (Date.now() + timing.devicePollMs > giveUpAt) {
      throw new RpcError(
        DEVICE_NOT_APPROVED,
        "This device is not approved yet. Open the link in the email we sent you.",
      );
    }
    await sleep(timing.devicePollMs);
  }
}

export async function connectOtp(
  frame: FrameContext,
  { otp }: RequestInput["CONNECT_OTP"],
): RequestResult<"CONNECT_OTP"> {
  const email = frame.state.pendingEmail;
  if (!email) throw new Error("Enter your email first");
  await finishLogin(frame, await frame.api.emailVerify(email, frame.deviceId, otp));
  return {};
}

/** The provider's authorization URL; the provider comes back to this origin's callback page. */
export async function getSocialRedirectUri(
  frame: FrameContext,
  { provider }: RequestInput["GET_SOCIAL_REDIRECT_URI"],
): RequestResult<"GET_SOCIAL_REDIRECT_URI"> {
  frame.socialCallbacks.reset();
  const redirectUri = `${frame.window.location.origin}${SOCIAL_CALLBACK_PATH}`;
  return frame.api.socialStart(provider, frame.deviceId, redirectUri);
}

/** Finishes the social login with the callback page's URL, which never leaves the frame origin. */
export async function connectSocial(frame: FrameContext): RequestResult<"CONNECT_SOCIAL"> {
  const callbackUrl = await frame.socialCallbacks.next();
  const result = await frame.api.socialFinish(callbackUrl, frame.deviceId);
  await finishLogin(frame, result);
  return {
    ...(result.user.userName ? { userName: result.user.userName } : {}),
    ...(result.user.email ? { email: result.user.email } : {}),
  };
}

export async function getFarcasterUri(frame: FrameContext): RequestResult<"GET_FARCASTER_URI"> {
  const { url, channelToken } = await frame.api.farcasterChannel(frame.deviceId);
  frame.state.farcasterChannel = channelToken;
  return { url };
}

/** Waits for the Farcaster app's approval; a newer GET_FARCASTER_URI aborts this wait. */
export async function connectFarcaster(frame: FrameContext): RequestResult<"CONNECT_FARCASTER"> {
  const { state, timing } = frame;
  const channelToken = state.farcasterChannel;
  if (!channelToken) throw new Error("Start the Farcaster login first");
  const giveUpAt = Date.now() + timing.farcasterGiveUpMs;
  for (;;) {
    if (state.farcasterChannel !== channelToken) throw new RpcError(RPC_ERROR_CODES.userRejected, FRAME_ERRORS.aborted);
    const status = await frame.api.farcasterStatus(channelToken, frame.deviceId);
    if (status.state === "completed") {
      state.farcasterChannel = undefined;
      await finishLogin(frame, status);
      return status.user.userName ? { userName: status.user.userName } : {};
    }
    if (Date.now() > giveUpAt) throw new Error("The Farcaster request expired. Start again.");
    await sleep(timing.farcasterPollMs);
  }
}
