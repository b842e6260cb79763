import {
  BaseError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  encodeErrorResult,
  HttpRequestError,
  TransactionExecutionError,
  UserRejectedRequestError,
} from "viem";
import { describe, expect, it } from "vitest";
import { investmentFundAbi, mockUsdcAbi } from "./abi/index.js";
import { describeFundError, EventNotFoundError, RequestFailedError, revertOf, toUserMessage } from "./errors.js";
import { errorMessages, resultMessages } from "./messages.js";

const reverted = (errorName: string, args: readonly unknown[] = []) => {
  const abi = [...investmentFundAbi, ...mockUsdcAbi];
  const data = encodeErrorResult({ abi, errorName, args } as never);
  const cause = new ContractFunctionRevertedError({ abi, data, functionName: "invest" });
  return new ContractFunctionExecutionError(cause, { abi, functionName: "invest", args: [1n] });
};

describe("the spec's catalogue, verbatim (section 8)", () => {
  it("has every user-facing error text", () => {
    expect(errorMessages).toMatchObject({
      userRejected: "User rejected the transaction.",
      executionFailed: "Transaction execution failed.",
      contractCallFailed: "Contract call failed.",
      rpcFailed: "Blockchain RPC request failed.",
      unexpected: "An unexpected error occurred.",
      unknown: "Unknown error.",
      eventNotFound: "Event not fount",
      futuresPerformanceFailed: "Failed to fetch futures performance: ",
      nftPerformanceFailed: "Failed to fetch NFT lending performance: ",
    });
    expect(new EventNotFoundError().shortMessage).toBe("Event not fount");
  });

  it("has every result message", () => {
    expect(Object.values(resultMessages)).toEqual([
      "Trading wallet added successfully.",
      "Trading wallet removed successfully.",
      "Admin wallet added successfully.",
      "Admin wallet removed successfully.",
      "Wallet whitelisted successfully.",
      "Wallet removed from whitelist.",
      "Proposal transaction submitted",
      "Voting transaction submitted",
      "Approval transaction failed!",
      "Investment transaction submitted successfully!",
    ]);
  });
});

describe("toUserMessage", () => {
  const rpc = new HttpRequestError({ url: "http://127.0.0.1:8545", status: 502, details: "Bad Gateway" });
  it.each<[string, unknown, string]>([
    ["a non-object", "boom", "Unknown error."],
    ["undefined", undefined, "Unknown error."],
    ["a wallet rejection", new UserRejectedRequestError(new Error("User denied")), "User rejected the transaction."],
    [
      "an EIP-1193 4001 object",
      { code: 4001, message: "User rejected the request." },
      "User rejected the transaction.",
    ],
    [
      "a nested rejection",
      new TransactionExecutionError(new UserRejectedRequestError(new Error("denied")) as never, {} as never),
      "User rejected the transaction.",
    ],
    [
      "a transaction execution failure",
      new TransactionExecutionError(new BaseError("nonce too low"), {} as never),
      "Transaction execution failed.",
    ],
    [
      "a contract call failure",
      new ContractFunctionExecutionError(new BaseError("no data"), {
        abi: investmentFundAbi,
        functionName: "invest",
        args: [1n],
      }),
      "Contract call failed.",
    ],
    ["an RPC failure", rpc, "Blockchain RPC request failed."],
    [
      "a contract call that failed because the RPC could not be reached",
      new ContractFunctionExecutionError(rpc, { abi: investmentFundAbi, functionName: "invest", args: [1n] }),
      "Blockchain RPC request failed.",
    ],
    ["an error with a nested detail", { details: "insufficient funds for gas" }, "insufficient funds for gas"],
    ["an error with a short message", { shortMessage: "Chain mismatch" }, "Chain mismatch"],
    ["an empty object", {}, "An unexpected error occurred."],
    [
      "a decoded fund error",
      reverted("AlreadyVoted", [1n, "0x0000000000000000000000000000000000000001"]),
      "You have already voted on this proposal.",
    ],
    [
      "a decoded token error",
      reverted("ERC20InsufficientBalance", ["0x0000000000000000000000000000000000000001", 1n, 2n]),
      "Your token balance is too low for that amount.",
    ],
    ["a request failure", new RequestFailedError(503, "database unavailable"), "Request failed: database unavailable"],
  ])("%s", (_case, error, message) => {
    expect(toUserMessage(error)).toBe(message);
  });

  it("shows amounts of a revert in whole tokens when it knows the token", () => {
    expect(
      toUserMessage(reverted("BelowMinimumInvestment", [5n, 100_000_000n]), { decimals: 6, symbol: "mUSDC" }),
    ).toBe("The minimum investment is 100 mUSDC.");
    expect(revertOf(reverted("PoolLocked", [2n]))).toEqual({ errorName: "PoolLocked", args: [2n] });
  });

  it.each<[string, readonly unknown[], string]>([
    [
      "LossNotConfirmed",
      [5_000_000_000n, 4_000_000_000n],
      "The returned amount (4000 mUSDC) is below the pool's principal (5000 mUSDC): settling it is a loss for the investors. Confirm the loss to settle.",
    ],
    [
      "NotALoss",
      [5_000_000_000n, 5_000_000_000n],
      "The returned amount (5000 mUSDC) is not below the pool's principal (5000 mUSDC): settle it normally, not as a loss.",
    ],
    ["UnwithdrawnPosition", [3n], "Your payout from pool 3 of this vault is settled and waiting: withdraw it first."],
    ["PoolLocked", [3n], "This vault's pool is locked until its lockup period ends: its funds are with the traders."],
    ["VaultNotFound", [7n], "There is no vault 7."],
    [
      "DefaultAdminProtected",
      ["0x0000000000000000000000000000000000000001"],
      "The admin role of the fund's default admin cannot be removed.",
    ],
    ["NoFundFees", [], "There are no fund fees to claim."],
    ["FutureLookup", [12n, 10n], "Block 12 has not ended yet: voting power is known for past blocks only."],
  ])("words the vault-era error %s", (errorName, args, message) => {
    expect(toUserMessage(reverted(errorName, args), { decimals: 6, symbol: "mUSDC" })).toBe(message);
  });

  it("has plain words for every custom error the fund or its token can revert with", () => {
    const names = [...investmentFundAbi, ...mockUsdcAbi]
      .filter((item) => item.type === "error")
      .map((item) => item.name);
    const missing = names.filter((name) => describeFundError(name, [0n, 0n]) === undefined);
    expect(missing).toEqual([]);
  });
});
