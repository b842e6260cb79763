import { randomUUID } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type Account,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseUnits,
} from "viem";
import { answerCors, readBody, sendJson } from "./standInHttp.js";

/** A token the stand-in sells (its contract holds a balance of the funder, who delivers by `transfer`). */
export type OnrampTestToken = { address: Address; symbol: string; name: string; decimals: number; priceUsd: number };

/** An order of the stand-in's checkout. */
export type OnrampTestOrder = {
  id: string;
  address: Address;
  asset: string;
  network: string;
  /** The amount of tokens delivered on pay (decimal string). */
  amount: string;
  state: "created" | "paid" | "delivered" | "failed";
  txHash?: Hex | undefined;
};

export type OnrampTestServer = {
  url: string;
  stop(): Promise<void>;
  /** Every request, `METHOD /path`. */
  requests: string[];
  /** Bodies of `POST /v1/onramp/quote`. */
  quotes: unknown[];
  /** Bodies of `POST /v1/generators/onrampurl`. */
  urls: unknown[];
  orders: Map<string, OnrampTestOrder>;
  /** `GET /v1/onramp/options` answers 500 while true. */
  failOptions: boolean;
  /** `POST /v1/onramp/quote` answers 500 while true. */
  failQuote: boolean;
  /** `POST /v1/fungible/price` answers 500 while true. */
  failPrices: boolean;
  /** Pays an order as the checkout's "Pay" button does: delivers on the chain (once) and returns the order. */
  pay(orderId: string): Promise<OnrampTestOrder>;
};

const LIMITS: Record<string, { min: number; max: number; kind: string; label: string }> = {
  CARD: { min: 10, max: 7500, kind: "card", label: "7,500.00" },
  ACH_BANK_ACCOUNT: { min: 10, max: 25000, kind: "bank", label: "25,000.00" },
};
const FEES: Record<string, number> = { CARD: 0.015, ACH_BANK_ACCOUNT: 0.01 };
const EUR_USD = 1.08;

/**
 * A small HTTP server speaking the on-ramp contract of issue 14 (`/v1/onramp/options`, `/v1/onramp/quote`,
 * `/v1/generators/onrampurl`, `/v1/fungible/price`) with a checkout whose pay step really delivers on the chain: an
 * ERC-20 `transfer` from the funder, or ETH sent by the funder. Switches make options, quote or prices fail. For
 * the wallet's component tests; the API's own tests prove the real routes.
 */
