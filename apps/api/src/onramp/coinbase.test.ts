import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../testing/testApp.js";
import { PROVIDER_UNAVAILABLE } from "./coinbase.js";

const KEY = "stand-in-key";
const WALLET = "0x00000000000000000000000000000000000B0b01";

type Seen = { method: string; url: string; authorization: string | undefined; body: unknown };
let seen: Seen[] = [];
/** What the stand-in does next: answer as Coinbase documents, or fail. */
let mode: "ok" | "broken" = "ok";

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    let text = "";
    request.on("data", (chunk) => {
      text += chunk;
    });
    request.on("end", () => resolve(text));
  });

/** A local stand-in speaking Coinbase Onramp's v1 API (buy options, buy quote, session token). */
function standIn(): Server {
  return createServer(async (request, response) => {
    const text = await readBody(request);
    const body = text ? JSON.parse(text) : undefined;
    seen.push({
      method: request.method ?? "",
      url: request.url ?? "",
      authorization: request.headers.authorization,
      body,
    });
    const send = (status: number, answer: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(answer));
    };
    if (request.headers.authorization !== `Bearer ${KEY}`) return send(401, { code: 16, message: "Unauthenticated" });
    if (mode === "broken") {
      response.writeHead(500, { "content-type": "text/html" });
      return response.end("<html><body>upstream exploded at /srv/app.js:12</body></html>");
    }
    const path = (request.url ?? "").split("?")[0];
    if (request.method === "GET" && path === "/onramp/v1/buy/options") {
      return send(200, {
        paymentCurrencies: [
          {
            id: "USD",
            limits: [
              { id: "CARD", min: "10", max: "7500" },
              { id: "ACH_BANK_ACCOUNT", min: "10", max: "25000" },
            ],
          },
        ],
        purchaseCurrencies: [
          {
            id: "2b92315d-eab7-5bef-84fa-089a131333f5",
            name: "USD Coin",
            symbol: "USDC",
            iconUrl: "https://example.test/usdc.png",
            networks: [
              {
                name: "base",
                displayName: "Base",
                chainId: "8453",
                contractAddress: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
              },
            ],
          },
        ],
      });
    }
    if (request.method === "POST" && path === "/onramp/v1/buy/quote") {
      if (Number(body.paymentAmount) < 5) return send(400, { code: 3, message: "The payment amount is too low" });
      return send(200, {
        paymentTotal: { value: "101.99", currency: body.paymentCurrency },
        paymentSubtotal: { value: body.paymentAmount, currency: body.paymentCurrency },
        purchaseAmount: { value: "100.000000", currency: body.purchaseCurrency },
        coinbaseFee: { value: "1.49", currency: body.paymentCurrency },
        networkFee: { value: "0.50", currency: body.paymentCurrency },
        quoteId: "quote-from-coinbase",
      });
    }
    if (request.method === "POST" && path === "/onramp/v1/token")
      return send(200, { token: "session-token-1", channel_id: "" });
    return send(404, { code: 5, message: "Not found" });
  });
}

let server: Server;
let api: TestApp;

beforeAll(async () => {
  server = standIn();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  api = await testApp({
    ONRAMP_PROVIDER: "coinbase",
    COINBASE_ONRAMP_API_KEY: KEY,
    COINBASE_ONRAMP_BASE_URL: `http://127.0.0.1:${port}`,
  });
});

afterAll(async () => {
  await api?.close();
  await new Promise((resolve) => server?.close(resolve));
});

beforeEach(() => {
  seen = [];
  mode = "ok";
});

