import { devLocalAccount } from "@fundament/test-chain";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../core/errors.js";
import { type OnrampTestServer, startOnrampTestServer } from "../../testing/startOnrampTestServer.js";
import { createOnrampClient } from "./createOnrampClient.js";
import { ESTIMATE_LABEL, estimateOnrampQuote, estimatePriceUsd } from "./estimateOnrampQuote.js";
import { checkFiatAmount, ENTER_VALID_FIAT_AMOUNT, limitsText, parseFiatAmount } from "./onrampLimits.js";
import { defaultOnrampOptions, onrampNetworkName, paymentMethodLimit, purchaseOptionsOn } from "./onrampOptions.js";

const USDC = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const CARD_TEXT = "Enter an amount from 10.00 to 7,500.00 USD for card payments";
const BANK_TEXT = "Enter an amount from 10.00 to 25,000.00 USD for bank payments";

let server: OnrampTestServer;
beforeAll(async () => {
  // Options, quotes and prices never touch the chain: no anvil is needed for the client.
  server = await startOnrampTestServer({
    rpcUrl: "http://127.0.0.1:9",
    chain: foundry,
    funder: devLocalAccount(5),
    tokens: [{ address: USDC, symbol: "mUSDC", name: "Mock USD Coin", decimals: 6, priceUsd: 1 }],
  });
});
afterAll(async () => {
  await server?.stop();
});

describe("on-ramp client", () => {
  it("parses the options of the contract", async () => {
    const options = await createOnrampClient({ apiUrl: server.url }).options();
    expect(options.purchaseCurrencies.map((c) => c.id)).toEqual(["mUSDC", "ETH"]);
    expect(options.purchaseCurrencies[0]?.networks[0]).toEqual({
      name: "fundament-local",
      display_name: "Fundament local",
      chain_id: "31337",
      contract_address: USDC,
    });
    expect(paymentMethodLimit(options, "EUR", "ACH_BANK_ACCOUNT")).toEqual({
      id: "ACH_BANK_ACCOUNT",
      min: "10.00",
      max: "25000.00",
    });
  });

  it("gets a quote: subtotal, provider and network fee, total, amount bought, quote id", async () => {
    const quote = await createOnrampClient({ apiUrl: `${server.url}/` }).quote({
      purchaseCurrency: "mUSDC",
      paymentCurrency: "USD",
      amount: "100.00",
      network: "fundament-local",
      paymentMethod: "CARD",
    });
    expect(quote).toMatchObject({
      paymentSubtotal: { amount: "100.00", currency: "USD" },
      coinbaseFee: { amount: "1.50", currency: "USD" },
      networkFee: { amount: "0.02", currency: "USD" },
      paymentTotal: { amount: "101.52", currency: "USD" },
      purchaseAmount: { amount: "100.000000", currency: "mUSDC" },
    });
    expect(quote.quoteId).toMatch(/^q_/);
  });

  it("throws the API's sentence on a 400 and the catalogue's text on a failure", async () => {
    const client = createOnrampClient({ apiUrl: server.url });
    const ask = (amount: string, paymentMethod = "CARD", network = "fundament-local") =>
      client.quote({ purchaseCurrency: "mUSDC", paymentCurrency: "USD", amount, network, paymentMethod });
    await expect(ask("9.99")).rejects.toMatchObject({ shortMessage: CARD_TEXT, status: 400 });
    await expect(ask("25000.01", "ACH_BANK_ACCOUNT")).rejects.toMatchObject({ shortMessage: BANK_TEXT });
    await expect(ask("100", "CARD", "sepolia")).rejects.toMatchObject({
      shortMessage: "This currency is not offered on this network",
    });
    server.failQuote = true;
    try {
      const error = await ask("100").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ shortMessage: "Something went wrong", status: 500 });
    } finally {
      server.failQuote = false;
    }
    server.failOptions = true;
    try {
      await expect(client.options()).rejects.toMatchObject({ shortMessage: "Something went wrong", status: 500 });
    } finally {
      server.failOptions = false;
    }
  });

  it("a malformed answer is 'Something went wrong', not a crash", async () => {
    // The checkout page answers HTML: not the JSON the client expects.
    const client = createOnrampClient({ apiUrl: `${server.url}/onramp/checkout/nothing` });
    await expect(client.options()).rejects.toMatchObject({ shortMessage: "Something went wrong" });
  });

  it("generates the checkout URL with the contract's body", async () => {
    const client = createOnrampClient({ apiUrl: server.url });
    const address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    const url = await client.url({
      destinationWallets: [{ address, blockchains: ["fundament-local"], assets: ["mUSDC"] }],
      defaultNetwork: "fundament-local",
      partnerUserId: address,
      defaultExperience: "buy",
      presetFiatAmount: 50,
      paymentCurrency: "USD",
      paymentMethod: "CARD",
    });
    expect(url).toMatch(new RegExp(`^${server.url}/onramp/checkout/[0-9a-f-]+$`));
    expect(server.urls.at(-1)).toMatchObject({ defaultExperience: "buy", presetFiatAmount: 50 });
    const order = [...server.orders.values()].at(-1);
    expect(order).toMatchObject({ asset: "mUSDC", amount: "50.000000", state: "created" });
  });
});

