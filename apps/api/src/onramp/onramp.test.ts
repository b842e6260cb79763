import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deploy } from "@fundament/scripts/deploy";
import { createFundPublicClient, type Deployment, mockUsdcAbi, parseDeployment } from "@fundament/sdk";
import { devAccount } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { type Address, createWalletClient, erc20Abi, getAddress, http, type PublicClient, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAccountHistory } from "../account/readAccountHistory.js";
import { buildApp } from "../app.js";
import { type Config, loadConfig } from "../config.js";
import type { Database } from "../db/client.js";
import { onrampOrders } from "../db/schema.js";
import { indexTokenTransfers } from "../sync/indexTokenTransfers.js";
import { testDatabase } from "../testing/testDatabase.js";
import { payOrder } from "./checkout.js";
import { boughtAmount, CHECKOUT_CSP, FORM_ERRORS, groupDecimal, TEST_CARD } from "./checkoutPage.js";
import { createDeliverer } from "./deliver.js";
import { NOT_OFFERED } from "./money.js";

const PUBLIC_URL = "http://checkout.test:8787";
const TREASURY_KEY = devAccount(9).privateKey;
const BUYER = getAddress("0x00000000000000000000000000000000000b0b01");
const ETH_BUYER = getAddress("0x00000000000000000000000000000000000b0b02");

const { rpcUrl } = testChainForFile();
let deploymentsDir: string;
let deployment: Deployment;
let client: PublicClient;
let database: Database;
let app: FastifyInstance;
let usdc: Address;

/** The app on the test database with the full deployment record (its DEX and tokens), configured from `env`. */
async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const loaded = loadConfig({
    LOG_LEVEL: "silent",
    CHAIN_ID: "31337",
    RPC_URL: rpcUrl,
    FUND_ADDRESS: deployment.investmentFund,
    TOKEN_ADDRESS: deployment.investmentToken ?? "",
    ONRAMP_PUBLIC_URL: PUBLIC_URL,
    RATE_LIMIT_MAX: "100000",
    ...env,
  });
  const config: Config = { ...loaded, deployment };
  const made = await buildApp(config, { database });
  await made.ready();
  return made;
}

beforeAll(async () => {
  deploymentsDir = mkdtempSync(join(tmpdir(), "fundament-api-onramp-"));
  deployment = parseDeployment(await deploy({ rpcUrl, deploymentsDir, log: () => {} }));
  client = createFundPublicClient({ chainId: deployment.chainId, rpcUrl });
  usdc = deployment.investmentToken as Address;
  database = await testDatabase();
  app = await appWith({ ONRAMP_TREASURY_KEY: TREASURY_KEY });
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (deploymentsDir) rmSync(deploymentsDir, { recursive: true, force: true });
});

const quoteBody = (overrides: Record<string, unknown> = {}) => ({
  purchaseCurrency: "mUSDC",
  paymentCurrency: "USD",
  amount: "100.00",
  network: "fundament-local",
  ...overrides,
});

