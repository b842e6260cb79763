/** The social login popup's name and size (spec account state `socialWindow`). */
const SOCIAL_WINDOW_NAME = "fundament-social-login";
const SOCIAL_WINDOW_FEATURES = "popup,width=500,height=720";

/**
 * Opens the social login popup. Call it synchronously in the click handler (a popup opened after an `await` is
 * blocked); it starts blank and is sent to the provider once the frame gave the authorization URL. Undefined when
 * the browser blocked it. (Not `noopener`: the callback page tells the app through `window.opener`.)
 */
export function openSocialWindow(): Window | undefined {
  try {
    return window.open("about:blank", SOCIAL_WINDOW_NAME, SOCIAL_WINDOW_FEATURES) ?? undefined;
  } catch {
    return undefined;
  }
}
