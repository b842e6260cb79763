import { BaseError } from "../../core/errors.js";
import { messages } from "../../core/messages.js";

/** Plain texts of the bitcoin family (the spec's where it has one). */
export const bitcoinMessages = {
  balanceUnavailable: messages.tokenBalanceUnavailable,
  signatureDeclined: messages.signatureDeclined,
  signFailed: "The message could not be signed. Please try again.",
  sendFailed: messages.solanaSendFailed,
  sendUnsupported: "This wallet cannot send bitcoin from here.",
  noPaymentAddress: "The wallet did not share a bitcoin payment address.",
  walletNotFound: "This bitcoin wallet is no longer available. Reload the page and try again.",
  notConnected: "No bitcoin wallet is connected.",
  invalidReceiver: "Enter a bitcoin address of this network",
  amountExceedsBalance: "Amount exceeds your balance",
  emptyMessage: "Enter a message to sign",
} as const;

/** An error of the bitcoin family: `shortMessage` is a plain sentence the modal shows as is. */
export class BitcoinError extends BaseError {
  override name = "BitcoinError";
  constructor(shortMessage: string, options?: { cause?: unknown }) {
    super(shortMessage, { cause: options?.cause });
  }
}
