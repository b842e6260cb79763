import { parseEther, parseGwei } from "viem";
import { describe, expect, it } from "vitest";
import { APPROVE_GAS_LIMIT, estimateSwapFee, feeInUsd, needGasText, SWAP_GAS_LIMIT, swapLacksGas } from "./swapFee.js";

describe("the swap's network fee before Review", () => {
  it("is the swap's gas, and an approval's when one comes first, at the gas price", () => {
    const gasPrice = parseGwei("2");
    expect(estimateSwapFee({ gasPrice, needsApproval: false })).toBe(SWAP_GAS_LIMIT * gasPrice);
    expect(estimateSwapFee({ gasPrice, needsApproval: true })).toBe((SWAP_GAS_LIMIT + APPROVE_GAS_LIMIT) * gasPrice);
  });

  it("is lacking with no ETH left after the swap's own spend, or less than the fee; smart accounts are exempt", () => {
    const fee = parseEther("0.001");
    const base = { decimals: 18, spend: 0n, fee, isSmartAccount: false };
    expect(swapLacksGas({ ...base, balance: 0n })).toBe(true);
    expect(swapLacksGas({ ...base, balance: 0n, fee: undefined })).toBe(true);
    expect(swapLacksGas({ ...base, balance: parseEther("0.0009") })).toBe(true);
    expect(swapLacksGas({ ...base, balance: parseEther("0.002") })).toBe(false);
    // Swapping from ETH: what is left after the amount pays the fee.
    expect(swapLacksGas({ ...base, balance: parseEther("1"), spend: parseEther("0.9995") })).toBe(true);
    expect(swapLacksGas({ ...base, balance: parseEther("1"), spend: parseEther("0.5") })).toBe(false);
    // The gas price is not known yet: only an empty balance is said.
    expect(swapLacksGas({ ...base, balance: 1n, fee: undefined })).toBe(false);
    expect(swapLacksGas({ ...base, balance: 0n, isSmartAccount: true })).toBe(false);
  });

  it("says it with the dollars when a price is known, without them otherwise", () => {
    const usd = feeInUsd(parseEther("0.00005"), 18, 2800);
    expect(usd).toBeCloseTo(0.14);
    expect(needGasText("ETH", usd)).toBe("You need ETH for the network fee (about $0.14).");
    expect(feeInUsd(parseEther("0.00005"), 18, undefined)).toBeUndefined();
    expect(feeInUsd(undefined, 18, 2800)).toBeUndefined();
    expect(needGasText("ETH", undefined)).toBe("You need ETH for the network fee.");
  });
});
