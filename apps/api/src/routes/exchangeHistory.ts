import type { ExchangeTransfer } from "@fundament/sdk";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { readTransferPage, transferEnvelopeJson } from "../exchange/readTransfers.js";
import { exchangeCursor, strictInt, timeMs } from "../http/params.js";
import { sendCached } from "../http/sendCached.js";
import type { RouteContext } from "./context.js";

export const exchangeQuerySchema = z
  .object({
    limit: strictInt("limit", 1, 500, "a whole number between 1 and 500").default(50),
    cursor: exchangeCursor("cursor").optional(),
    since: timeMs("since").optional(),
    until: timeMs("until").optional(),
  })
  .refine((q) => q.since === undefined || q.until === undefined || q.since <= q.until, {
    message: "since must not be after until",
  });

export type ExchangeQuery = z.infer<typeof exchangeQuerySchema>;

/**
 * The record of the exchange routes (documentation: `/openapi.json`): the unified transfer plus `amountUsd`. Held to
 * the SDK's `ExchangeTransfer` at compile time, so the stored record and the type clients read cannot drift apart.
 */
export const transferRecordSchema = z.looseObject({
  coin: z.string(),
  chain: z.string(),
  amount: z.number(),
  amountUsd: z
    .number()
    .nullable()
    .describe(
      "The amount in US dollars at the transfer's time: the amount for a dollar stablecoin, else amount × the close of the coin's 1-minute COIN/USDT candle on Bybit; null when no price could be had",
    ),
  txID: z.string().nullable(),
  status: z.string(),
  tag: z.string().nullable(),
  id: z.string(),
  txid: z.string().nullable(),
  timestamp: z.number().describe("Exchange time in ms"),
  datetime: z.string(),
  network: z.string().nullable(),
  address: z.string().nullable(),
  addressTo: z.string().nullable(),
  addressFrom: z.string().nullable(),
  tagTo: z.string().nullable(),
  tagFrom: z.string().nullable(),
  type: z.enum(["deposit", "withdrawal"]),
  currency: z.string(),
  fee: z.object({ currency: z.string(), cost: z.number() }).nullable(),
  info: z.record(z.string(), z.unknown()).describe("Bybit's own record"),
}) satisfies z.ZodType<ExchangeTransfer>;

const envelopeSchema = (plural: "deposits" | "withdrawals") =>
  z.object({
    message: z.string(),
    statusCode: z.number(),
    data: z.object({
      source: z.string(),
      [plural]: z.array(transferRecordSchema).nullable(),
      error: z.string().nullable(),
      next_cursor: z.string().nullable(),
    }),
  });

/** `GET /api/deposits/bybit` and `GET /api/withdrawals/bybit`: the spec's envelope, read from the database. */
export function exchangeHistoryRoutes({ config, database, cache }: RouteContext): FastifyPluginAsync {
  const { db } = database;
  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    for (const [kind, plural, label] of [
      ["deposit", "deposits", "Deposits"],
      ["withdrawal", "withdrawals", "Withdrawals"],
    ] as const) {
      typed.get(
        `/api/${plural}/bybit`,
        {
          schema: {
            tags: ["exchange"],
            summary: `${label} of the fund on Bybit, newest first, in the unified transfer shape`,
            querystring: exchangeQuerySchema,
            response: { 200: envelopeSchema(plural) },
          },
        },
        // The body goes out as the cached JSON text, so the response schema documents it and serializes nothing.
        async (request, reply) => {
          await sendCached(reply, cache, `${plural}?${JSON.stringify(request.query)}`, async () =>
            transferEnvelopeJson(label, plural, await readTransferPage(db, config, kind, request.query)),
          );
        },
      );
    }
  };
}
