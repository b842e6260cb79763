import { and, desc, eq, gte, lte, ne, sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { exchangeTransfers } from "../db/schema.js";
import { HttpError } from "../http/errors.js";
import { sendCached } from "../http/sendCached.js";
import { storedAmountUsd } from "../sync/amountUsd.js";
import { NO_KEYS_MESSAGE } from "../sync/runBybitSync.js";
import { getSyncState, JOBS } from "../sync/syncState.js";
import type { RouteContext } from "./context.js";

const ms = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a time in milliseconds` })
    .int(`${name} must be a whole number of milliseconds`)
    .min(0, `${name} must not be negative`)
    .optional();

export const exchangeQuerySchema = z
  .object({
    limit: z.coerce
      .number({ error: "limit must be a number" })
      .int("limit must be a whole number")
      .min(1, "limit must be between 1 and 500")
      .max(500, "limit must be between 1 and 500")
      .default(50),
    cursor: z
      .string()
      .regex(/^\d+:.+$/, "cursor must be a next_cursor value from a previous page")
      .optional(),
    since: ms("since"),
    until: ms("until"),
  })
  .refine((q) => q.since === undefined || q.until === undefined || q.since <= q.until, {
    message: "since must not be after until",
  });

export type ExchangeQuery = z.infer<typeof exchangeQuerySchema>;

/** The record of the exchange routes (documentation: `/openapi.json`): the unified transfer plus `amountUsd`. */
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
});

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
  const page = async (kind: "deposit" | "withdrawal", query: ExchangeQuery) => {
    const keys = Boolean(config.bybit.credentials);
    const t = exchangeTransfers;
    const filters = [eq(t.exchange, "bybit"), eq(t.kind, kind)];
    // With keys, only what the exchange said; without, whatever history there is (demo or imported).
    if (keys) filters.push(eq(t.source, "bybit"));
    else filters.push(ne(t.source, "bybit"));
    if (query.since !== undefined) filters.push(gte(t.timestamp, query.since));
    if (query.until !== undefined) filters.push(lte(t.timestamp, query.until));
    if (query.cursor) {
      const split = query.cursor.indexOf(":");
      const time = Number(query.cursor.slice(0, split));
      const id = query.cursor.slice(split + 1);
      if (!Number.isSafeInteger(time))
        throw new HttpError(400, "cursor must be a next_cursor value from a previous page");
      filters.push(sql`(${t.timestamp}, ${t.id}) < (${time}, ${id})`);
    }
    const rows = await db
      .select({ record: t.record, timestamp: t.timestamp, id: t.id, source: t.source })
      .from(t)
      .where(and(...filters))
      .orderBy(desc(t.timestamp), desc(t.id))
      .limit(query.limit + 1);
    const more = rows.length > query.limit;
    const records = rows.slice(0, query.limit);
    const last = records.at(-1);
    const error = keys
      ? ((await getSyncState(db, kind === "deposit" ? JOBS.deposits : JOBS.withdrawals))?.lastError ?? null)
      : NO_KEYS_MESSAGE;
    const source = keys ? "bybit" : (records[0]?.source ?? "bybit");
    const list =
      records.length === 0 && error && !query.cursor
        ? null
        : records.map((row) => ({ ...row.record, amountUsd: storedAmountUsd(row.record) }));
    return {
      source,
      list,
      error,
      next_cursor: more && last ? `${last.timestamp}:${last.id}` : null,
    };
  };

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
          await sendCached(reply, cache, `${plural}?${JSON.stringify(request.query)}`, async () => {
            const { source, list, error, next_cursor } = await page(kind, request.query);
            return {
              message: `${label} retrieved`,
              statusCode: 200,
              data: { source, [plural]: list, error, next_cursor },
            };
          });
        },
      );
    }
  };
}
