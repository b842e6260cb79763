/** The wallet's analytics events in words, as the admin reads them (the stored name stays the wallet's). */
const EVENT_WORDS: Record<string, string> = {
  MODAL_OPEN: "Wallet window opened",
  MODAL_CLOSE: "Wallet window closed",
  CONNECT_SUCCESS: "Wallet connected",
  CONNECT_ERROR: "Connection failed",
  SEND_INITIATED: "Send started",
  SEND_SUCCESS: "Send completed",
  SEND_ERROR: "Send failed",
  SWITCH_NETWORK: "Network switched",
  DISCONNECT_SUCCESS: "Wallet disconnected",
  DISCONNECT_ERROR: "Disconnect failed",
  SIWX_AUTH_SUCCESS: "Signed in",
  SIWX_AUTH_ERROR: "Sign-in failed",
  INVEST_SUCCESS: "Investment made",
  VOTE_SUCCESS: "Vote cast",
};

/** "Wallet connected" for CONNECT_SUCCESS; an event the app does not know reads in sentence case ("Some new event"). */
export function eventWords(event: string): string {
  const known = EVENT_WORDS[event];
  if (known) return known;
  const words = event.toLowerCase().replace(/_+/g, " ").trim();
  return words ? words[0]?.toUpperCase() + words.slice(1) : event;
}
