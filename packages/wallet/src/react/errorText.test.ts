import { InsufficientFundsError, InternalRpcError, TransactionExecutionError, UserRejectedRequestError } from "viem";
import { describe, expect, it } from "vitest";
import { messages } from "../core/messages.js";
import { errorText } from "./createWalletRuntime.js";

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

  it("keeps a wallet's rejection and other short messages as they are", () => {
    expect(errorText(new UserRejectedRequestError(new Error("no")))).toBe("User rejected the request.");
    expect(errorText(new Error("raw"))).toBe(messages.somethingWentWrong);
  });
});
