import {
  BaseError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  encodeErrorResult,
  HttpRequestError,
  InvalidAddressError,
  RpcRequestError,
  TransactionExecutionError,
  UserRejectedRequestError,
} from "viem";
import { describe, expect, it } from "vitest";
import { fundGovernorAbi, fundPaymasterAbi, investmentFundAbi, mockUsdcAbi } from "./abi/index.js";
import {
  describeFundError,
  type ErrorCatalogue,
  EventNotFoundError,
  FundamentError,
  failureKind,
  fundErrorTexts,
  fundWithTokenErrorsAbi,
  RequestFailedError,
  revertOf,
  toUserMessage,
} from "./errors.js";
import { errorMessages, resultMessages } from "./messages.js";
import { paymasterRefusalTexts } from "./smartAccount/describeSmartAccountError.js";

const reverted = (errorName: string, args: readonly unknown[] = []) => {
  // A revert of the fund, its governor (proposals and votes) or its token.
  const abi = [...investmentFundAbi, ...fundGovernorAbi, ...mockUsdcAbi];
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
    expect(revertOf(reverted("PoolLocked", [2n]))).toMatchObject({ errorName: "PoolLocked", args: [2n] });
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

  it("has plain words for exactly the custom errors the fund or its token can revert with", () => {
    const names = new Set(fundWithTokenErrorsAbi.filter((item) => item.type === "error").map((item) => item.name));
    expect(Object.keys(fundErrorTexts).sort()).toEqual([...names].sort());
    const paymasterNames = fundPaymasterAbi.filter((item) => item.type === "error").map((item) => item.name);
    expect(Object.keys(paymasterRefusalTexts).sort()).toEqual(paymasterNames.sort());
  });

  // The texts that name a limit read it from src/fundLimits.ts (checked against the contract in
  // test/fundLimits.test.ts) or from the error's arguments: the words are the same as when the numbers were typed in.
  it.each<[string, readonly unknown[], string]>([
    ["InvalidVaultName", [], "Enter a vault name of 1 to 31 characters."],
    ["InvalidWalletType", [], "Enter a wallet type of 1 to 31 characters."],
    ["InvalidAllocation", [10_001n], "Enter an allocation between 1 and 10,000 basis points."],
    ["AllocationExceedsLimit", [10_500n], "Allocations would exceed 100% (10,000 basis points)."],
    [
      "AllocationIncomplete",
      [3_333n],
      "Trading wallet allocations must add up to 100% before the lockup starts (now 33.33%).",
    ],
    [
      "AllocationIncomplete",
      [6_000n],
      "Trading wallet allocations must add up to 100% before the lockup starts (now 60%).",
    ],
    ["TooManyTradingWallets", [], "A vault can have at most 10 trading wallets."],
    ["DescriptionTooLong", [2_001n], "The proposal description is too long (2,000 bytes at most)."],
    ["InvalidVotingPeriod", [59n], "The voting period must be between 1 hour and 90 days."],
    ["InvalidLockupPeriodDuration", [59n], "The lockup period must be between 1 hour and 365 days."],
    ["ReturnedAmountMismatch", [1n, 2_500_000n], "The returned amount must equal what was collected (2.5 mUSDC)."],
  ])("words the limit of %s", (errorName, args, message) => {
    expect(toUserMessage(reverted(errorName, args), { decimals: 6, symbol: "mUSDC" })).toBe(message);
  });

  it("describes an error by name with its typed arguments", () => {
    expect(describeFundError("BelowMinimumInvestment", [1n, 100_000_000n], { decimals: 6, symbol: "mUSDC" })).toBe(
      "The minimum investment is 100 mUSDC.",
    );
    expect(describeFundError("NoFundFees", [])).toBe("There are no fund fees to claim.");
    expect(fundErrorTexts.PoolLocked()).toBe(
      "This vault's pool is locked until its lockup period ends: its funds are with the traders.",
    );
  });

  it("leaves Solidity's own Error(string) and errors of other ABIs to the generic texts", () => {
    const abi = [
      ...investmentFundAbi,
      { type: "error", name: "Unknown", inputs: [{ name: "code", type: "uint256" }] },
    ] as const;
    const data = encodeErrorResult({ abi, errorName: "Unknown", args: [7n] });
    const unknown = new ContractFunctionRevertedError({ abi, data, functionName: "invest" });
    expect(revertOf(unknown)).toBeUndefined();
    expect(
      toUserMessage(new ContractFunctionExecutionError(unknown, { abi, functionName: "invest", args: [1n] })),
    ).toBe("Contract call failed.");
    expect(revertOf(unknown, abi)).toMatchObject({ errorName: "Unknown", args: [7n] });
    const stringRevert = encodeErrorResult({
      abi: [{ type: "error", name: "Error", inputs: [{ name: "message", type: "string" }] }],
      errorName: "Error",
      args: ["nope"],
    });
    expect(
      revertOf(
        new ContractFunctionRevertedError({ abi: investmentFundAbi, data: stringRevert, functionName: "invest" }),
      ),
    ).toBeUndefined();
  });
});

