/** What the sign-in prompt says about why it asks, when the app gives no reason of its own. */
export const DEFAULT_SIWX_REASON =
  "Signing proves to this app's server that this address is yours and starts a 24-hour session for the features that need it. Cancel, and everything else works as before.";

/** Said once when the app's server cannot be reached to check or start a session: no prompt follows. */
export const SIWX_UNAVAILABLE =
  "Sign-in is unavailable: the app's server cannot be reached. Everything that does not need a session works; try again later.";
