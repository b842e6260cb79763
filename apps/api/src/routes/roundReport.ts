import {
  buildRoundReport,
  createFundPublicClient,
  type Deployment,
  FundamentError,
  investmentFundAbi,
  isSupportedChainId,
  MAX_MANUAL_ITEMS,
  MAX_MANUAL_NOTE,
  parseRoundReport,
  serializeRoundReport,
} from "@fundament/sdk";
import ccxt, { type Exchange } from "ccxt";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from "fastify";
import {
  type Client,
  createPublicClient,
  getAddress,
  http,
  keccak256,
  stringToBytes,
  BaseError as ViemError,
  zeroHash,
} from "viem";
import { readContract } from "viem/actions";
import { z } from "zod";
import { CHAIN_UNREACHABLE } from "../convert/dex.js";
import { roundReports } from "../db/schema.js";
import { HttpError } from "../http/errors.js";
import { isCleanText } from "../http/params.js";
import { readExchangeSnapshot } from "../reports/readExchangeSnapshot.js";
import { createBybit } from "../sync/createBybit.js";
import { describeExchangeError, exchangeErrorCause } from "../sync/describeExchangeError.js";
import { ExchangeAnswerError } from "../sync/exchangeAnswer.js";
import type { RouteContext } from "./context.js";

/** A positive whole number, as a path segment. */
const id = z.string().regex(/^[1-9]\d{0,9}$/, "must be a positive whole number");
const roundParams = z.object({ vaultId: id, poolId: id });
/** A manual item as the admin declares it: a positive amount in token units and a note (the builder checks the sum). */
const manualItem = z.object(
  {
    amount: z
      .string({ error: 'amount must be text, a positive decimal number such as "150.5"' })
      .max(40, "amount must be at most 40 characters")
      .regex(/^\d+(\.\d+)?$/, 'amount must be a positive decimal number such as "150.5"')
      .refine((amount) => /[1-9]/.test(amount), "amount must be more than zero"),
    note: z
      .string({ error: `note must be text of 1 to ${MAX_MANUAL_NOTE} characters` })
      .refine(isCleanText, "note must not contain control characters")
      .refine(
        (note) => note.trim().length > 0 && note.trim().length <= MAX_MANUAL_NOTE,
        `note must be 1 to ${MAX_MANUAL_NOTE} characters`,
      ),
  },
  { error: "each manual item must be { amount, note }" },
);
const buildBody = z
  .object(
    {
      manualItems: z
        .array(manualItem, {
          error: `manualItems must be a list of at most ${MAX_MANUAL_ITEMS} { amount, note } items`,
        })
        .max(MAX_MANUAL_ITEMS, `manualItems must list at most ${MAX_MANUAL_ITEMS} items`)
        .default([]),
    },
    { error: "the body must be a JSON object { manualItems }" },
  )
  .default({ manualItems: [] });

/** The round's path parameters, or 400 in words. */
function parseRound(params: unknown): { vaultId: bigint; poolId: bigint } {
  const parsed = roundParams.safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HttpError(400, `The ${String(issue?.path[0] ?? "id")} ${issue?.message ?? "is not valid"}.`);
  }
  return { vaultId: BigInt(parsed.data.vaultId), poolId: BigInt(parsed.data.poolId) };
}

/** The build's body, or 400 naming the item and what is wrong (`manualItems[1]: note must be 1 to 280 characters`). */
function parseBuildBody(body: unknown): z.infer<typeof buildBody> {
  const parsed = buildBody.safeParse(body ?? undefined);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const [, index] = issue?.path ?? [];
  const where = typeof index === "number" ? `manualItems[${index}]: ` : "";
  throw new HttpError(400, `${where}${issue?.message ?? "the body is not valid"}.`);
}

export type RoundReportRoutesOptions = {
  /** The clock the exchange is asked at (tests pin it so a report is reproducible). */
  now?: () => Date;
  /** The exchange account (tests pass one); by default the configured Bybit account, or none. */
  exchange?: Exchange | null;
};

/**
 * A round's NAV report (`/v1/vaults/{vaultId}/rounds/{poolId}/report`):
 * - `POST` builds it now from the chain and the exchange account (read-only key) and stores it (201 `{hash, text,
 *   total}`): what the admin's settlement will carry;
 * - `GET` serves, byte for byte, the stored report whose hash the round's settlement carries on chain;
 * - `PUT` stores a report someone already holds (the demo seed's, an operator's backup), only when its hash is the one
 *   the chain carries: anyone may publish it, nobody can publish another.
 */
