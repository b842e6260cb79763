import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type Address, createPublicClient, getAddress, type Hex, http, type PublicClient } from "viem";
import { mainnet } from "viem/chains";
import { z } from "zod";
import { publicClients } from "../chain/publicClients.js";
import type { Db } from "../db/client.js";
import { errorBody, HttpError, withReasons } from "../http/errors.js";
import { isCleanText, text } from "../http/params.js";
import { ResponseCache } from "../http/responseCache.js";
import { ENS_TIMEOUT_MS, IDENTITY_CACHE_MS, type Identity, lookUpEns, resolveIdentity } from "../names/identity.js";
import { readName, readNamesOf } from "../names/nameStore.js";
import { registerName } from "../names/registration.js";
import { parseName } from "../names/rules.js";
import { suggestionLabel, suggestNames } from "../names/suggestions.js";
import type { RouteContext } from "./context.js";

/** The byte cap of the ENS identity cache (about 20 000 answers). */
const IDENTITY_CACHE_BYTES = 4 * 1024 * 1024;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const address = (name: string) =>
  z
    .string({ error: `${name} must be a 0x address` })
    .max(42, `${name} must be a 0x address`)
    .regex(ADDRESS, `${name} must be a 0x address`);
const nameParam = text("name", 300).refine((value) => value.trim().length > 0, "name is required");
const optionalText = (name: string, max: number) => text(name, max).optional();

const nameRecordSchema = z.object({
  name: z.string(),
  registered: z.number().int(),
  updated: z.number().int(),
  addresses: z.record(z.string(), z.object({ address: z.string() })),
  attributes: z.record(z.string(), z.string()),
});
const identitySchema = z.object({ name: z.string().nullable(), avatar: z.string().nullable() });

const registrationBody = z.object({
  coin_type: z
    .number({ error: "coin_type must be a number" })
    .int("coin_type must be a whole number")
    .min(0, "coin_type must be 0 or more")
    .max(Number.MAX_SAFE_INTEGER, "coin_type is too large"),
  address: address("address"),
  message: z
    .string({ error: "message is required" })
    .min(1, "message is required")
    .max(2_000, "message must be at most 2000 characters")
    .refine(isCleanText, "message must not contain control characters"),
  signature: z
    .string({ error: "signature is required" })
    .max(20_000, "signature must be at most 20000 characters")
    .regex(/^0x(?:[0-9a-fA-F]{2})+$/, "signature must be 0x-prefixed hex"),
});

export type ProfileRoutesOptions = {
  /** A public client per chain id (default: from `config.rpcUrls`). */
  clientFor?: (chainId: number) => PublicClient | undefined;
  /** The ENS client (default: mainnet through ENS_RPC_URL, none without it). */
  ens?: PublicClient;
};

/** The ENS client: the one given, else mainnet through ENS_RPC_URL, else none. */
function ensClient(ensRpcUrl: string | undefined, given: PublicClient | undefined): PublicClient | undefined {
  if (given) return given;
  if (!ensRpcUrl) return undefined;
  return createPublicClient({
    chain: mainnet,
    transport: http(ensRpcUrl, { retryCount: 0, timeout: ENS_TIMEOUT_MS }),
  }) as PublicClient;
}

/**
 * ENS lookups through a cache. Only ENS answers are cached here (5 minutes, spec): they come from a slow outside RPC
 * and no write of ours changes them. Our own names are read from the database on every request (one indexed row), so
 * a registration served by any instance of a fleet shows everywhere at once.
 */
function cachedEnsLookup(ens: PublicClient | undefined): ((address: Address) => Promise<Identity>) | undefined {
  if (!ens) return undefined;
  const ensIdentities = new ResponseCache(IDENTITY_CACHE_MS, IDENTITY_CACHE_BYTES);
  return async (address) =>
    JSON.parse(
      await ensIdentities.getOrBuild(address, async () => JSON.stringify(await lookUpEns(ens, address))),
    ) as Identity;
}

/** Every error of these routes (ours, validation, rate limit) carries the wallet's `reasons`. */
function addReasonsToErrors(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== "string") return payload;
    try {
      const body = JSON.parse(payload) as { message?: unknown; reasons?: unknown };
      if (typeof body.message !== "string" || body.reasons !== undefined) return payload;
      return JSON.stringify(withReasons(errorBody(reply.statusCode, body.message)));
    } catch {
      return payload;
    }
  });
}

/** What the names routes work with. */
type NameRoutes = {
  db: Db;
  zone: string;
  clientFor: (chainId: number) => PublicClient | undefined;
  fallbackChainId: number;
  cachedEns: ((address: Address) => Promise<Identity>) | undefined;
};

