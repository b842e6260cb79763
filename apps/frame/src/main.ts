/** The frame page: reads /config.json from this origin, then listens to the embedding app. */
import "./styles.css";
import { loadFrameConfig } from "./config.js";
import { createFrame, createSocialCallbackInbox } from "./frame.js";
import { SOCIAL_CALLBACK_CHANNEL } from "./social-channel.js";

const root = document.getElementById("app");
if (!root) throw new Error("The frame page has no #app element");

loadFrameConfig().then(
  (config) => {
    createFrame({
      config,
      window,
      parent: window.parent,
      storage: window.localStorage,
      fetch: window.fetch.bind(window),
      root,
      socialCallbacks: createSocialCallbackInbox(new BroadcastChannel(SOCIAL_CALLBACK_CHANNEL), location.origin),
    });
  },
  (error: unknown) => {
    // The app notices the missing READY and shows 'Unable to load email login dependency'.
    console.error(error);
  },
);
