// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { createPublicClient, http, type PublicClient } from "viem";
import { foundry } from "viem/chains";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type NamesTestServer, startNamesTestServer } from "../testing/startNamesTestServer.js";
import { renderWallet } from "./testUtils.js";

// The analytics channel against a stand-in of the API's `getAnalyticsConfig` and `/e` over real HTTP (the API's own
// tests prove its routes; the e2e journey the whole path).
let server: NamesTestServer;
beforeAll(async () => {
  const client = createPublicClient({ chain: foundry, transport: http("http://127.0.0.1:9") }) as PublicClient;
  server = await startNamesTestServer({ client });
});
afterAll(async () => {
  await server?.stop();
});
beforeEach(() => {
  localStorage.clear();
  server.requests.length = 0;
  server.events.length = 0;
  server.analytics.enabled = false;
  server.analytics.allowedOrigins = undefined;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const posts = () => server.requests.filter((r) => r === "POST /e").length;
/** A request after the ones before it: the server has seen everything sent before it on this page. */
const roundTrip = () => fetch(`${server.url}/getAnalyticsConfig`).then((r) => r.json());

describe("analytics", () => {
  it("off by default: the app asks getAnalyticsConfig once and sends nothing", async () => {
    const { runtime, core } = renderWallet({ rpcUrl: "http://127.0.0.1:9", apiUrl: server.url });
    act(() => core.open());
    await runtime.analyticsReady;
    act(() => core.close());
    await roundTrip();
    expect(server.requests.filter((r) => r === "GET /getAnalyticsConfig")).toHaveLength(2); // the app's + ours
    expect(core.bus.endpoint()).toBeUndefined();
    expect(posts()).toBe(0);
    expect(core.bus.history().map((e) => e.event)).toEqual(["MODAL_OPEN", "MODAL_CLOSE"]);
  });

  it("without an apiUrl nothing is asked and nothing sent", async () => {
    const { runtime, core } = renderWallet({ rpcUrl: "http://127.0.0.1:9" });
    await runtime.analyticsReady;
    act(() => core.open());
    await roundTrip();
    expect(server.requests).toEqual(["GET /getAnalyticsConfig"]); // ours only
  });

  it("on: events (also those before the answer) are POSTed to {apiUrl}/e", async () => {
    server.analytics.enabled = true;
    const { runtime, core } = renderWallet({ rpcUrl: "http://127.0.0.1:9", apiUrl: server.url });
    act(() => core.open());
    await runtime.analyticsReady;
    expect(core.bus.endpoint()).toBe(`${server.url}/e`);
    act(() => core.close());
    await waitFor(() => expect(server.events).toHaveLength(2));
    const events = server.events as { props: { event: string; properties: Record<string, unknown> } }[];
    expect(events.map((e) => e.props)).toEqual([
      { event: "MODAL_OPEN", properties: { connected: false } },
      { event: "MODAL_CLOSE", properties: { connected: false } },
    ]);
  });

  it("a 403 'Invalid App Configuration' is shown once and sending stops", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    server.analytics.enabled = true;
    server.analytics.allowedOrigins = ["https://somewhere-else.example"];
    const { runtime, core } = renderWallet({ rpcUrl: "http://127.0.0.1:9", apiUrl: server.url });
    await runtime.analyticsReady;
    act(() => core.open());
    act(() => core.close());
    act(() => core.open());
    expect(await screen.findByText("Invalid App Configuration")).toBeTruthy();
    await waitFor(() => expect(posts()).toBe(3));
    await waitFor(() => expect(core.bus.endpoint()).toBeUndefined());
    act(() => core.close());
    await roundTrip();
    expect(posts()).toBe(3);
    expect(server.events).toHaveLength(0);
    expect(core.toasts.getState().toasts.filter((t) => t.message === "Invalid App Configuration")).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith("[wallet] analytics stopped: Invalid App Configuration");
  });

  it("an explicit eventsEndpoint wins: the API is not asked", async () => {
    const { runtime, core } = renderWallet({
      rpcUrl: "http://127.0.0.1:9",
      apiUrl: server.url,
      eventsEndpoint: `${server.url}/e`,
    });
    await runtime.analyticsReady;
    expect(core.bus.endpoint()).toBe(`${server.url}/e`);
    await roundTrip();
    expect(server.requests).toEqual(["GET /getAnalyticsConfig"]); // ours only
  });
});
