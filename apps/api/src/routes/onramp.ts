import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { evmAddress } from "../convert/params.js";
import { text } from "../http/params.js";
import { payOrder } from "../onramp/checkout.js";
import { CHECKOUT_CSP, checkoutPage, checkPaymentForm, formError, missingOrderPage } from "../onramp/checkoutPage.js";
import { FIAT_PATTERN, PAYMENT_CURRENCIES, PAYMENT_METHODS } from "../onramp/money.js";
import { readOrder } from "../onramp/orders.js";
import { startLocalDelivery } from "../onramp/recovery.js";
import { createOnramp } from "../onramp/setup.js";
import type { RouteContext } from "./context.js";

const quoteBody = z.object({
  purchaseCurrency: text("purchaseCurrency", 20),
  paymentCurrency: text("paymentCurrency", 10),
  amount: text("amount", 20).regex(FIAT_PATTERN, "amount must be a decimal with at most two decimals, e.g. 100.00"),
  network: text("network", 60),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: "paymentMethod must be CARD or ACH_BANK_ACCOUNT" }).default("CARD"),
});

const presetAmount = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .positive(`${name} must be more than 0`)
    .max(1e12, `${name} is too large`);

const urlBody = z.object({
  destinationWallets: z
    .array(
      z.object({
        address: evmAddress("destinationWallets.address"),
        blockchains: z.array(text("blockchains", 60)).max(20).default([]),
        assets: z.array(text("assets", 20)).max(20).optional(),
      }),
    )
    .min(1, "destinationWallets must name one wallet")
    .max(5, "destinationWallets must name at most 5 wallets"),
  defaultNetwork: text("defaultNetwork", 60).optional(),
  partnerUserId: text("partnerUserId", 100).optional(),
  defaultExperience: z.enum(["buy"], { error: "defaultExperience must be buy" }).optional(),
  presetCryptoAmount: presetAmount("presetCryptoAmount").optional(),
  presetFiatAmount: presetAmount("presetFiatAmount").optional(),
  quoteId: text("quoteId", 100).optional(),
  paymentCurrency: z.enum(PAYMENT_CURRENCIES, { error: "paymentCurrency must be USD or EUR" }).optional(),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: "paymentMethod must be CARD or ACH_BANK_ACCOUNT" }).optional(),
});

const orderParams = z.object({ orderId: text("orderId", 40) });
// `?error=` names a refused form field; anything else (an unknown code, `__proto__`, a repeated key) shows no message.
const pageQuery = z.object({ error: z.unknown().optional().transform(formError) });

/**
 * The on-ramp of spec §7 (`GET /v1/onramp/options`, `POST /v1/onramp/quote`, `POST /v1/generators/onrampurl`) and the
 * local checkout those URLs lead to: `GET /onramp/checkout/:orderId` (a server-rendered page, no scripts) and
 * `POST /onramp/checkout/:orderId/pay` (a plain form post, answered with a redirect back to the page).
 */
export function onrampRoutes({ config, database, dex, pricer }: RouteContext): FastifyPluginAsync {
  const onramp = createOnramp(config, database, { dex, pricer });

  return async (app) => {
    // The local checkout refuses to start on an RPC that serves another chain, and recovers paid orders once ready.
    if (onramp.deliverer) await startLocalDelivery(app, database.db, onramp.deliverer);
    // The checkout's form posts (encapsulated: only these routes read form bodies).
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ["onramp"];

    r.get(
      "/v1/onramp/options",
      { schema: { tags, summary: "The currencies the on-ramp sells and takes, with each payment method's limits" } },
      () => onramp.provider.options(),
    );

    r.post(
      "/v1/onramp/quote",
      { schema: { tags, summary: "A quote: fees, total and the amount bought for a fiat subtotal", body: quoteBody } },
      (request) => onramp.provider.quote(request.body),
    );

    r.post(
      "/v1/generators/onrampurl",
      { schema: { tags, summary: "The checkout URL for a purchase to a wallet", body: urlBody } },
      (request) => onramp.provider.url(request.body, request.ip),
    );

    r.get(
      "/onramp/checkout/:orderId",
      { schema: { hide: true, params: orderParams, querystring: pageQuery } },
      async (request, reply) => {
        reply.header("content-security-policy", CHECKOUT_CSP).header("cache-control", "no-store");
        reply.type("text/html; charset=utf-8");
        const order = await readOrder(database.db, request.params.orderId);
        if (!order) return reply.code(404).send(missingOrderPage());
        return checkoutPage(order, request.query.error);
      },
    );

    r.post("/onramp/checkout/:orderId/pay", { schema: { hide: true, params: orderParams } }, async (request, reply) => {
      const { orderId } = request.params;
      const page = `/onramp/checkout/${encodeURIComponent(orderId)}`;
      const order = await readOrder(database.db, orderId);
      if (!order || !onramp.deliverer) {
        reply.header("content-security-policy", CHECKOUT_CSP).type("text/html; charset=utf-8");
        return reply.code(404).send(missingOrderPage());
      }
      if (order.status === "created") {
        const form = (typeof request.body === "object" && request.body !== null ? request.body : {}) as Record<
          string,
          string | undefined
        >;
        const problem = checkPaymentForm(order.paymentMethod, form);
        if (problem) return reply.code(303).redirect(`${page}?error=${problem}`);
        // A node that does not answer leaves the order paid (the page says so); recovery delivers it later.
        await payOrder(database.db, onramp.deliverer, orderId).catch((error: unknown) =>
          request.log.warn({ err: error, orderId }, "the on-ramp delivery stopped; recovery finishes it"),
        );
      }
      return reply.code(303).redirect(page);
    });
  };
}
