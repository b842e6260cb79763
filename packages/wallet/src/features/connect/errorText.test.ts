import { InsufficientFundsError, InternalRpcError, TransactionExecutionError, UserRejectedRequestError } from "viem";
import { describe, expect, it } from "vitest";
import { SERVER_UNREACHABLE } from "../../core/errors.js";
import { messages } from "../../core/messages.js";
import { errorText } from "./errors.js";

/** An error of the embedded wallet's provider (the frame's text and code), as `createEmbeddedProvider` throws it. */
function embeddedError(message: string, code: number) {
  return Object.assign(new Error(message), { name: "EmbeddedRpcError", code });
}

describe("errorText", () => {
  it("says 'Insufficient funds for gas' when the node or the embedded wallet's frame could not take the fee", () => {
    expect(errorText(new InsufficientFundsError())).toBe(messages.insufficientGas);
    // The frame answers in viem's words; viem wraps the provider's error as 'An internal error was received.'.
    const frame = embeddedError(new InsufficientFundsError().shortMessage, -32603);
    expect(errorText(new InternalRpcError(frame))).toBe(messages.insufficientGas);
  });

  it("gives the embedded wallet's own words where viem wrapped them in its own", () => {
    const frame = embeddedError("The request could not be read: execution reverted", -32603);
    const wrapped = new TransactionExecutionError(new InternalRpcError(frame), {} as never);
    expect(wrapped.shortMessage).toBe("An internal error was received.");
    expect(errorText(wrapped)).toBe("The request could not be read: execution reverted");
  });

  it("says in one plain sentence that the server did not answer (a timeout, a refused connection), also from the frame", () => {
    expect(errorText(new DOMException("signal timed out", "TimeoutError"))).toBe(SERVER_UNREACHABLE);
    expect(errorText(new TypeError("Failed to fetch"))).toBe(SERVER_UNREACHABLE);
    expect(errorText(new Error("request failed", { cause: new TypeError("fetch failed") }))).toBe(SERVER_UNREACHABLE);
    // The frame relays its own fetch's words: "signal timed out" as the email login showed it.
    expect(errorText(embeddedError("signal timed out", -32603))).toBe(SERVER_UNREACHABLE);
    // An answer that said no is not an outage.
    expect(errorText(embeddedError("That code is not right. Try again.", -32000))).toBe(
      "That code is not right. Try again.",
    );
  });

  it("keeps a wallet's rejection and other short messages as they are", () => {
    expect(errorText(new UserRejectedRequestError(new Error("no")))).toBe("User rejected the request.");
    expect(errorText(new Error("raw"))).toBe(messages.somethingWentWrong);
  });
});
