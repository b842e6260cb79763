import { type MessageKey, messages } from "./messages.js";

export type BaseErrorParameters = {
  cause?: unknown;
  details?: string | undefined;
  metaMessages?: string[] | undefined;
};

/** The base of every error thrown by the wallet layer (viem style: `shortMessage` is what a person reads). */
export class BaseError extends Error {
  override name = "WalletBaseError";
  readonly shortMessage: string;
  readonly details: string | undefined;

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const details = parameters.details;
    super([shortMessage, ...(parameters.metaMessages ?? []), ...(details ? [`Details: ${details}`] : [])].join("\n"), {
      cause: parameters.cause,
    });
    this.shortMessage = shortMessage;
    this.details = details;
  }
}

/** An error whose short message is one of the spec's catalogue texts. */
export class CatalogueError extends BaseError {
  override name = "CatalogueError";
  readonly key: MessageKey;
  constructor(key: MessageKey, parameters: BaseErrorParameters = {}) {
    super(messages[key], parameters);
    this.key = key;
  }
}

export class SiwxNotEnabledError extends BaseError {
  override name = "SiwxNotEnabledError";
  constructor() {
    super(messages.siwxNotEnabled);
  }
}

export class NoActiveCaipAddressError extends BaseError {
  override name = "NoActiveCaipAddressError";
  constructor() {
    super(messages.noActiveCaipAddress);
  }
}

export class SignatureDeclinedError extends BaseError {
  override name = "SignatureDeclinedError";
  constructor(parameters: BaseErrorParameters & { smartAccount?: boolean } = {}) {
    super(parameters.smartAccount ? messages.smartAccountSignatureDeclined : messages.signatureDeclined, parameters);
  }
}

export class SendValidationError extends BaseError {
  override name = "SendValidationError";
  readonly field: string | undefined;
  constructor(shortMessage: string, parameters: BaseErrorParameters & { field?: string } = {}) {
    super(shortMessage, parameters);
    this.field = parameters.field;
  }
}

export class UnsupportedChainError extends BaseError {
  override name = "UnsupportedChainError";
  constructor(parameters: BaseErrorParameters = {}) {
    super(messages.unsupportedChain, parameters);
  }
}

export class BalanceCooldownError extends BaseError {
  override name = "BalanceCooldownError";
  readonly retryInMs: number;
  constructor(retryInMs: number) {
    super(messages.tokenBalanceUnavailable, { details: `retry in ${Math.ceil(retryInMs / 1000)} s` });
    this.retryInMs = retryInMs;
  }
}

export class ApiError extends BaseError {
  override name = "ApiError";
  readonly status: number;
  constructor(shortMessage: string, parameters: BaseErrorParameters & { status: number }) {
    super(shortMessage, parameters);
    this.status = parameters.status;
  }
}

/** True when an error (or its cause chain) is an EIP-1193 user rejection (code 4001). */
export function isUserRejection(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++) {
    const e = current as { code?: unknown; name?: unknown; cause?: unknown };
    if (e.code === 4001 || e.name === "UserRejectedRequestError") return true;
    current = e.cause;
  }
  return false;
}

/** The errors of an error's cause chain, outermost first (at most 8). */
function causeChain(
  error: unknown,
): { message?: unknown; shortMessage?: unknown; details?: unknown; name?: unknown }[] {
  const chain = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++) {
    const e = current as {
      message?: unknown;
      shortMessage?: unknown;
      details?: unknown;
      name?: unknown;
      cause?: unknown;
    };
    chain.push(e);
    current = e.cause;
  }
  return chain;
}

/**
 * True when an error (or its cause chain) says the account cannot pay for the transaction: the node's "insufficient
 * funds for gas * price + value", or viem's "… exceeds the balance of the account." (as the embedded wallet's frame
 * answers it).
 */
export function isInsufficientFunds(error: unknown): boolean {
  const pattern = /insufficient funds|exceeds the balance of the account/i;
  return causeChain(error).some((e) =>
    [e.shortMessage, e.message, e.details].some((text) => typeof text === "string" && pattern.test(text)),
  );
}

/**
 * The message of the embedded wallet's error in an error's cause chain (its frame's texts are written for people),
 * when a library wrapped it in its own words ("An internal error was received."); undefined when there is none.
 */
/** A person's sentence for a server that gave no answer (down, unreachable, too slow). */
export const SERVER_UNREACHABLE = "The server did not answer. Check your connection and try again.";

/** Texts of a request that got no answer: a fetch that failed or timed out, in any browser's or Node's words. */
const NO_ANSWER =
  /^(signal timed out|failed to fetch|fetch failed|load failed|networkerror when attempting to fetch resource\.?|the operation timed out\.?)$|ECONNREFUSED|ECONNRESET/i;

/** Whether an error (or one of its causes) is a request that got no answer (not an answer that said no). */
export function isNoAnswer(error: unknown): boolean {
  return causeChain(error).some(
    (e) => e.name === "TimeoutError" || (typeof e.message === "string" && NO_ANSWER.test(e.message.trim())),
  );
}

export function embeddedWalletMessage(error: unknown): string | undefined {
  const found = causeChain(error).find((e) => e.name === "EmbeddedRpcError" || e.name === "FrameError");
  return typeof found?.message === "string" && found.message ? found.message : undefined;
}