async function quote(overrides: Record<string, unknown> = {}, on = app) {
  return on.inject({ method: "POST", url: "/v1/onramp/quote", payload: quoteBody(overrides) });
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

/** Creates an order through the URL generator and answers its id. */
async function order(body: Record<string, unknown>, on = app): Promise<string> {
  const response = await on.inject({
    method: "POST",
    url: "/v1/generators/onrampurl",
    payload: { defaultNetwork: "fundament-local", defaultExperience: "buy", ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { url } = response.json() as { url: string };
  expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/onramp/checkout/o_[0-9a-f]{32}$`));
  return url.split("/").pop() as string;
}

const cardForm = new URLSearchParams({
  holder: TEST_CARD.name,
  card: TEST_CARD.number,
  expiry: TEST_CARD.expiry,
  cvc: TEST_CARD.cvc,
}).toString();

async function pay(orderId: string, form = cardForm, on = app) {
  return on.inject({
    method: "POST",
    url: `/onramp/checkout/${orderId}/pay`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: form,
  });
}

const balanceOf = (owner: Address) =>
  client.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [owner] });

const storedOrder = async (id: string) =>
  (await database.db.select().from(onrampOrders).where(eq(onrampOrders.id, id)))[0];

describe("GET /v1/onramp/options", () => {
  it("offers mUSDC and ETH on the local network, and USD and EUR with the spec's limits", async () => {
    const response = await app.inject({ method: "GET", url: "/v1/onramp/options" });
    expect(response.statusCode).toBe(200);
    const network = { name: "fundament-local", display_name: "Fundament local", chain_id: "31337" };
    const limits = [
      { id: "CARD", min: "10.00", max: "7500.00" },
      { id: "ACH_BANK_ACCOUNT", min: "10.00", max: "25000.00" },
    ];
    expect(response.json()).toEqual({
      purchaseCurrencies: [
        {
          id: "mUSDC",
          name: "Mock USD Coin",
          symbol: "mUSDC",
          iconUrl: "",
          networks: [{ ...network, contract_address: usdc }],
        },
        { id: "ETH", name: "Ether", symbol: "ETH", iconUrl: "", networks: [{ ...network, contract_address: "" }] },
      ],
      paymentCurrencies: [
        { id: "USD", payment_method_limits: limits },
        { id: "EUR", payment_method_limits: limits },
      ],
    });
  });

  it("reads the token's name, symbol and decimals from the chain when the deployment lists no tokens", async () => {
    const loaded = loadConfig({
      LOG_LEVEL: "silent",
      CHAIN_ID: "31337",
      RPC_URL: rpcUrl,
      FUND_ADDRESS: deployment.investmentFund,
      TOKEN_ADDRESS: usdc,
      ONRAMP_TREASURY_KEY: TREASURY_KEY,
    });
    expect(loaded.deployment?.tokens).toBeUndefined();
    const envOnly = await buildApp(loaded, { database });
    try {
      const { purchaseCurrencies } = (await envOnly.inject({ method: "GET", url: "/v1/onramp/options" })).json();
      expect(purchaseCurrencies).toEqual([
        expect.objectContaining({ id: "mUSDC", name: "Mock USD Coin", symbol: "mUSDC" }),
      ]);
      expect((await quote({}, envOnly)).json().purchaseAmount).toEqual({ amount: "100.000000", currency: "mUSDC" });
    } finally {
      await envOnly.close();
    }
  });

  it("answers empty lists when the on-ramp is off", async () => {
    const off = await appWith({ ONRAMP_PROVIDER: "off" });
    try {
      const response = await off.inject({ method: "GET", url: "/v1/onramp/options" });
      expect(response.json()).toEqual({ purchaseCurrencies: [], paymentCurrencies: [] });
      expect((await quote({}, off)).json().message).toBe(NOT_OFFERED);
    } finally {
      await off.close();
    }
  });
});

describe("POST /v1/onramp/quote", () => {
  it("quotes 100.00 USD by card: 1.5 % fee, a network fee, the total and 100 mUSDC", async () => {
    const response = await quote();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      paymentSubtotal: { amount: "100.00", currency: "USD" },
      coinbaseFee: { amount: "1.50", currency: "USD" },
      networkFee: { currency: "USD" },
      paymentTotal: { currency: "USD" },
      purchaseAmount: { amount: "100.000000", currency: "mUSDC" },
      quoteId: expect.stringMatching(/^q_[0-9a-f]+$/),
    });
    expect(body.networkFee.amount).toMatch(/^\d+\.\d\d$/);
    expect(cents(body.networkFee.amount)).toBeGreaterThanOrEqual(1);
    expect(cents(body.paymentTotal.amount)).toBe(10_000 + 150 + cents(body.networkFee.amount));
  });

  it("refuses card amounts outside 10.00 to 7,500.00 with the spec's text", async () => {
    for (const amount of ["9.99", "7500.01"]) {
      const response = await quote({ amount, paymentMethod: "CARD" });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("Enter an amount from 10.00 to 7,500.00 USD for card payments");
    }
    const euro = await quote({ amount: "9.99", paymentCurrency: "EUR" });
    expect(euro.json().message).toBe("Enter an amount from 10.00 to 7,500.00 EUR for card payments");
    expect((await quote({ amount: "7500.00" })).statusCode).toBe(200);
    expect((await quote({ amount: "10.00" })).statusCode).toBe(200);
  });

  it("takes 25,000.00 USD by bank at a 1 % fee and refuses more", async () => {
    const response = await quote({ amount: "25000.00", paymentMethod: "ACH_BANK_ACCOUNT" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      coinbaseFee: { amount: "250.00", currency: "USD" },
      purchaseAmount: { amount: "25000.000000", currency: "mUSDC" },
    });
    const over = await quote({ amount: "25000.01", paymentMethod: "ACH_BANK_ACCOUNT" });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe("Enter an amount from 10.00 to 25,000.00 USD for bank payments");
  });

  it("converts EUR at ONRAMP_EUR_USD (1.08 by default)", async () => {
    const response = await quote({ paymentCurrency: "EUR" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      paymentSubtotal: { amount: "100.00", currency: "EUR" },
      coinbaseFee: { amount: "1.50", currency: "EUR" },
      purchaseAmount: { amount: "108.000000", currency: "mUSDC" },
    });
    const other = await appWith({ ONRAMP_TREASURY_KEY: TREASURY_KEY, ONRAMP_EUR_USD: "1.25" });
    try {
      expect((await quote({ paymentCurrency: "EUR" }, other)).json().purchaseAmount.amount).toBe("125.000000");
    } finally {
      await other.close();
    }
  });

  it("prices ETH from the DEX pool (about 3,000 USD per ETH)", async () => {
    const response = await quote({ purchaseCurrency: "ETH", amount: "300.00" });
    expect(response.statusCode, response.body).toBe(200);
    const { purchaseAmount, networkFee } = response.json();
    expect(purchaseAmount.currency).toBe("ETH");
    expect(purchaseAmount.amount).toMatch(/^\d+\.\d{18}$/);
    expect(Number(purchaseAmount.amount)).toBeGreaterThan(0.095);
    expect(Number(purchaseAmount.amount)).toBeLessThan(0.105);
    expect(cents(networkFee.amount)).toBeGreaterThanOrEqual(1);
  });

  it("refuses currencies and networks it does not offer, and malformed amounts", async () => {
    for (const overrides of [{ purchaseCurrency: "DOGE" }, { network: "sepolia" }, { paymentCurrency: "GBP" }]) {
      const response = await quote(overrides);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(NOT_OFFERED);
    }
    for (const amount of ["ten", "10.001", "-5", ""]) {
      const response = await quote({ amount });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^Invalid body: amount/);
    }
  });
});

describe("the local checkout", () => {
  it("gives a checkout URL for a quote and stores the order as created", async () => {
    const { quoteId, paymentTotal } = (await quote()).json();
    const id = await order({
      quoteId,
      destinationWallets: [{ address: BUYER, blockchains: ["fundament-local"], assets: ["mUSDC"] }],
    });
    expect(await storedOrder(id)).toMatchObject({
      status: "created",
      asset: "mUSDC",
      destination: BUYER,
      tokenAddress: usdc,
      paymentTotal: paymentTotal.amount,
      purchaseAmount: "100.000000",
    });
  });

  it("writes amounts with thousands separators, digits kept (issue 32)", () => {
    expect(groupDecimal("1001.52")).toBe("1,001.52");
    expect(groupDecimal("1234567.000001")).toBe("1,234,567.000001");
    expect(groupDecimal("101.52")).toBe("101.52");
    expect(groupDecimal("not a number")).toBe("not a number");
    expect(boughtAmount({ purchaseAmount: "2500.000000", asset: "mUSDC", decimals: 6 })).toBe("2,500 mUSDC");
  });

  it("renders the order with a strict CSP, labelled fields and a Pay button, without scripts", async () => {
    const { quoteId, paymentTotal } = (await quote()).json();
    const id = await order({ quoteId, destinationWallets: [{ address: BUYER, blockchains: ["fundament-local"] }] });
    const response = await app.inject({ method: "GET", url: `/onramp/checkout/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["content-security-policy"]).toBe(CHECKOUT_CSP);
    const html = response.body;
    expect(html).toContain(`<button type="submit">Pay ${paymentTotal.amount} USD</button>`);
    expect(html).toContain(BUYER);
    expect(html).toContain("100 mUSDC");
    expect(html).toContain(`action="/onramp/checkout/${id}/pay"`);
    for (const name of ["holder", "card", "expiry", "cvc"]) {
      expect(html).toContain(`<label for="${name}">`);
      expect(html).toContain(`id="${name}" name="${name}"`);
    }
    expect(html).not.toMatch(/<script|https?:\/\//i);
  });

  it("pays: mints the purchase amount of mUSDC to the wallet and shows the result", async () => {
    const { quoteId } = (await quote({ amount: "250.00" })).json();
    const id = await order({ quoteId, destinationWallets: [{ address: BUYER, blockchains: ["fundament-local"] }] });
    const before = await balanceOf(BUYER);
    const response = await pay(id);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/onramp/checkout/${id}`);
    expect((await balanceOf(BUYER)) - before).toBe(parseUnits("250", 6));
    const stored = await storedOrder(id);
    expect(stored).toMatchObject({
      status: "delivered",
      failure: null,
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    const page = (await app.inject({ method: "GET", url: `/onramp/checkout/${id}` })).body;
    expect(page).toContain(`Payment complete: 250 mUSDC sent to ${BUYER}`);
    expect(page).toContain(stored?.txHash as string);
    expect(page).toContain("You can close this window and return to the app.");
    expect(page).not.toContain("<form");
  });

  it("labels the delivery as a buy in the account's history (and another mint as a mint)", async () => {
    const buyer = getAddress("0x00000000000000000000000000000000000b0b03");
    const { quoteId } = (await quote({ amount: "40.00" })).json();
    const id = await order({ quoteId, destinationWallets: [{ address: buyer, blockchains: ["fundament-local"] }] });
    expect((await pay(id)).statusCode).toBe(303);
    // A mint that is no order: the same token, minted by somebody else.
    const minter = createWalletClient({ account: privateKeyToAccount(TREASURY_KEY), transport: http(rpcUrl) });
    await client.waitForTransactionReceipt({
      hash: await minter.writeContract({
        chain: null,
        address: usdc,
        abi: mockUsdcAbi,
        functionName: "mint",
        args: [buyer, 1_000_000n],
      }),
    });
    await indexTokenTransfers({ db: database.db, client, deployment });
    const { data } = await readAccountHistory(database.db, {
      address: buyer.toLowerCase(),
      chainId: deployment.chainId,
      deployment,
    });
    expect(data.map((item) => [item.metadata.operationType, item.transfers[0]?.quantity.numeric])).toEqual([
      ["mint", "1"],
      ["buy", "40"],
    ]);
  });

  it("delivers once when paid twice, one after the other or at the same time", async () => {
    const { quoteId } = (await quote({ amount: "40.00" })).json();
    const id = await order({ quoteId, destinationWallets: [{ address: BUYER, blockchains: ["fundament-local"] }] });
    const before = await balanceOf(BUYER);
    const [first, second] = await Promise.all([pay(id), pay(id)]);
    expect([first.statusCode, second.statusCode]).toEqual([303, 303]);
    const hash = (await storedOrder(id))?.txHash;
    const third = await pay(id);
    expect(third.statusCode).toBe(303);
    expect(third.headers.location).toBe(`/onramp/checkout/${id}`);
    expect((await balanceOf(BUYER)) - before).toBe(parseUnits("40", 6));
    expect(await storedOrder(id)).toMatchObject({ status: "delivered", txHash: hash });
  });

  it("delivers once when two payments of one order race (payOrder itself, without the page's check)", async () => {
    const { quoteId } = (await quote({ amount: "15.00" })).json();
    const id = await order({ quoteId, destinationWallets: [{ address: BUYER, blockchains: ["fundament-local"] }] });
    const deliverer = createDeliverer({ treasuryKey: TREASURY_KEY, client });
    const before = await balanceOf(BUYER);
    const results = await Promise.all([1, 2, 3].map(() => payOrder(database.db, deliverer, id)));
    expect((await balanceOf(BUYER)) - before).toBe(parseUnits("15", 6));
    const hashes = new Set(results.map((result) => result?.txHash).filter(Boolean));
    expect(hashes.size).toBeLessThanOrEqual(1);
    expect(await storedOrder(id)).toMatchObject({ status: "delivered" });
  });

  it("delivers ETH from the treasury for a preset fiat amount", async () => {
    const id = await order({
      presetFiatAmount: 300,
      paymentCurrency: "USD",
      destinationWallets: [{ address: ETH_BUYER, blockchains: ["fundament-local"], assets: ["ETH"] }],
    });
    const created = await storedOrder(id);
    expect(created).toMatchObject({ asset: "ETH", tokenAddress: null, decimals: 18, paymentSubtotal: "300.00" });
    const before = await client.getBalance({ address: ETH_BUYER });
    expect((await pay(id)).statusCode).toBe(303);
    const after = await client.getBalance({ address: ETH_BUYER });
    expect(after - before).toBe(parseUnits(created?.purchaseAmount as string, 18));
    expect((await storedOrder(id))?.status).toBe("delivered");
  });

  it("sends a refused card back to the page with a message, and nothing is delivered", async () => {
    const { quoteId } = (await quote()).json();
    const id = await order({ quoteId, destinationWallets: [{ address: BUYER, blockchains: ["fundament-local"] }] });
    const response = await pay(
      id,
      new URLSearchParams({ card: "4242 4242 4242 4241", expiry: "12/34", cvc: "123" }).toString(),
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/onramp/checkout/${id}?error=card`);
    const page = (await app.inject({ method: "GET", url: response.headers.location as string })).body;
    expect(page).toContain(FORM_ERRORS.card);
    expect((await storedOrder(id))?.status).toBe("created");
  });

  it("marks the order failed with a plain sentence when the delivery fails", async () => {
    const broke = await appWith({ ONRAMP_TREASURY_KEY: generatePrivateKey() });
    try {
      const id = await order(
        {
          presetFiatAmount: 50,
          destinationWallets: [{ address: ETH_BUYER, blockchains: ["fundament-local"], assets: ["ETH"] }],
        },
        broke,
      );
      const before = await client.getBalance({ address: ETH_BUYER });
      expect((await pay(id, cardForm, broke)).statusCode).toBe(303);
      expect(await client.getBalance({ address: ETH_BUYER })).toBe(before);
      const stored = await storedOrder(id);
      expect(stored?.status).toBe("failed");
      expect(stored?.failure).toBe("The checkout's account has too little ETH to send this order; nothing was sent.");
      const page = (await broke.inject({ method: "GET", url: `/onramp/checkout/${id}` })).body;
      expect(page).toContain(`Payment failed: ${stored?.failure}`);
    } finally {
      await broke.close();
    }
  });

  it("shows the page without a message for ?error= naming no form error (__proto__, constructor, toString…)", async () => {
    const { quoteId } = (await quote()).json();
    const id = await order({ quoteId, destinationWallets: [{ address: BUYER, blockchains: ["fundament-local"] }] });
    const plain = (await app.inject({ method: "GET", url: `/onramp/checkout/${id}` })).body;
    for (const code of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "nope", "x".repeat(40)]) {
      const response = await app.inject({ method: "GET", url: `/onramp/checkout/${id}?error=${code}` });
      expect(response.statusCode, `?error=${code}: ${response.body}`).toBe(200);
      expect(response.headers["content-security-policy"]).toBe(CHECKOUT_CSP);
      expect(response.body).toBe(plain);
    }
    const repeated = await app.inject({ method: "GET", url: `/onramp/checkout/${id}?error=card&error=cvc` });
    expect(repeated.body).toBe(plain);
    const card = (await app.inject({ method: "GET", url: `/onramp/checkout/${id}?error=card` })).body;
    expect(card).toContain(`<p class="status bad" role="alert">${FORM_ERRORS.card}</p>`);
    expect(plain).not.toContain('role="alert"');
  });

  it("answers an unknown order with a 404 page", async () => {
    for (const id of ["o_00000000000000000000000000000000", "nope"]) {
      const response = await app.inject({ method: "GET", url: `/onramp/checkout/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain("This checkout link is not valid.");
      expect((await pay(id)).statusCode).toBe(404);
    }
  });

  it("refuses a URL request without an amount or with an expired quote", async () => {
    const base = { destinationWallets: [{ address: BUYER, blockchains: ["fundament-local"], assets: ["mUSDC"] }] };
    const none = await app.inject({ method: "POST", url: "/v1/generators/onrampurl", payload: base });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("Choose an amount to buy before continuing to checkout");
    const expired = await app.inject({
      method: "POST",
      url: "/v1/generators/onrampurl",
      payload: { ...base, quoteId: "q_gone" },
    });
    expect(expired.json().message).toBe("This quote has expired; get a new quote");
  });
});
