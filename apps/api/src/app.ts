import cookie from "@fastify/cookie";
import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { InvestmentToken } from "@fundament/sdk";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import type { Config } from "./config.js";
import { dexChains } from "./convert/dex.js";
import type { Database } from "./db/client.js";
import { clientErrorMessage, errorBody, HttpError } from "./http/errors.js";
import { loggerOptions } from "./http/logger.js";
import { createMetrics } from "./http/metrics.js";
import { type SharedRateLimitOptions, sharedRateLimit } from "./http/rateLimitStore.js";
import { ResponseCache } from "./http/responseCache.js";
import { createPricer } from "./prices/prices.js";
import { accessRequestRoutes } from "./routes/accessRequests.js";
import { accountHistoryRoutes } from "./routes/accountHistory.js";
import { adminRoutes } from "./routes/admin.js";
import { analyticsRoutes } from "./routes/analytics.js";
import { authRoutes } from "./routes/auth.js";
import { ccipRoutes } from "./routes/ccip.js";
import type { RouteContext } from "./routes/context.js";
import { convertRoutes } from "./routes/convert.js";
import { embeddedRoutes } from "./routes/embedded.js";
import { embeddedFarcasterRoutes } from "./routes/embeddedFarcaster.js";
import { embeddedSocialRoutes } from "./routes/embeddedSocial.js";
import { exchangeHistoryRoutes } from "./routes/exchangeHistory.js";
import { healthRoutes } from "./routes/health.js";
import { onrampRoutes } from "./routes/onramp.js";
import { performanceRoutes } from "./routes/performance.js";
import { priceRoutes } from "./routes/prices.js";
import { profileRoutes } from "./routes/profile.js";
import { type RoundReportRoutesOptions, roundReportRoutes } from "./routes/roundReport.js";
import { sessionRoutes } from "./routes/sessions.js";
import { vaultPlanRoutes } from "./routes/vaultPlans.js";

export type AppDeps = {
  database: Database;
  /** Shared with the sync jobs, which clear it after each write. */
  cache?: ResponseCache;
  /** The indexed investment token per chain id (filled by the history indexer). */
  tokens?: Map<number, InvestmentToken>;
  /** Registers `GET /bench/bare`, the benchmark's baseline route. */
  benchRoute?: boolean;
  /** Where log lines go (stdout by default). */
  logStream?: { write(line: string): void };
  /** Timings of the rate-limit store shared through PostgreSQL (tests shorten them). */
  sharedRateLimit?: Omit<SharedRateLimitOptions, "db" | "log">;
  /** The round reports' clock and exchange account (tests pin the clock so a report is reproducible). */
  roundReports?: RoundReportRoutesOptions;
};

/** Fastify's `trustProxy` for TRUST_PROXY: a hop count trusts that many proxies nearest to the server. */
function trustProxyOption(trust: Config["trustProxy"]): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === "number" ? (_address, hop) => hop < trust : trust;
}

/** The Fastify app with every route and plugin, not listening. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    trustProxy: trustProxyOption(config.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const metrics = createMetrics(app, deps.database.db);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext === "querystring" ? "query" : (error.validationContext ?? "request");
      const details = error.validation
        .map((issue) => {
          const path = issue.instancePath.replace(/^\//, "").replace(/\//g, ".");
          return path ? `${path}: ${issue.message}` : issue.message;
        })
        .join("; ");
      return reply.code(400).send(errorBody(400, `Invalid ${where}: ${details}`));
    }
    if (error instanceof HttpError)
      return reply.code(error.statusCode).send(errorBody(error.statusCode, error.message));
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status < 500) return reply.code(status).send(errorBody(status, clientErrorMessage(error, status)));
    // The log keeps the cause (the database's own code, message and detail); the answer never does.
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send(errorBody(500, "The server could not answer this request"));
  });

  await app.register(helmet, { global: true });
  await app.register(cors, {
    // The embedded wallet's secure frame calls the API from its own origin (with a bearer token, not cookies).
    origin: [...config.webOrigins, config.embedded.frameOrigin],
    credentials: true,
    methods: ["GET", "POST", "PUT", "OPTIONS"],
  });
  await app.register(cookie);
  // On PostgreSQL the count is shared by every instance on the database, flushed in batches every
  // RATE_LIMIT_FLUSH_MS (falling back to this instance's memory while the database fails); PGlite serves one
  // process, so its count stays in memory. Closing the app flushes the pending hits.
  const shared =
    deps.database.driver === "postgres"
      ? sharedRateLimit({
          flushEveryMs: config.rateLimit.flushEveryMs,
          ...deps.sharedRateLimit,
          db: deps.database.db,
          log: app.log.child({ component: "rate-limit" }),
        })
      : undefined;
  if (shared) app.addHook("onClose", async () => shared.close());
  await app.register(rateLimit, {
    ...(shared && { store: shared.Store }),
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    // Thrown by the plugin, so an HttpError: the error handler answers it as is.
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests: at most ${context.max} per ${context.after}; try again later`),
  });
  // A 404 counts against the same limit: probing for paths is not free.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) =>
    reply.code(404).send(errorBody(404, `Route not found: ${request.method} ${request.url.split("?")[0]}`)),
  );
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Fundament API",
        version: "0.1.0",
        description: "Vault performance, the fund's exchange history, account history and sign-in sessions.",
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/docs", staticCSP: true });
  app.get("/openapi.json", { schema: { hide: true } }, () => app.swagger());

  const context: RouteContext = {
    config,
    database: deps.database,
    cache: deps.cache ?? new ResponseCache(config.cacheTtlMs),
    tokens: deps.tokens ?? new Map(),
    dex: dexChains(config),
    pricer: createPricer({
      feeds: config.priceFeeds,
      log: (message) => app.log.child({ component: "prices" }).warn(message),
    }),
  };
  await app.register(healthRoutes(context, metrics));
  await app.register(performanceRoutes(context));
  await app.register(exchangeHistoryRoutes(context));
  await app.register(adminRoutes(context));
  await app.register(authRoutes(context));
  await app.register(accountHistoryRoutes(context));
  await app.register(profileRoutes(context));
  await app.register(analyticsRoutes(context));
  await app.register(ccipRoutes(context));
  await app.register(onrampRoutes(context));
  await app.register(convertRoutes(context));
  await app.register(priceRoutes(context));
  await app.register(embeddedRoutes(context));
  await app.register(embeddedSocialRoutes(context));
  await app.register(embeddedFarcasterRoutes(context));
  await app.register(sessionRoutes(context));
  await app.register(roundReportRoutes(context, deps.roundReports));
  await app.register(accessRequestRoutes(context));
  await app.register(vaultPlanRoutes(context));
  if (deps.benchRoute) app.get("/bench/bare", { schema: { hide: true } }, () => ({ status: "ok" }));
  return app;
}