export async function startOnrampTestServer(p: {
  rpcUrl: string;
  chain: Chain;
  /** The account holding the tokens and ETH that are delivered. */
  funder: Account;
  tokens: readonly OnrampTestToken[];
  /** USD per ETH (default 3000). */
  ethPriceUsd?: number;
  /** The network id (default "fundament-local"). */
  network?: string;
}): Promise<OnrampTestServer> {
  const network = p.network ?? "fundament-local";
  const ethPrice = p.ethPriceUsd ?? 3000;
  const wallet = createWalletClient({ account: p.funder, chain: p.chain, transport: http(p.rpcUrl) });
  const client = createPublicClient({ chain: p.chain, transport: http(p.rpcUrl) });
  const requests: string[] = [];
  const quotes: unknown[] = [];
  const urls: unknown[] = [];
  const orders = new Map<string, OnrampTestOrder>();
  const issuedQuotes = new Map<string, { asset: string; amount: string }>();
  const state = { failOptions: false, failQuote: false, failPrices: false };
  const assets = [
    ...p.tokens.map((t) => ({
      id: t.symbol,
      name: t.name,
      contract: t.address as string,
      decimals: t.decimals,
      price: t.priceUsd,
    })),
    { id: "ETH", name: "Ether", contract: "", decimals: 18, price: ethPrice },
  ];

  const json = sendJson;
  const fail = (res: ServerResponse, status: number, message: string) =>
    json(res, status, { statusCode: status, error: status === 400 ? "Bad Request" : "Error", message });
  const cents = (n: number) => (Math.round(n * 100) / 100).toFixed(2);

  const pay = async (orderId: string): Promise<OnrampTestOrder> => {
    const order = orders.get(orderId);
    if (!order) throw new Error("No such order");
    if (order.state !== "created") return order;
    order.state = "paid";
    const asset = assets.find((a) => a.id === order.asset);
    try {
      if (!asset) throw new Error("Unknown asset");
      const value = parseUnits(order.amount, asset.decimals);
      const hash = asset.contract
        ? await wallet.writeContract({
            address: asset.contract as Address,
            abi: erc20Abi,
            functionName: "transfer",
            args: [order.address, value],
          })
        : await wallet.sendTransaction({ to: order.address, value });
      await client.waitForTransactionReceipt({ hash });
      order.txHash = hash;
      order.state = "delivered";
    } catch {
      order.state = "failed";
    }
    return order;
  };

  const server = createServer(async (req, res) => {
    // CORS as the API's @fastify/cors answers a page's origin.
    if (answerCors(req, res)) return;
    const url = new URL(req.url ?? "/", "http://x");
    requests.push(`${req.method} ${url.pathname}`);
    try {
      if (req.method === "GET" && url.pathname === "/v1/onramp/options") {
        if (state.failOptions) return fail(res, 500, "Options unavailable");
        const limits = Object.entries(LIMITS).map(([id, l]) => ({ id, min: cents(l.min), max: cents(l.max) }));
        return json(res, 200, {
          purchaseCurrencies: assets.map((a) => ({
            id: a.id,
            name: a.name,
            symbol: a.id,
            iconUrl: "",
            networks: [
              {
                name: network,
                display_name: "Fundament local",
                chain_id: String(p.chain.id),
                contract_address: a.contract,
              },
            ],
          })),
          paymentCurrencies: ["USD", "EUR"].map((id) => ({ id, payment_method_limits: limits })),
        });
      }
      if (req.method === "POST" && url.pathname === "/v1/onramp/quote") {
        const body = JSON.parse(await readBody(req)) as Record<string, string>;
        quotes.push(body);
        if (state.failQuote) return fail(res, 500, "Quote unavailable");
        const method = body.paymentMethod ?? "CARD";
        const limit = LIMITS[method];
        const asset = assets.find((a) => a.id === body.purchaseCurrency);
        const currency = body.paymentCurrency ?? "";
        if (!limit || !asset || body.network !== network || !["USD", "EUR"].includes(currency))
          return fail(res, 400, "This currency is not offered on this network");
        const amount = Number(body.amount);
        if (!(amount >= limit.min && amount <= limit.max))
          return fail(res, 400, `Enter an amount from 10.00 to ${limit.label} ${currency} for ${limit.kind} payments`);
        const fee = amount * (FEES[method] ?? 0);
        const networkFee = 0.02;
        const usd = amount * (currency === "EUR" ? EUR_USD : 1);
        const bought = (usd / asset.price).toFixed(Math.min(asset.decimals, 6));
        const quoteId = `q_${randomUUID()}`;
        issuedQuotes.set(quoteId, { asset: asset.id, amount: bought });
        return json(res, 200, {
          paymentSubtotal: { amount: cents(amount), currency },
          coinbaseFee: { amount: cents(fee), currency },
          networkFee: { amount: cents(networkFee), currency },
          paymentTotal: { amount: cents(amount + fee + networkFee), currency },
          purchaseAmount: { amount: bought, currency: asset.id },
          quoteId,
        });
      }
      if (req.method === "POST" && url.pathname === "/v1/generators/onrampurl") {
        const body = JSON.parse(await readBody(req)) as {
          destinationWallets: { address: Address; blockchains: string[]; assets: string[] }[];
          quoteId?: string;
          presetFiatAmount?: number;
        };
        urls.push(body);
        const destination = body.destinationWallets[0];
        if (!destination) return fail(res, 400, "destinationWallets is required");
        const quoted = body.quoteId ? issuedQuotes.get(body.quoteId) : undefined;
        const asset = quoted?.asset ?? destination.assets[0] ?? "";
        const price = assets.find((a) => a.id === asset)?.price ?? 1;
        const id = randomUUID();
        orders.set(id, {
          id,
          address: destination.address,
          asset,
          network: destination.blockchains[0] ?? network,
          amount: quoted?.amount ?? ((body.presetFiatAmount ?? 0) / price).toFixed(6),
          state: "created",
        });
        return json(res, 200, { url: `${base}/onramp/checkout/${id}` });
      }
      const checkout = /^\/onramp\/checkout\/([^/]+)(\/pay)?$/.exec(url.pathname);
      if (checkout) {
        const id = checkout[1] as string;
        const order = orders.get(id);
        if (!order) return fail(res, 404, "No such order");
        if (req.method === "POST" && checkout[2]) {
          const paid = await pay(id);
          return json(res, paid.state === "delivered" ? 200 : 500, paid);
        }
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return res.end(
          `<!doctype html><title>Checkout</title><p>${order.amount} ${order.asset} to ${order.address}</p>` +
            `<form method="post" action="/onramp/checkout/${id}/pay"><button>Pay</button></form>`,
        );
      }
      if (req.method === "POST" && url.pathname === "/v1/fungible/price") {
        if (state.failPrices) return fail(res, 500, "Prices unavailable");
        const body = JSON.parse(await readBody(req)) as { addresses: string[] };
        const fungibles = body.addresses.flatMap((id) => {
          const address = id.split(":").at(-1)?.toLowerCase() ?? "";
          const asset = assets.find((a) =>
            a.contract
              ? a.contract.toLowerCase() === address
              : address === "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee",
          );
          return asset ? [{ name: asset.name, symbol: asset.id, iconUrl: "", price: asset.price, address: id }] : [];
        });
        return json(res, 200, { fungibles });
      }
      return fail(res, 404, "Not found");
    } catch (e) {
      return fail(res, 500, String((e as Error).message));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    requests,
    quotes,
    urls,
    orders,
    get failOptions() {
      return state.failOptions;
    },
    set failOptions(v) {
      state.failOptions = v;
    },
    get failQuote() {
      return state.failQuote;
    },
    set failQuote(v) {
      state.failQuote = v;
    },
    get failPrices() {
      return state.failPrices;
    },
    set failPrices(v) {
      state.failPrices = v;
    },
    pay,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