export function roundReportRoutes(
  { config, database }: RouteContext,
  { now = () => new Date(), exchange }: RoundReportRoutesOptions = {},
): FastifyPluginAsync {
  const credentials = config.bybit.credentials;
  const deployment = config.deployment;
  const state: ReportState = {
    db: database.db,
    deployment,
    rpcUrl: deployment && config.rpcUrls.get(deployment.chainId),
    client: undefined,
    exchange:
      exchange !== undefined
        ? exchange
        : credentials
          ? createBybit({ ...credentials, baseUrl: config.bybit.baseUrl })
          : null,
    now,
  };
  const limit = {
    rateLimit: { max: Math.max(1, Math.floor(config.rateLimit.max / 30)), timeWindow: config.rateLimit.windowMs },
  };
  const path = "/v1/vaults/:vaultId/rounds/:poolId/report";
  return async (app) => {
    app.post(
      path,
      { config: limit, schema: { tags: ["reports"], summary: "Build a locked round's NAV report now and store it" } },
      async (request, reply) => reply.code(201).send(await buildReport(state, request)),
    );
    app.get(
      path,
      {
        schema: {
          tags: ["reports"],
          summary: "A settled round's NAV report, byte for byte, as its settlement's hash says",
        },
      },
      async (request, reply) => {
        const { hash, text } = await servedReport(state, request);
        return reply
          .type("application/json")
          .header("x-report-hash", hash)
          .header("cache-control", "public, max-age=31536000, immutable")
          .send(text);
      },
    );
    // The publishing route reads its body as text: the hash is over the bytes as sent.
    await app.register(async (raw) => {
      raw.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: 1_048_576 }, (_r, body, done) =>
        done(null, body),
      );
      raw.put(
        path,
        {
          config: limit,
          bodyLimit: 1_048_576,
          schema: {
            tags: ["reports"],
            summary: "Publish a settled round's report; accepted only if the chain carries its hash",
          },
        },
        async (request, reply) => {
          const { hash, stored } = await publishReport(state, request);
          return reply.code(stored ? 201 : 200).send({ hash });
        },
      );
    });
  };
}

/** What the report routes share: the database, the fund's chain (its client made once) and the exchange account. */
type ReportState = {
  db: RouteContext["database"]["db"];
  deployment: Deployment | undefined;
  rpcUrl: string | undefined;
  client: Client | undefined;
  exchange: Exchange | null;
  now: () => Date;
};

/**
 * The fund's deployment and a client of its chain. A server without a fund has no round to report on: 404, as a
 * network the API is not set up for is a 4xx on the other routes.
 */
function chain(state: ReportState): { deployment: Deployment; client: Client } {
  const { deployment, rpcUrl } = state;
  if (!deployment || !rpcUrl) {
    throw new HttpError(
      404,
      "This server has no fund deployment, so it holds no round reports (FUND_ADDRESS and RPC_URL set it).",
    );
  }
  state.client ??= isSupportedChainId(deployment.chainId)
    ? createFundPublicClient({ chainId: deployment.chainId, rpcUrl })
    : createPublicClient({ transport: http(rpcUrl) });
  return { deployment, client: state.client };
}

/** A chain read's failure (an RPC that does not answer, or answers nonsense): 503 in words, the cause in the log. */
function chainFailure(log: FastifyBaseLogger, error: unknown): unknown {
  if (!(error instanceof ViemError)) return error;
  log.warn({ cause: error.shortMessage }, "the fund's chain did not answer for a round's report");
  return new HttpError(503, CHAIN_UNREACHABLE);
}

/** The pool as the chain shows it now, checked to be a round of the vault. */
async function readRound(state: ReportState, log: FastifyBaseLogger, vaultId: bigint, poolId: bigint) {
  const { deployment, client } = chain(state);
  const pool = await readContract(client, {
    address: deployment.investmentFund,
    abi: investmentFundAbi,
    functionName: "getPoolInfo",
    args: [poolId],
  }).catch((error: unknown) => {
    throw chainFailure(log, error);
  });
  if (pool.vaultId !== vaultId) throw new HttpError(404, `Pool ${poolId} is not a round of vault ${vaultId}.`);
  return pool;
}

/** Stores a report's text under its hash (once); whether it was new. */
async function store(state: ReportState, vaultId: bigint, poolId: bigint, hash: string, text: string) {
  const { deployment } = chain(state);
  const inserted = await state.db
    .insert(roundReports)
    .values({ hash, chainId: deployment.chainId, vaultId: Number(vaultId), poolId: Number(poolId), text })
    .onConflictDoNothing()
    .returning({ hash: roundReports.hash });
  return inserted.length > 0;
}

