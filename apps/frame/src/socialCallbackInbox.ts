/**
 * The social login's way back into the hidden frame: the provider redirects the popup to SOCIAL_CALLBACK_PATH on the
 * frame origin, and that page hands its URL (which holds the code) over a same-origin BroadcastChannel.
 */

export const SOCIAL_CALLBACK_PATH = "/social-callback.html";

/** Where the social callback page's URL arrives (a BroadcastChannel on the frame origin, see social-callback.ts). */
export type SocialCallbackInbox = {
  reset(): void;
  next(): Promise<string>;
  /** Called whenever the callback page handed over a URL (the app is told the redirect is done). */
  onArrival?(listener: () => void): void;
};

/** Collects the social callback page's URL from the BroadcastChannel (same origin only: the URL holds the code). */
export function createSocialCallbackInbox(channel: EventTarget, origin: string): SocialCallbackInbox {
  let latest: string | undefined;
  let waiting: ((url: string) => void) | undefined;
  const listeners: Array<() => void> = [];
  channel.addEventListener("message", (event) => {
    const url: unknown = (event as MessageEvent).data?.url;
    if (typeof url !== "string" || !url.startsWith(`${origin}${SOCIAL_CALLBACK_PATH}`)) return;
    for (const listener of listeners) listener();
    if (waiting) {
      waiting(url);
      waiting = undefined;
    } else {
      latest = url;
    }
  });
  return {
    onArrival(listener) {
      listeners.push(listener);
    },
    reset() {
      latest = undefined;
    },
    next() {
      if (latest) {
        const url = latest;
        latest = undefined;
        return Promise.resolve(url);
      }
      return new Promise((resolve) => {
        waiting = resolve;
      });
    },
  };
}