describe("on-ramp limits", () => {
  const card = { id: "CARD", min: "10.00", max: "7500.00" };
  const bank = { id: "ACH_BANK_ACCOUNT", min: "10.00", max: "25000.00" };
  it("refuses amounts outside the method's limits with the contract's sentence", () => {
    expect(checkFiatAmount({ amount: "9.99", currency: "USD", limit: card })).toBe(CARD_TEXT);
    expect(checkFiatAmount({ amount: "7500.01", currency: "USD", limit: card })).toBe(CARD_TEXT);
    expect(checkFiatAmount({ amount: "25000.01", currency: "USD", limit: bank })).toBe(BANK_TEXT);
    expect(checkFiatAmount({ amount: "9", currency: "EUR", limit: card })).toBe(
      "Enter an amount from 10.00 to 7,500.00 EUR for card payments",
    );
    expect(limitsText(bank, "EUR")).toBe("Enter an amount from 10.00 to 25,000.00 EUR for bank payments");
  });
  it("accepts the bounds themselves and amounts in between", () => {
    for (const amount of ["10", "10.00", "7500", "7,500.00", "100.5"])
      expect(checkFiatAmount({ amount, currency: "USD", limit: card })).toBeUndefined();
    expect(checkFiatAmount({ amount: "25000", currency: "USD", limit: bank })).toBeUndefined();
  });
  it("refuses what is not an amount", () => {
    for (const amount of ["", "abc", "0", "1.234", "-5", "1e3", "."])
      expect(checkFiatAmount({ amount, currency: "USD", limit: card })).toBe(ENTER_VALID_FIAT_AMOUNT);
    expect(parseFiatAmount(".5")).toBe(50n);
    expect(parseFiatAmount("12.3")).toBe(1230n);
  });
});

describe("on-ramp defaults", () => {
  it("are the configured tokens and the native token, USD and EUR with the spec's limits", () => {
    const options = defaultOnrampOptions({
      chainId: 31337,
      chainName: "Foundry",
      tokens: [{ symbol: "mUSDC", name: "Mock USD Coin", address: USDC }, { symbol: "ETH" }],
    });
    const on = purchaseOptionsOn(options, 31337);
    expect(on.map((o) => [o.currency.id, o.network.name, o.network.contract_address])).toEqual([
      ["mUSDC", "fundament-local", USDC],
      ["ETH", "fundament-local", ""],
    ]);
    expect(purchaseOptionsOn(options, 1)).toEqual([]);
    expect(options.paymentCurrencies.map((c) => c.id)).toEqual(["USD", "EUR"]);
    expect(paymentMethodLimit(options, "EUR", "CARD")).toEqual({ id: "CARD", min: "10.00", max: "7500.00" });
    // A currency the options do not list still has the spec's limits.
    expect(paymentMethodLimit({ purchaseCurrencies: [], paymentCurrencies: [] }, "USD", "ACH_BANK_ACCOUNT")).toEqual({
      id: "ACH_BANK_ACCOUNT",
      min: "10.00",
      max: "25000.00",
    });
  });
  it("name the network as the API does", () => {
    expect(onrampNetworkName(31337, "Foundry")).toBe("fundament-local");
    expect(onrampNetworkName(11155111, "Sepolia")).toBe("sepolia");
    expect(onrampNetworkName(84532, "Base Sepolia")).toBe("base-sepolia");
  });
});

describe("on-ramp estimate", () => {
  it("divides the subtotal in USD by the price, adds the method's fee, leaves the network fee unknown", () => {
    expect(ESTIMATE_LABEL).toBe("Estimate — the provider's quote is unavailable");
    const usd = estimateOnrampQuote({
      amount: "100",
      paymentCurrency: "USD",
      paymentMethod: "CARD",
      purchase: { symbol: "mUSDC", decimals: 6 },
      priceUsd: 1,
    });
    expect(usd).toMatchObject({
      paymentSubtotal: { amount: "100.00", currency: "USD" },
      coinbaseFee: { amount: "1.50", currency: "USD" },
      networkFee: { amount: "", currency: "USD" },
      paymentTotal: { amount: "101.50", currency: "USD" },
      purchaseAmount: { amount: "100.000000", currency: "mUSDC" },
      quoteId: "",
      estimate: true,
    });
    const eur = estimateOnrampQuote({
      amount: "100.00",
      paymentCurrency: "EUR",
      paymentMethod: "ACH_BANK_ACCOUNT",
      purchase: { symbol: "ETH", decimals: 18 },
      priceUsd: 3000,
    });
    expect(eur.coinbaseFee).toEqual({ amount: "1.00", currency: "EUR" });
    expect(eur.purchaseAmount).toEqual({ amount: "0.036000", currency: "ETH" });
  });

  it("prices from the API, 1 for a USD token when the API fails, and fails for another token", async () => {
    const at = { apiUrl: server.url, chainId: 31337 };
    expect(await estimatePriceUsd({ ...at, symbol: "ETH" })).toBe(3000);
    expect(await estimatePriceUsd({ ...at, address: USDC, symbol: "mUSDC" })).toBe(1);
    server.failPrices = true;
    try {
      expect(await estimatePriceUsd({ ...at, address: USDC, symbol: "mUSDC" })).toBe(1);
      await expect(estimatePriceUsd({ ...at, symbol: "ETH" })).rejects.toThrow("No price for ETH");
    } finally {
      server.failPrices = false;
    }
  });
});
