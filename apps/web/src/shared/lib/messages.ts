/** The app's own user-facing texts that several features share (the spec's are in @fundament/sdk's `messages`). */
export const NOT_CONNECTED = "Connect a wallet first.";

/** Before a transaction on the wrong chain. */
export const switchNetworkFirst = (chainName: string) => `Switch your wallet to ${chainName} first.`;
