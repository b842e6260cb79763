import { parseEther } from "viem";
import { describe, expect, it } from "vitest";
import { checkGasTopUp, formatGasAmount, sponsorshipText } from "./gasTopUp.js";

describe("sponsorshipText", () => {
  it("says what is left of the sponsor's budget, to 4 decimals", () => {
    expect(sponsorshipText({ sponsored: true, sponsor: "the fund", remaining: parseEther("0.00834") }, "ETH")).toBe(
      "Gas sponsored by the fund: 0.0083 ETH left",
    );
    expect(sponsorshipText({ sponsored: true, sponsor: "the fund", remaining: 1n }, "ETH")).toBe(
      "Gas sponsored by the fund: <0.0001 ETH left",
    );
  });
  it("says why not, and who pays then", () => {
    expect(sponsorshipText({ sponsored: false, reason: "not on the whitelist" }, "ETH")).toBe(
      "Gas not sponsored: not on the whitelist. It pays its own gas from its ETH.",
    );
  });
});

describe("formatGasAmount", () => {
  it("shows small amounts", () => {
    expect(formatGasAmount(0n, "ETH")).toBe("0 ETH");
    expect(formatGasAmount(parseEther("0.01"), "ETH")).toBe("0.01 ETH");
  });
});

describe("checkGasTopUp", () => {
  it("accepts a positive amount within the owner's balance", () => {
    expect(checkGasTopUp(" 0.01 ", "ETH", parseEther("1"))).toEqual({ ok: true, value: parseEther("0.01") });
    expect(checkGasTopUp(".5", "ETH")).toEqual({ ok: true, value: parseEther("0.5") });
  });
  it("says what is wrong otherwise", () => {
    expect(checkGasTopUp("", "ETH")).toEqual({ ok: false, message: "Enter how much ETH to add." });
    expect(checkGasTopUp("abc", "ETH")).toEqual({ ok: false, message: "Enter an amount of ETH, e.g. 0.01." });
    expect(checkGasTopUp("-1", "ETH")).toEqual({ ok: false, message: "Enter an amount of ETH, e.g. 0.01." });
    expect(checkGasTopUp("0", "ETH")).toEqual({ ok: false, message: "Enter an amount of ETH above 0." });
    expect(checkGasTopUp("0.0000000000000000001", "ETH")).toEqual({
      ok: false,
      message: "ETH has at most 18 decimals.",
    });
    expect(checkGasTopUp("2", "ETH", parseEther("1.5"))).toEqual({
      ok: false,
      message: "Your wallet holds 1.5 ETH: not enough to add 2 ETH (and pay the transfer's gas).",
    });
  });
});
