import { parseEther } from "viem";
import { describe, expect, it } from "vitest";
import { needsEthMessage, roundUpWei, userOperationMaxCost } from "./userOperationCost.js";

describe("userOperationMaxCost", () => {
  it("sums every gas limit, the paymaster's too, times maxFeePerGas", () => {
    const op = { callGasLimit: 100n, verificationGasLimit: 200n, preVerificationGas: 50n, maxFeePerGas: 3n };
    expect(userOperationMaxCost(op)).toBe(1_050n);
    expect(userOperationMaxCost({ ...op, paymasterVerificationGasLimit: 40n, paymasterPostOpGasLimit: 10n })).toBe(
      1_200n,
    );
  });
});

describe("roundUpWei", () => {
  it("rounds up to two significant digits, never down", () => {
    expect(roundUpWei(412_345n)).toBe(420_000n);
    expect(roundUpWei(410_000n)).toBe(410_000n);
    expect(roundUpWei(410_001n)).toBe(420_000n);
    expect(roundUpWei(99n)).toBe(99n);
    expect(roundUpWei(0n)).toBe(0n);
    expect(roundUpWei(-5n)).toBe(0n);
  });
});

describe("needsEthMessage", () => {
  const account = "0x1111111111111111111111111111111111111111" as const;
  it("names the amount, the reason and the fix", () => {
    expect(needsEthMessage(account, parseEther("0.000412345"), "notWhitelisted")).toBe(
      `Your smart account (${account}) needs about 0.00042 ETH to pay for this itself: the fund does not sponsor it (not on the whitelist). Send ETH to it from your wallet, then try again.`,
    );
    expect(needsEthMessage(account, parseEther("0.003"), "budgetUsedUp")).toContain(
      "needs about 0.003 ETH to pay for this itself: the fund does not sponsor it (its gas budget is used up).",
    );
  });
});