describe("failureKind", () => {
  const rpc = new HttpRequestError({ url: "http://127.0.0.1:8545", status: 502, details: "Bad Gateway" });
  it.each<[string, unknown, ReturnType<typeof failureKind>]>([
    ["a wallet rejection", new UserRejectedRequestError(new Error("User denied")), "rejected"],
    ["an EIP-1193 4001 object", { code: 4001, message: "User rejected the request." }, "rejected"],
    [
      "a nested rejection",
      new TransactionExecutionError(new UserRejectedRequestError(new Error("denied")) as never, {} as never),
      "rejected",
    ],
    ["a decoded fund error", reverted("AlreadyVoted", [1n, "0x0000000000000000000000000000000000000001"]), "reverted"],
    [
      "a decoded token error",
      reverted("ERC20InsufficientBalance", ["0x0000000000000000000000000000000000000001", 1n, 2n]),
      "reverted",
    ],
    ["an RPC failure", rpc, "rpc"],
    [
      "a contract call that failed because the RPC could not be reached",
      new ContractFunctionExecutionError(rpc, { abi: investmentFundAbi, functionName: "invest", args: [1n] }),
      "rpc",
    ],
    [
      "a node's error answer",
      new RpcRequestError({ body: {}, error: { code: -32000, message: "nope" }, url: "" }),
      "rpc",
    ],
    [
      "a transaction the node refused",
      new TransactionExecutionError(new BaseError("nonce too low"), {} as never),
      "rpc",
    ],
    ["the SDK's own check", new FundamentError("Connect a wallet first."), "invalid"],
    ["viem's address check", new InvalidAddressError({ address: "0x12" }), "invalid"],
    ["a receipt without the event", new EventNotFoundError(), "rpc"],
    ["an API's error answer", new RequestFailedError(503, "database unavailable"), "rpc"],
  ])("%s is %s", (_case, error, kind) => {
    expect(failureKind(error)).toBe(kind);
  });
});

// Type-level checks (run by `tsc`, which type-checks the tests): the catalogues follow the ABIs at build time.
describe("the catalogues are keyed by the ABIs", () => {
  it("refuses a catalogue that lacks an error, has a stale one, or misses a new one", () => {
    const { PoolLocked: _dropped, ...withoutPoolLocked } = fundErrorTexts;
    // @ts-expect-error An error of the ABI without words fails the build.
    withoutPoolLocked satisfies ErrorCatalogue<typeof fundWithTokenErrorsAbi>;
    // @ts-expect-error An error renamed in the contract leaves a stale key, which fails the build.
    ({ ...fundErrorTexts, PoolIsLocked: () => "" }) satisfies ErrorCatalogue<typeof fundWithTokenErrorsAbi>;
    type WithNewError = readonly [
      ...typeof fundWithTokenErrorsAbi,
      { readonly type: "error"; readonly name: "VaultIsGone"; readonly inputs: readonly [] },
    ];
    // @ts-expect-error An error added to the contract fails the build until it has words.
    fundErrorTexts satisfies ErrorCatalogue<WithNewError>;
    const { CallNotSponsored: _refusal, ...withoutRefusal } = paymasterRefusalTexts;
    // @ts-expect-error The paymaster's catalogue is as exhaustive.
    withoutRefusal satisfies typeof paymasterRefusalTexts;
    expect(Object.keys(withoutPoolLocked)).not.toContain("PoolLocked");
  });

  it("types each error's arguments from the ABI", () => {
    // @ts-expect-error A name that is not an error of the fund or its token.
    expect(() => describeFundError("NotAnError", [])).toThrow();
    // @ts-expect-error BelowMinimumInvestment(uint256 amount, uint256 minimumInvestment) takes two bigints.
    expect(describeFundError("BelowMinimumInvestment", ["5", "100"])).toBe("The minimum investment is 100.");
    // @ts-expect-error LossNotConfirmed's amounts are bigints; its text reads them as such.
    fundErrorTexts.LossNotConfirmed([1, 2], {});
  });
});
