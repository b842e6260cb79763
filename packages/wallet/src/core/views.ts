/** The modal's internal views (spec section 2, plus the account features). */
export const VIEWS = [
  "Connect",
  "Account",
  "AllWallets",
  "ConnectingExternal",
  "ConnectingWalletConnect",
  "ConnectingWalletConnectBasic",
  "ConnectingSiwe",
  "SIWXSignMessage",
  "ApproveTransaction",
  "UnsupportedChain",
  "Networks",
  "Send",
  "Receive",
  "Buy",
  "Transactions",
  "Swap",
  "SwapPreview",
  "RegisterAccountName",
  "RegisterAccountNameSuccess",
  // Embedded wallet (email, social, Farcaster): the login steps, the visible secure frame, the email update.
  "EmailVerifyOtp",
  "EmailVerifyDevice",
  "ConnectingSocial",
  "ConnectingFarcaster",
  "EmbeddedFrame",
  "UpdateEmail",
  "UpdateEmailPrimaryOtp",
  "UpdateEmailSecondaryOtp",
] as const;
export type View = (typeof VIEWS)[number];

/** Data a view can be opened with. */
export type ViewData = {
  /** The connector the Connecting* views connect with. */
  connectorId?: string | undefined;
  /** The directory wallet (for install / deep links). */
  walletId?: string | undefined;
  [key: string]: unknown;
};

export function isView(value: unknown): value is View {
  return typeof value === "string" && (VIEWS as readonly string[]).includes(value);
}
