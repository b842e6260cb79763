/**
 * The frame's side of the window-message protocol (`@fundament/wallet/embedded-protocol`): logins through the API,
 * the key from its shares, and every signing request shown for approval first. The key lives in the frame's state
 * only (see keyLifecycle.ts).
 *
 * `createFrame` holds the state and the wiring; each step is a named function beside it: the request handlers in
 * `requests/` (one per request name, the payload read once in `requests/parse.ts`), the key lifecycle in
 * `keyLifecycle.ts`, the approval queue in `approvalQueue.ts`.
 */
import { APP_EVENT_PREFIX, FRAME_EVENT_PREFIX, isProtocolMessage } from "@fundament/wallet/embedded-protocol";
import { errorPayload } from "./errorPayload.js";
import { createFrameContext, type FrameContext, type FrameOptions, notify, post } from "./frameContext.js";
import { handleRequest, isRequestName } from "./requests/index.js";

export { errorPayload } from "./errorPayload.js";
export type { FrameOptions, FrameTiming } from "./frameContext.js";
export {
  DEVICE_NOT_APPROVED,
  NOT_A_SESSION_ID,
  REVOKE_CURRENT_SESSION,
  revokeSessionMessage,
  SESSION_NOT_FOUND,
} from "./requests/index.js";
export { createSocialCallbackInbox, SOCIAL_CALLBACK_PATH, type SocialCallbackInbox } from "./socialCallbackInbox.js";

export const FRAME_VERSION = "1";

/** One message from the window: only the embedding app's requests are answered, each to the origin that asked. */
function onMessage(frame: FrameContext, event: MessageEvent) {
  // Both checks: the origin says who sent it, the source that it is the window embedding this frame.
  const source: unknown = event.source;
  if (source !== frame.parent || !frame.config.parentOrigins.includes(event.origin)) return;
  const data: unknown = event.data;
  if (!isProtocolMessage(data, APP_EVENT_PREFIX)) return;
  const name = data.type.slice(APP_EVENT_PREFIX.length);
  if (!isRequestName(name)) return;
  frame.state.appOrigin = event.origin;
  const origin = event.origin;
  handleRequest(frame, name, data.payload, { origin, id: data.id }).then(
    (result) =>
      post(frame, origin, { type: `${FRAME_EVENT_PREFIX}${name}_SUCCESS`, id: data.id, payload: result ?? null }),
    (error: unknown) =>
      post(frame, origin, { type: `${FRAME_EVENT_PREFIX}${name}_ERROR`, id: data.id, payload: errorPayload(error) }),
  );
}

export function createFrame(options: FrameOptions) {
  const frame = createFrameContext(options);
  const listener = (event: MessageEvent) => onMessage(frame, event);
  options.window.addEventListener("message", listener);
  // The app learns from the frame itself that the popup came back: the popup's own word may never arrive (an identity
  // provider's Cross-Origin-Opener-Policy severs `window.opener`).
  options.socialCallbacks.onArrival?.(() => notify(frame, "SOCIAL_REDIRECT_DONE", {}));

  notify(frame, "READY", { version: FRAME_VERSION });

  return {
    close() {
      options.window.removeEventListener("message", listener);
    },
  };
}
