import { describe, expect, it } from "vitest";
import { RECEIVER_BAD_CHECKSUM, RECEIVER_NOT_EVM, RECEIVER_NOT_SOLANA } from "./checkReceiver.js";
import { hasInsufficientGas, type ValidateSendParameters, validateSend } from "./validateSend.js";

const receiver = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const usdc = { symbol: "USDC", address: "eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3", decimals: 6 };
const eth = { symbol: "ETH", decimals: 18 };
const base: ValidateSendParameters = {
  chainNamespace: "eip155",
  token: eth,
  sendTokenAmount: "1.5",
  receiverAddress: receiver,
  gasPrice: 1_000_000_000n,
};
const bad = "Please enter a valid amount and receiver address";

describe("validateSend", () => {
  it.each<[string, Partial<ValidateSendParameters>, string | null]>([
    ["native send, all fields", {}, null],
    ["token send, all fields (no gas price needed)", { token: usdc, gasPrice: undefined }, null],
    [
      "token given as a bare address",
      { token: { ...usdc, address: "0x5FbDB2315678afecb367f032d93F642f64180aa3" } },
      null,
    ],
    ["no amount", { sendTokenAmount: undefined }, bad],
    ["empty amount", { sendTokenAmount: "" }, bad],
    ["zero amount", { sendTokenAmount: "0" }, bad],
    ["negative amount", { sendTokenAmount: "-1" }, bad],
    ["not a number", { sendTokenAmount: "1e3" }, bad],
    ["two dots", { sendTokenAmount: "1.2.3" }, bad],
    ["leading dot is fine", { sendTokenAmount: ".5" }, null],
    ["no receiver", { receiverAddress: undefined }, bad],
    ["blank receiver", { receiverAddress: "   " }, bad],
    ["short receiver", { receiverAddress: "0x1234" }, RECEIVER_NOT_EVM],
    ["receiver with a non-hex character", { receiverAddress: `${receiver.slice(0, 41)}g` }, RECEIVER_NOT_EVM],
    ["receiver without 0x is an EVM address", { receiverAddress: receiver.slice(2) }, null],
    [
      "mis-cased receiver (wrong EIP-55 checksum)",
      { receiverAddress: receiver.replace("C51812", "c51812") },
      RECEIVER_BAD_CHECKSUM,
    ],
    [
      "mis-cased receiver without 0x",
      { receiverAddress: receiver.slice(2).replace("dc79C8", "dc79c8") },
      RECEIVER_BAD_CHECKSUM,
    ],
    ["all-lowercase receiver (no checksum to check)", { receiverAddress: receiver.toLowerCase() }, null],
    [
      "all-uppercase receiver (no checksum to check)",
      { receiverAddress: `0x${receiver.slice(2).toUpperCase()}` },
      null,
    ],
    ["receiver with spaces around", { receiverAddress: `  ${receiver} ` }, null],
    ["Solana receiver on EVM", { receiverAddress: "7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv" }, RECEIVER_NOT_EVM],
    ["no token", { token: undefined }, bad],
    ["token with a bad address", { token: { ...usdc, address: "eip155:1:0xnope" } }, bad],
    ["native without gas price", { gasPrice: undefined }, bad],
    ["native without decimals", { token: { symbol: "ETH" } }, bad],
    [
      "solana with amount and receiver",
      { chainNamespace: "solana", receiverAddress: "7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv" },
      null,
    ],
    [
      "solana without amount",
      {
        chainNamespace: "solana",
        sendTokenAmount: "",
        receiverAddress: "7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv",
      },
      bad,
    ],
    ["solana with an EVM receiver", { chainNamespace: "solana" }, RECEIVER_NOT_SOLANA],
    ["bitcoin", { chainNamespace: "bip122" }, "Unsupported chain"],
    ["near", { chainNamespace: "near" }, "Unsupported chain"],
  ])("%s", (_, patch, expected) => {
    const result = validateSend({ ...base, ...patch });
    if (expected === null) expect(result.valid).toBe(true);
    else expect(result).toMatchObject({ valid: false, message: expected });
  });

  it("tells the kind of send", () => {
    expect(validateSend(base)).toEqual({ valid: true, kind: "evm-native" });
    expect(validateSend({ ...base, token: usdc })).toEqual({ valid: true, kind: "evm-token" });
  });
});

describe("hasInsufficientGas", () => {
  it.each([
    [0, 0.1, false, true],
    [undefined, 0.1, false, true],
    [0.05, 0.1, false, true],
    [0.1, 0.1, false, false],
    [5, 0.1, false, false],
    [5, undefined, false, false],
    [0, 0.1, true, false],
    [0.05, 0.1, true, false],
  ])("balance %s, gas %s, smart %s → %s", (networkBalanceInUSD, gasPriceInUSD, isSmartAccount, expected) => {
    expect(hasInsufficientGas({ networkBalanceInUSD, gasPriceInUSD, isSmartAccount })).toBe(expected);
  });
});

describe("receiver texts", () => {
  it("say what is wrong and what to do", () => {
    expect(RECEIVER_BAD_CHECKSUM).toMatch(/wrong checksum.*check its capital letters/);
    for (const text of [RECEIVER_BAD_CHECKSUM, RECEIVER_NOT_EVM, RECEIVER_NOT_SOLANA])
      expect(text).toMatch(/check|paste/i);
  });
});