describe("the Coinbase Onramp adapter (against a local stand-in)", () => {
  it("maps buy options to the spec's shape", async () => {
    const response = await api.app.inject({ method: "GET", url: "/v1/onramp/options" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      purchaseCurrencies: [
        {
          id: "2b92315d-eab7-5bef-84fa-089a131333f5",
          name: "USD Coin",
          symbol: "USDC",
          iconUrl: "https://example.test/usdc.png",
          networks: [
            {
              name: "base",
              display_name: "Base",
              chain_id: "8453",
              contract_address: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
            },
          ],
        },
      ],
      paymentCurrencies: [
        {
          id: "USD",
          payment_method_limits: [
            { id: "CARD", min: "10", max: "7500" },
            { id: "ACH_BANK_ACCOUNT", min: "10", max: "25000" },
          ],
        },
      ],
    });
    expect(seen).toEqual([
      { method: "GET", url: "/onramp/v1/buy/options?country=US", authorization: `Bearer ${KEY}`, body: undefined },
    ]);
  });

  it("forwards a quote and maps the answer", async () => {
    const response = await api.app.inject({
      method: "POST",
      url: "/v1/onramp/quote",
      payload: { purchaseCurrency: "USDC", paymentCurrency: "USD", amount: "100.00", network: "base" },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      paymentSubtotal: { amount: "100.00", currency: "USD" },
      coinbaseFee: { amount: "1.49", currency: "USD" },
      networkFee: { amount: "0.50", currency: "USD" },
      paymentTotal: { amount: "101.99", currency: "USD" },
      purchaseAmount: { amount: "100.000000", currency: "USDC" },
      quoteId: "quote-from-coinbase",
    });
    expect(seen[0]?.body).toEqual({
      purchaseCurrency: "USDC",
      purchaseNetwork: "base",
      paymentAmount: "100.00",
      paymentCurrency: "USD",
      paymentMethod: "CARD",
      country: "US",
    });
  });

  it("passes on Coinbase's plain refusal as 400", async () => {
    const response = await api.app.inject({
      method: "POST",
      url: "/v1/onramp/quote",
      payload: { purchaseCurrency: "USDC", paymentCurrency: "USD", amount: "1.00", network: "base" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("The payment amount is too low");
  });

  it("creates a session token and answers Coinbase's checkout URL", async () => {
    const response = await api.app.inject({
      method: "POST",
      url: "/v1/generators/onrampurl",
      payload: {
        destinationWallets: [{ address: WALLET, blockchains: ["base"], assets: ["USDC"] }],
        defaultNetwork: "base",
        partnerUserId: WALLET,
        defaultExperience: "buy",
        presetFiatAmount: 100,
        quoteId: "quote-from-coinbase",
        paymentCurrency: "USD",
        paymentMethod: "CARD",
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const url = new URL(response.json().url);
    expect(`${url.origin}${url.pathname}`).toBe("https://pay.coinbase.com/buy/select-asset");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      sessionToken: "session-token-1",
      defaultNetwork: "base",
      defaultAsset: "USDC",
      defaultExperience: "buy",
      partnerUserId: WALLET,
      presetFiatAmount: "100",
      fiatCurrency: "USD",
      defaultPaymentMethod: "CARD",
      quoteId: "quote-from-coinbase",
    });
    expect(seen[0]).toMatchObject({
      method: "POST",
      url: "/onramp/v1/token",
      body: { addresses: [{ address: WALLET, blockchains: ["base"] }], assets: ["USDC"], clientIp: "127.0.0.1" },
    });
  });

  it("answers 502 with a plain sentence when Coinbase fails, never its body", async () => {
    mode = "broken";
    const response = await api.app.inject({ method: "GET", url: "/v1/onramp/options" });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(PROVIDER_UNAVAILABLE);
    expect(response.body).not.toContain("exploded");
  });

  it("answers 502 when the key is refused", async () => {
    const { port } = server.address() as AddressInfo;
    const wrongKey = await testApp({
      ONRAMP_PROVIDER: "coinbase",
      COINBASE_ONRAMP_API_KEY: "wrong",
      COINBASE_ONRAMP_BASE_URL: `http://127.0.0.1:${port}`,
    });
    try {
      const response = await wrongKey.app.inject({ method: "GET", url: "/v1/onramp/options" });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe(PROVIDER_UNAVAILABLE);
    } finally {
      await wrongKey.close();
    }
  });
});
