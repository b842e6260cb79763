import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_UNREACHABLE, ApiUnreachableError } from "../baseErrors.js";
import { RequestFailedError, toUserMessage } from "../errors.js";
import { fetchDeposits } from "./exchangeHistory.js";
import { apiUrl, fetchJson } from "./fetchJson.js";
import { fetchFuturesPerformance, fetchNftLendingPerformance, fetchVaultPerformance } from "./fetchPerformance.js";

// A real local HTTP server whose answers each test sets.
let server: Server;
let base: string;
const routes = new Map<string, { status: number; body: string }>();
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request.url ?? "");
    const route = routes.get(new URL(request.url ?? "/", "http://x").pathname) ?? {
      status: 404,
      body: JSON.stringify({ message: "Route not found" }),
    };
    response.writeHead(route.status, { "content-type": "application/json" });
    response.end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("fetchJson", () => {
  it("raises 'Request failed' with the server's message and the status on a non-200 answer", async () => {
    routes.set("/down", { status: 503, body: JSON.stringify({ message: "Database unavailable" }) });
    const error = await fetchJson(`${base}/down`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestFailedError);
    expect(error).toMatchObject({
      status: 503,
      serverMessage: "Database unavailable",
      message: "Request failed: Database unavailable",
    });
    routes.set("/html", { status: 500, body: "<html>oops</html>" });
    expect(await fetchJson(`${base}/html`).catch((e: unknown) => (e as Error).message)).toBe(
      "Request failed (HTTP 500)",
    );
  });

  it("builds URLs from a base with or without a trailing slash, with query parameters", () => {
    expect(apiUrl("http://api.test", "/futures/performance")).toBe("http://api.test/futures/performance");
    expect(apiUrl("http://api.test/v1/", "/a", { limit: 10, cursor: undefined })).toBe("http://api.test/v1/a?limit=10");
  });
});

describe("performance", () => {
  it("passes the payloads through", async () => {
    const futures = {
      initial_tvl_usd: 100,
      current_tvl_usd: 110,
      performance_records: [{ date: "01/01/2026" }],
      error: null,
    };
    routes.set("/futures/performance", { status: 200, body: JSON.stringify(futures) });
    expect(await fetchFuturesPerformance(base)).toEqual(futures);
  });

  it("throws the server's detail, or 'Failed to fetch ... performance: ...'", async () => {
    routes.set("/futures/performance", {
      status: 500,
      body: JSON.stringify({ detail: "Exchange keys are not configured" }),
    });
    await expect(fetchFuturesPerformance(base)).rejects.toThrow(/^Exchange keys are not configured$/);
    routes.delete("/nft-lending/performance");
    routes.set("/nft-lending/performance", { status: 502, body: "" });
    await expect(fetchNftLendingPerformance(base)).rejects.toThrow(
      /^Failed to fetch NFT lending performance: Request failed \(HTTP 502\)$/,
    );
    await expect(fetchNftLendingPerformance("http://127.0.0.1:9")).rejects.toThrow(
      /^Failed to fetch NFT lending performance: fetch failed$/,
    );
    await expect(fetchFuturesPerformance("http://127.0.0.1:9")).rejects.toThrow(
      /^Failed to fetch futures performance: /,
    );
  });

  it("says in plain words that the server could not be reached, and keeps the technical text for the log", async () => {
    const error = await fetchFuturesPerformance("http://127.0.0.1:9").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiUnreachableError);
    expect(toUserMessage(error)).toBe(API_UNREACHABLE);
    expect((error as Error).message).toBe("Failed to fetch futures performance: fetch failed");
    // A timeout is an outage too; a request its caller aborted is not.
    const timeout = () => Promise.reject(new DOMException("signal timed out", "TimeoutError"));
    expect(toUserMessage(await fetchJson(base, { fetch: timeout }).catch((caught: unknown) => caught))).toBe(
      API_UNREACHABLE,
    );
    const controller = new AbortController();
    controller.abort();
    const aborted = await fetchJson(base, { signal: controller.signal }).catch((caught: unknown) => caught);
    expect(aborted).not.toBeInstanceOf(ApiUnreachableError);
  });

  it("logs a failed fetch and leaves it out, so the vault falls back to its static yield", async () => {
    routes.set("/futures/performance", { status: 500, body: JSON.stringify({ detail: "boom" }) });
    const nft = { summary: { total_profit_sol: 2 }, performance_chart_data: [], error: null };
    routes.set("/nft-lending/performance", { status: 200, body: JSON.stringify(nft) });
    const logged: string[] = [];
    expect(await fetchVaultPerformance(base, { log: (line) => logged.push(line) })).toEqual({ nft });
    expect(logged).toEqual(["boom"]);
  });
});

describe("exchange history", () => {
  it("reads the envelope and sends the query", async () => {
    const envelope = {
      message: "OK",
      statusCode: 200,
      data: { source: "bybit", deposits: null, error: "No exchange keys" },
    };
    routes.set("/api/deposits/bybit", { status: 200, body: JSON.stringify(envelope) });
    expect(await fetchDeposits(base, { limit: 20 })).toEqual(envelope);
    expect(seen.at(-1)).toBe("/api/deposits/bybit?limit=20");
  });
});
