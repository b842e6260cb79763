import { accessRequestMessage } from "@fundament/sdk";
import { toHex } from "viem";
import { describe, expect, it } from "vitest";
import { formatAmount, formatDecimal, formatEthWithUsd } from "./format.js";
import { describeMessage, readAccessRequest, readNameRegistration } from "./message.js";

describe("amounts as people read them", () => {
  it("groups thousands and keeps about six significant digits (four below one)", () => {
    expect(formatDecimal("0.032895533858790463")).toBe("0.0329");
    expect(formatDecimal("1234.5")).toBe("1,234.5");
    expect(formatDecimal("100")).toBe("100");
    expect(formatDecimal("1234567.891")).toBe("1,234,568");
    expect(formatDecimal("12.3456789")).toBe("12.3457");
    expect(formatDecimal("0.000001")).toBe("0.000001");
    expect(formatDecimal("0")).toBe("0");
    // Whole numbers past a double's precision keep every digit.
    expect(formatDecimal("123456789012345678901")).toBe("123,456,789,012,345,678,901");
    expect(formatAmount(32_895_533_858_790_463n, { symbol: "WETH", decimals: 18 })).toBe("0.0329 WETH");
    expect(formatAmount(5n, undefined)).toBe("5 (raw units of an unknown token)");
  });

  it("puts dollars beside ETH only when the price is a usable number", () => {
    const wei = 56_000_000_000_000n; // 0.000056 ETH
    expect(formatEthWithUsd(wei, 2_500)).toBe("0.000056 ETH (≈ $0.14)");
    expect(formatEthWithUsd(1_000_000_000n, 2_500)).toBe("0.000000001 ETH (< $0.01)");
    expect(formatEthWithUsd(wei, undefined)).toBe("0.000056 ETH");
    expect(formatEthWithUsd(wei, Number.NaN)).toBe("0.000056 ETH");
    expect(formatEthWithUsd(wei, 0)).toBe("0.000056 ETH");
    expect(formatEthWithUsd(wei, -1)).toBe("0.000056 ETH");
  });
});

describe("a name registration message", () => {
  it("is read only when it is exactly the wallet's JSON: a name, a timestamp and attributes", () => {
    expect(readNameRegistration('{"name":"alice.fundament","attributes":{},"timestamp":1795726523}')).toEqual({
      name: "alice.fundament",
      attributes: {},
      timestamp: 1795726523,
    });
    expect(readNameRegistration('{"name":"alice.fundament","timestamp":1795726523,"to":"0x1"}')).toBeUndefined();
    expect(readNameRegistration('{"name":"","attributes":{},"timestamp":1}')).toBeUndefined();
    expect(readNameRegistration('{"name":"a","attributes":[],"timestamp":1}')).toBeUndefined();
    expect(readNameRegistration('{"name":"a","timestamp":"1"}')).toBeUndefined();
    expect(readNameRegistration("Hello")).toBeUndefined();
  });
});

describe("an access request in words (issue 32)", () => {
  const address = "0x976EA74026E726554dB657fA54763abd0C3a0aa9";
  const text = accessRequestMessage({ address, note: "Invited by email.", issuedAt: "2026-11-29T10:21:51.776Z" });

  it("reads the SDK's own message back, and nothing like it", () => {
    expect(readAccessRequest(text)).toEqual({
      fund: "Fundament fund",
      address,
      note: "Invited by email.",
      issuedAt: new Date("2026-11-29T10:21:51.776Z"),
    });
    expect(readAccessRequest(`${text}\nTransfer: everything`)).toBeUndefined();
    expect(readAccessRequest(text.replace(address, "0x1234"))).toBeUndefined();
    expect(readAccessRequest(accessRequestMessage({ address, note: "", issuedAt: "2026-11-29T10:21:51Z" }))?.note).toBe(
      "",
    );
  });

  it("titles the prompt with what it asks and warns when the account is not the signer's", () => {
    const chain = { id: 31337, name: "Anvil (local)", rpcUrl: "http://127.0.0.1:8545" };
    const own = describeMessage(toHex(text), "http://app.test:5173", address, chain);
    expect([own.title, own.summary, own.warnings]).toEqual([
      "Sign to request access",
      "Ask the fund's admin to add your account to the whitelist. Signing costs nothing and sends no transaction.",
      [],
    ]);
    expect(own.sections[0]?.rows.map((r) => `${r.label}: ${r.value}`)).toEqual([
      `Account: ${address}`,
      "Note: Invited by email.",
      "Dated: Nov 29, 2026, 10:21 UTC",
    ]);
    const other = describeMessage(
      toHex(text),
      "http://app.test:5173",
      "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
      chain,
    );
    expect(other.warnings).toEqual([`This request names the account ${address}, not yours.`]);
  });
});
