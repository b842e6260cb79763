/**
 * The identity provider redirects the popup here (the frame origin). The full URL (code and state) goes to the hidden
 * frame over a same-origin BroadcastChannel, never to the app; the app's window only learns that the redirect is done.
 */
import "./styles.css";
import { loadFrameConfig } from "./config.js";
import { SOCIAL_CALLBACK_CHANNEL, SOCIAL_REDIRECT_DONE } from "./social-channel.js";

const status = document.getElementById("status");
const channel = new BroadcastChannel(SOCIAL_CALLBACK_CHANNEL);
channel.postMessage({ url: location.href });
// The code must not linger in this window's history or address bar.
history.replaceState(null, "", location.pathname);

loadFrameConfig()
  .then((config) => {
    const opener = window.opener as Window | null;
    // A protocol message (type, id, payload) to the app that opened this window, when it still can be reached.
    const message = { type: SOCIAL_REDIRECT_DONE, id: crypto.randomUUID().replace(/-/g, ""), payload: {} };
    if (opener) for (const origin of config.parentOrigins) opener.postMessage(message, origin);
  })
  .catch((error: unknown) => console.error(error))
  .finally(() => {
    channel.close();
    if (status) status.textContent = "Signed in. You can close this window.";
    window.close();
  });