/** A name's record, an address's names, and the suggestions for a name. */
function nameReadRoutes(app: FastifyInstance, { db, zone }: NameRoutes): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/v1/profile/account/:name",
    {
      schema: {
        tags: ["names"],
        summary: "A registered name's record (a bare label is read in the NAME_ZONE)",
        params: z.object({ name: nameParam }),
        querystring: z.object({ apiVersion: optionalText("apiVersion", 8) }),
        response: { 200: nameRecordSchema },
      },
    },
    async (request, reply) => {
      const { name } = parseName(request.params.name, zone);
      const record = await readName(db, name);
      if (!record) throw new HttpError(404, `Name ${name} is not registered`);
      reply.header("cache-control", "no-cache");
      return record;
    },
  );
  typed.get(
    "/v1/profile/reverse/:address",
    {
      schema: {
        tags: ["names"],
        summary: "The names an address holds, newest first (empty when none)",
        params: z.object({ address: address("address") }),
        querystring: z.object({ sender: optionalText("sender", 100), apiVersion: optionalText("apiVersion", 8) }),
        response: { 200: z.array(nameRecordSchema) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache");
      return readNamesOf(db, request.params.address);
    },
  );
  typed.get(
    "/v1/profile/suggestions/:name",
    {
      schema: {
        tags: ["names"],
        summary: "The asked name with its registered flag, then up to 5 free alternatives",
        params: z.object({ name: nameParam }),
        querystring: z.object({ zone: optionalText("zone", 190) }),
        response: {
          200: z.object({ suggestions: z.array(z.object({ name: z.string(), registered: z.boolean() })) }),
        },
      },
    },
    async (request, reply) => {
      const label = suggestionLabel(request.params.name, zone, request.query.zone);
      reply.header("cache-control", "no-cache");
      return { suggestions: await suggestNames(db, label, zone) };
    },
  );
}

/** A name's registration, and an address's identity (our registry, then ENS). */
function registrationRoutes(app: FastifyInstance, names: NameRoutes): void {
  const { db, zone, clientFor, fallbackChainId, cachedEns } = names;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    "/v1/profile/account",
    {
      schema: {
        tags: ["names"],
        summary: "Registers a name for an address from its signed message (replaces the address's old name)",
        body: registrationBody,
        response: { 201: nameRecordSchema },
      },
      bodyLimit: 32_768,
    },
    async (request, reply) => {
      const record = await registerName({
        db,
        zone,
        clientFor,
        fallbackChainId,
        coinType: request.body.coin_type,
        address: request.body.address as Address,
        message: request.body.message,
        signature: request.body.signature as Hex,
      });
      reply.code(201).header("cache-control", "no-store");
      return record;
    },
  );
  typed.get(
    "/v1/identity/:address",
    {
      schema: {
        tags: ["names"],
        summary:
          "Name and avatar of an address: our registry first, then ENS (with ENS_RPC_URL; ENS answers cached 5 minutes)",
        params: z.object({ address: address("address") }),
        querystring: z.object({ sender: optionalText("sender", 100) }),
        response: { 200: identitySchema },
      },
    },
    async (request, reply) => {
      const key = getAddress(request.params.address);
      // The wallet keeps an identity 5 minutes (spec) and refreshes it after its own registration; a browser's
      // HTTP cache would not, so browsers must ask again each time.
      reply.header("cache-control", "no-cache");
      return resolveIdentity(db, key, cachedEns);
    },
  );
}

/**
 * The names routes of the spec: `GET /v1/profile/account/:name`, `GET /v1/profile/reverse/:address`,
 * `GET /v1/profile/suggestions/:name`, `POST /v1/profile/account` and `GET /v1/identity/:address`. Their error
 * bodies add `reasons: [{ description }]`, which the wallet shows.
 */
export function profileRoutes(
  { config, database }: RouteContext,
  options: ProfileRoutesOptions = {},
): FastifyPluginAsync {
  const names: NameRoutes = {
    db: database.db,
    zone: config.names.zone,
    clientFor: options.clientFor ?? publicClients(config.rpcUrls),
    fallbackChainId: config.deployment?.chainId ?? [...config.rpcUrls.keys()][0] ?? 1,
    cachedEns: cachedEnsLookup(ensClient(config.names.ensRpcUrl, options.ens)),
  };
  return async (app) => {
    addReasonsToErrors(app);
    nameReadRoutes(app, names);
    registrationRoutes(app, names);
  };
}
