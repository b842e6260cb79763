import type { Connector } from "wagmi";
import {
  BaseError,
  embeddedWalletMessage,
  isInsufficientFunds,
  isNoAnswer,
  SERVER_UNREACHABLE,
} from "../../core/errors.js";
import { messages } from "../../core/messages.js";

/** Shown when the user refuses a connection in the wallet. */
export const CONNECTION_DECLINED = "Connection declined";
/** Shown when the user refuses a network switch in the wallet. */
export const SWITCH_DECLINED = "Network switch declined";

/** The Connecting* view of a wagmi connector. */
export function connectorView(connector: Pick<Connector, "id" | "type">) {
  return connector.type === "walletConnect" ? "ConnectingWalletConnect" : "ConnectingExternal";
}

/** Turns any error into the text a person reads. */
export function errorText(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage;
  // The node (or the embedded wallet's frame, in viem's words) could not take the fee and the value.
  if (isInsufficientFunds(error)) return messages.insufficientGas;
  // No answer from a server (the API, the frame's API calls): one plain sentence, not "signal timed out".
  if (isNoAnswer(error)) return SERVER_UNREACHABLE;
  // The embedded frame's errors are written for people (spec §8 texts, the API's messages), also when viem wrapped
  // them in its own words ("An internal error was received.").
  const embedded = embeddedWalletMessage(error);
  if (embedded) return embedded;
  const short = (error as { shortMessage?: unknown })?.shortMessage;
  if (typeof short === "string") return short;
  return messages.somethingWentWrong;
}
