import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import {
  centsToUsd,
  checkLimits,
  formatUnitsFixed,
  fromCents,
  groupedCents,
  providerFee,
  toCents,
  usdToCentsUp,
} from "./money.js";
import { onrampNetwork } from "./networks.js";

describe("on-ramp amounts", () => {
  it("reads and writes fiat cents", () => {
    expect(toCents("100")).toBe(10_000n);
    expect(toCents("100.5")).toBe(10_050n);
    expect(toCents("0.07")).toBe(7n);
    expect(fromCents(10_152n)).toBe("101.52");
    expect(fromCents(5n)).toBe("0.05");
    expect(groupedCents(2_500_000n)).toBe("25,000.00");
    expect(formatUnitsFixed(100_000_000n, 6)).toBe("100.000000");
    expect(formatUnitsFixed(5n, 6)).toBe("0.000005");
  });

  it("rounds the provider fee half up: card 1.5 %, bank 1 %", () => {
    expect(providerFee(10_000n, "CARD")).toBe(150n);
    expect(providerFee(1_033n, "CARD")).toBe(15n); // 15.495 cents
    expect(providerFee(1_034n, "CARD")).toBe(16n); // 15.51 cents
    expect(providerFee(2_500_000n, "ACH_BANK_ACCOUNT")).toBe(25_000n);
  });

  it("converts EUR with the configured rate and rounds fees up", () => {
    expect(centsToUsd(10_000n, "EUR", 1.08)).toBe(10_800_000_000n);
    expect(centsToUsd(10_000n, "USD", 1.08)).toBe(10_000_000_000n);
    expect(usdToCentsUp(1n, "USD", 1.08)).toBe(1n);
    expect(usdToCentsUp(108_000_000n, "EUR", 1.08)).toBe(100n);
  });

  it("refuses amounts outside the limits with the spec's text", () => {
    expect(() => checkLimits(999n, "USD", "CARD")).toThrow(
      "Enter an amount from 10.00 to 7,500.00 USD for card payments",
    );
    expect(() => checkLimits(750_001n, "EUR", "CARD")).toThrow(
      "Enter an amount from 10.00 to 7,500.00 EUR for card payments",
    );
    expect(() => checkLimits(2_500_001n, "USD", "ACH_BANK_ACCOUNT")).toThrow(
      "Enter an amount from 10.00 to 25,000.00 USD for bank payments",
    );
    expect(() => checkLimits(2_500_000n, "USD", "ACH_BANK_ACCOUNT")).not.toThrow();
  });

  it("names networks as the contract says", () => {
    expect(onrampNetwork(31337)).toEqual({
      name: "fundament-local",
      display_name: "Fundament local",
      chain_id: "31337",
    });
    expect(onrampNetwork(11155111).name).toBe("sepolia");
  });
});

describe("the on-ramp's configuration", () => {
  const key = `0x${"11".repeat(32)}`;
  it("is off by default away from the local chain, and local on it with a treasury key", () => {
    expect(loadConfig({ CHAIN_ID: "999" }).onramp).toMatchObject({
      provider: "off",
      eurUsd: 1.08,
      publicUrl: "http://127.0.0.1:8787",
    });
    const local = loadConfig({
      CHAIN_ID: "31337",
      FUND_ADDRESS: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
      ONRAMP_TREASURY_KEY: key,
      API_PORT: "9000",
      ONRAMP_EUR_USD: "1.1",
    }).onramp;
    expect(local).toMatchObject({
      provider: "local",
      treasuryKey: key,
      eurUsd: 1.1,
      publicUrl: "http://127.0.0.1:9000",
    });
  });

  it("needs the treasury key for local and the API key for coinbase", () => {
    expect(() => loadConfig({ CHAIN_ID: "999", ONRAMP_PROVIDER: "local" })).toThrow(/ONRAMP_TREASURY_KEY/);
    expect(() => loadConfig({ CHAIN_ID: "999", ONRAMP_PROVIDER: "coinbase" })).toThrow(/COINBASE_ONRAMP_API_KEY/);
    expect(() => loadConfig({ CHAIN_ID: "999", ONRAMP_TREASURY_KEY: "0x12" })).toThrow(/ONRAMP_TREASURY_KEY/);
    expect(
      loadConfig({ CHAIN_ID: "999", ONRAMP_PROVIDER: "coinbase", COINBASE_ONRAMP_API_KEY: "k" }).onramp.coinbase,
    ).toEqual({
      apiKey: "k",
      baseUrl: "https://api.developer.coinbase.com",
    });
  });

  it("refuses the local checkout on any chain but the local one (it gives the treasury's tokens away)", () => {
    const key = `0x${"11".repeat(32)}`;
    expect(() =>
      loadConfig({
        CHAIN_ID: "11155111",
        FUND_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
        ONRAMP_PROVIDER: "local",
        ONRAMP_TREASURY_KEY: key,
      }),
    ).toThrow(/ONRAMP_PROVIDER: the local checkout .* runs only on the local chain \(31337\), not on chain 11155111/);
    // Without an explicit provider a real chain's on-ramp stays off, key or not.
    expect(
      loadConfig({
        CHAIN_ID: "11155111",
        FUND_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
        ONRAMP_TREASURY_KEY: key,
      }).onramp.provider,
    ).toBe("off");
  });
});
