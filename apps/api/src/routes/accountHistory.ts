import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { isAddress } from "viem";
import { z } from "zod";
import { readAccountHistory } from "../account/readAccountHistory.js";
import { blockCursor, chainId as chainIdParam, text } from "../http/params.js";
import type { RouteContext } from "./context.js";

const paramsSchema = z.object({
  address: text("address", 42).refine(
    (value) => isAddress(value, { strict: false }),
    "address must be a 0x-prefixed EVM address",
  ),
});

const querySchema = z.object({
  cursor: blockCursor("cursor").optional(),
  chainId: chainIdParam("chainId").optional(),
  onramp: text("onramp", 100).optional(),
});

/**
 * `GET /v1/account/:address/history`: the account's transfers (native ether and every ERC-20 token), newest first,
 * 20 per page, in the wallet layer's history shape (`data`, `next`), each labelled `operationType` (send, receive,
 * swap, invest, withdraw, mint) and tokens the deployment does not list marked `spam`. Served from the index.
 */
export function accountHistoryRoutes({ config, database, tokens }: RouteContext): FastifyPluginAsync {
  return async (app) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      "/v1/account/:address/history",
      {
        schema: {
          tags: ["wallet"],
          summary: "Native and token transfers of an account, labelled, newest first (cursor paging)",
          params: paramsSchema,
          querystring: querySchema,
        },
      },
      async (request) => {
        const address = request.params.address.toLowerCase();
        const chainId = request.query.chainId ?? config.deployment?.chainId;
        if (chainId === undefined) return { data: [], next: null };
        return readAccountHistory(database.db, {
          address,
          chainId,
          cursor: request.query.cursor,
          token: tokens.get(chainId),
          deployment: config.deployment,
          listedTokens: config.swapTokens,
        });
      },
    );
  };
}
