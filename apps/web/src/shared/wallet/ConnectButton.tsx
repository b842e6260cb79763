// The wallet layer's connect / account button (opens its modal). Re-exported so pages import it from one place.
export { ConnectButton } from "@fundament/wallet/react";
