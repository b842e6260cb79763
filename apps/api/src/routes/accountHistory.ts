import { and, desc, eq, or, sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { formatUnits, getAddress, isAddress } from "viem";
import { z } from "zod";
import { tokenTransfers } from "../db/schema.js";
import { HttpError } from "../http/errors.js";
import type { RouteContext } from "./context.js";

const PAGE_SIZE = 20;

const paramsSchema = z.object({
  address: z
    .string()
    .refine((value) => isAddress(value, { strict: false }), "address must be a 0x-prefixed EVM address"),
});

const querySchema = z.object({
  cursor: z
    .string()
    .regex(/^\d+:\d+$/, "cursor must be a next value from a previous page")
    .optional(),
  chainId: z.coerce
    .number({ error: "chainId must be a number" })
    .int("chainId must be a whole number")
    .positive()
    .optional(),
  onramp: z.string().optional(),
});

/**
 * `GET /v1/account/:address/history`: the account's transfers of the fund's investment token, newest first,
 * 20 per page, in the wallet layer's history shape (`data`, `next`). Served from the indexed logs.
 */
export function accountHistoryRoutes({ config, database, tokens }: RouteContext): FastifyPluginAsync {
  return async (app) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      "/v1/account/:address/history",
      {
        schema: {
          tags: ["wallet"],
          summary: "Investment-token transfers of an account, newest first (cursor paging)",
          params: paramsSchema,
          querystring: querySchema,
        },
      },
      async (request) => {
        const address = request.params.address.toLowerCase();
        const chainId = request.query.chainId ?? config.deployment?.chainId;
        if (chainId === undefined) return { data: [], next: null };
        const t = tokenTransfers;
        const filters = [eq(t.chainId, chainId), or(eq(t.fromAddress, address), eq(t.toAddress, address))];
        if (request.query.cursor) {
          const [block, log] = request.query.cursor.split(":").map(Number) as [number, number];
          if (!Number.isSafeInteger(block))
            throw new HttpError(400, "cursor must be a next value from a previous page");
          filters.push(sql`(${t.blockNumber}, ${t.logIndex}) < (${block}, ${log})`);
        }
        const rows = await database.db
          .select()
          .from(t)
          .where(and(...filters))
          .orderBy(desc(t.blockNumber), desc(t.logIndex))
          .limit(PAGE_SIZE + 1);
        const page = rows.slice(0, PAGE_SIZE);
        const token = tokens.get(chainId);
        const data = page.map((row) => {
          const direction = row.fromAddress === address ? "out" : "in";
          return {
            id: `${row.txHash}:${row.logIndex}`,
            metadata: {
              minedAt: row.minedAt.toISOString(),
              chain: `eip155:${row.chainId}`,
              hash: row.txHash,
              sentFrom: getAddress(row.fromAddress),
              sentTo: getAddress(row.toAddress),
              status: "confirmed",
              operationType: direction === "out" ? "send" : "receive",
              blockNumber: row.blockNumber,
            },
            transfers: [
              {
                fungible_info: { name: token?.name ?? "Investment token", symbol: token?.symbol ?? "" },
                direction,
                quantity: { numeric: formatUnits(BigInt(row.value), token?.decimals ?? 18) },
                token_address: getAddress(row.token),
              },
            ],
          };
        });
        const last = page.at(-1);
        return { data, next: rows.length > PAGE_SIZE && last ? `${last.blockNumber}:${last.logIndex}` : null };
      },
    );
  };
}
