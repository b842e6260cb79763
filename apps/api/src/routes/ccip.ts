import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../http/errors.js";
import { answerCcipRequest } from "../names/ccipGateway.js";
import { CCIP_MAX_REQUEST_BYTES } from "../names/ccipRequest.js";
import { readName } from "../names/nameStore.js";
import type { RouteContext } from "./context.js";

/** The answer while CCIP_SIGNER_KEY / CCIP_RESOLVER_ADDRESS are unset. */
export const CCIP_NOT_CONFIGURED = "CCIP-Read gateway is not configured";

/** The longest `data` accepted, in characters (0x + two per byte). */
const MAX_DATA_CHARS = 2 + 2 * CCIP_MAX_REQUEST_BYTES;

const sender = z
  .string({ error: "sender is required" })
  .max(42, "sender must be a 0x address")
  .regex(/^0x[0-9a-fA-F]{40}$/, "sender must be a 0x address");
const data = z
  .string({ error: "data is required" })
  .max(MAX_DATA_CHARS, `data must be at most ${CCIP_MAX_REQUEST_BYTES} bytes`)
  .regex(/^0x(?:[0-9a-fA-F]{2})*$/, "data must be 0x-prefixed hex");

const answerSchema = z.object({
  data: z.string().describe("abi.encode(bytes result, uint64 expires, bytes signature), signed for the resolver"),
});

const summary = "CCIP-Read (EIP-3668) gateway of the OffchainResolver: addr and text records of our names";

/**
 * The CCIP-Read gateway: `GET /ccip/:sender/:data.json` (the resolver's URL template
 * `…/ccip/{sender}/{data}.json`) and `POST /ccip` with `{ sender, data }`. Both answer `{ data }` to any origin.
 * Without CCIP_SIGNER_KEY and CCIP_RESOLVER_ADDRESS both answer 404 "CCIP-Read gateway is not configured".
 */
export function ccipRoutes({ config, database }: RouteContext): FastifyPluginAsync {
  const ccip = config.ccip;
  return async (app) => {
    // Any dapp or wallet may resolve our names from a browser (EIP-3668 asks gateways to allow every origin); the
    // hook is scoped to these routes. GET needs no preflight; POST does, so the resolver's URL is the GET template.
    app.addHook("onRequest", async (_request, reply) => {
      reply.header("access-control-allow-origin", "*");
    });
    if (!ccip) {
      const off = async () => {
        throw new HttpError(404, CCIP_NOT_CONFIGURED);
      };
      app.get("/ccip/*", { schema: { hide: true } }, off);
      app.post("/ccip", { schema: { hide: true } }, off);
      return;
    }
    const answer = async (request: { sender: string; data: string }) => ({
      data: await answerCcipRequest({
        ...request,
        config: ccip,
        lookup: async (fullName) => (await readName(database.db, fullName)) ?? undefined,
        nowSeconds: Date.now() / 1000,
      }),
    });
    const typed = app.withTypeProvider<ZodTypeProvider>();
    // A wildcard rather than `:data`: a lookup's data is longer than a route parameter may be (100 characters).
    typed.get(
      "/ccip/:sender/*",
      {
        schema: {
          tags: ["names"],
          summary,
          params: z.object({
            sender,
            "*": z
              .string()
              .max(MAX_DATA_CHARS + 5, `data must be at most ${CCIP_MAX_REQUEST_BYTES} bytes`)
              .regex(/^0x(?:[0-9a-fA-F]{2})*(?:\.json)?$/, "data must be 0x-prefixed hex, followed by .json")
              .describe("The lookup's callData (resolve(bytes,bytes)), 0x hex, then .json"),
          }),
          response: { 200: answerSchema },
        },
      },
      async (request) => answer({ sender: request.params.sender, data: request.params["*"].replace(/\.json$/, "") }),
    );
    typed.post(
      "/ccip",
      {
        schema: {
          tags: ["names"],
          summary,
          body: z.object({ sender, data }),
          response: { 200: answerSchema },
        },
        bodyLimit: 16_384,
      },
      async (request) => answer(request.body),
    );
  };
}
