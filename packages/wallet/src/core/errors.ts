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