/** The exchange account's answer for a report, or none without an account; its failure is a 502 in words. */
async function exchangeSnapshot(state: ReportState, log: FastifyBaseLogger, at: Date) {
  if (!state.exchange) return null;
  try {
    return await readExchangeSnapshot(state.exchange, at);
  } catch (error) {
    log.warn({ cause: exchangeErrorCause(error) }, "the exchange did not answer for a round's report");
    const said = error instanceof ExchangeAnswerError || error instanceof ccxt.BaseError;
    throw new HttpError(
      502,
      `The report was not built: the exchange account did not answer (${said ? reportWords(error, at) : "no answer"}).`,
    );
  }
}

/**
 * The sync's sentence for an exchange failure, without what the sync does next ("the next run tries again"): a
 * report is built only when asked, and nothing of it is stored.
 */
function reportWords(error: unknown, at: Date): string {
  return describeExchangeError(error, at)
    .replace(/(: nothing of that answer was stored|; the next run).*$/s, "")
    .replace(/\.$/, "");
}

/** `POST`: builds the round's report now (chain at the latest block, the exchange's answer), stores it. */
async function buildReport(state: ReportState, request: FastifyRequest) {
  const { vaultId, poolId } = parseRound(request.params);
  const { manualItems } = parseBuildBody(request.body);
  const { deployment, client } = chain(state);
  await readRound(state, request.log, vaultId, poolId);
  const exchange = await exchangeSnapshot(state, request.log, state.now());
  let report: Awaited<ReturnType<typeof buildRoundReport>>;
  try {
    report = await buildRoundReport(client, { deployment, poolId, exchange, manualItems });
  } catch (error) {
    if (error instanceof FundamentError) throw new HttpError(409, error.shortMessage);
    throw chainFailure(request.log, error);
  }
  const text = serializeRoundReport(report);
  const hash = keccak256(stringToBytes(text));
  await store(state, vaultId, poolId, hash, text);
  return { hash, text, total: report.total };
}

/** `GET`: the stored report whose hash the round's settlement carries. */
async function servedReport(state: ReportState, request: FastifyRequest) {
  const { vaultId, poolId } = parseRound(request.params);
  const pool = await readRound(state, request.log, vaultId, poolId);
  if (pool.reportHash === zeroHash) {
    throw new HttpError(
      404,
      `Round ${pool.round} of vault ${vaultId} (pool ${poolId}) is not settled yet: its report is published when it settles.`,
    );
  }
  const [row] = await state.db
    .select({ text: roundReports.text })
    .from(roundReports)
    .where(eq(roundReports.hash, pool.reportHash.toLowerCase()))
    .limit(1);
  if (!row) {
    throw new HttpError(
      404,
      `The report of round ${poolId} (hash ${pool.reportHash}) is not stored on this server: whoever holds it can publish it here.`,
    );
  }
  return { hash: pool.reportHash, text: row.text };
}

/** `PUT`: stores a report someone holds, only when its bytes hash to what the round's settlement carries. */
async function publishReport(state: ReportState, request: FastifyRequest) {
  const { vaultId, poolId } = parseRound(request.params);
  const text = typeof request.body === "string" ? request.body : "";
  const hash = keccak256(stringToBytes(text));
  let report: ReturnType<typeof parseRoundReport>;
  try {
    report = parseRoundReport(text);
  } catch (error) {
    throw new HttpError(400, error instanceof FundamentError ? error.shortMessage : "The report is not valid.");
  }
  const { deployment } = chain(state);
  if (
    report.vaultId !== String(vaultId) ||
    report.poolId !== String(poolId) ||
    report.chainId !== deployment.chainId ||
    getAddress(report.fund) !== getAddress(deployment.investmentFund)
  ) {
    throw new HttpError(400, `The report is not about round ${poolId} of vault ${vaultId} of this fund.`);
  }
  const pool = await readRound(state, request.log, vaultId, poolId);
  if (pool.reportHash.toLowerCase() !== hash) {
    throw new HttpError(
      409,
      pool.reportHash === zeroHash
        ? `Round ${pool.round} of vault ${vaultId} (pool ${poolId}) is not settled yet: a report is published once its settlement carries the hash.`
        : `This report's hash (${hash}) is not the one round ${poolId}'s settlement carries (${pool.reportHash}).`,
    );
  }
  return { hash, stored: await store(state, vaultId, poolId, hash, text) };
}
