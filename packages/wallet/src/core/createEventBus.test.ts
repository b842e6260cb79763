import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it, vi } from "vitest";
import { createEventBus } from "./createEventBus.js";

describe("createEventBus", () => {
  it("delivers events to subscribers and keeps a bounded history", () => {
    const bus = createEventBus({ historySize: 2 });
    const seen: string[] = [];
    const unsubscribe = bus.subscribe((e) => seen.push(e.event));
    bus.emit("MODAL_OPEN", { connected: false });
    bus.emit("MODAL_CLOSE", { connected: false });
    unsubscribe();
    bus.emit("SEND_INITIATED");
    expect(seen).toEqual(["MODAL_OPEN", "MODAL_CLOSE"]);
    expect(bus.history().map((e) => e.event)).toEqual(["MODAL_CLOSE", "SEND_INITIATED"]);
  });

  it("makes no request when no endpoint is configured", () => {
    const fetchSpy = vi.fn();
    const bus = createEventBus({ fetch: fetchSpy as unknown as typeof fetch });
    bus.emit("MODAL_OPEN", { connected: true });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("POSTs events to a configured endpoint", async () => {
    const bodies: unknown[] = [];
    let resolveBody: () => void = () => undefined;
    const received = new Promise<void>((r) => {
      resolveBody = r;
    });
    const server = createServer((req: IncomingMessage, res) => {
      let data = "";
      req.on("data", (c) => {
        data += c;
      });
      req.on("end", () => {
        bodies.push({ method: req.method, url: req.url, body: JSON.parse(data) });
        res.writeHead(204).end();
        resolveBody();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    try {
      const bus = createEventBus({ endpoint: `http://127.0.0.1:${port}/e` });
      bus.emit("SEND_SUCCESS", { hash: "0x1" });
      await received;
      expect(bodies).toHaveLength(1);
      const first = bodies[0] as { method: string; url: string; body: Record<string, unknown> };
      expect(first.method).toBe("POST");
      expect(first.url).toBe("/e");
      expect(Object.keys(first.body).sort()).toEqual(["domain", "eventId", "props", "timestamp", "url"]);
      expect(first.body.props).toEqual({ event: "SEND_SUCCESS", properties: { hash: "0x1" } });
    } finally {
      server.close();
    }
  });
  it("POSTs without cookies and with keepalive", async () => {
    const inits: RequestInit[] = [];
    const fetchSpy = (async (_url: string, init: RequestInit) => {
      inits.push(init);
      return new Response(null, { status: 202 });
    }) as unknown as typeof fetch;
    const bus = createEventBus({ endpoint: "http://api.test/e", fetch: fetchSpy });
    bus.emit("INVEST_SUCCESS", { vaultId: 1 });
    bus.emit("VOTE_SUCCESS", { proposalId: 2 });
    expect(inits).toHaveLength(2);
    expect(inits[0]?.credentials).toBe("omit");
    expect(inits[0]?.keepalive).toBe(true);
    expect(JSON.parse(String(inits[1]?.body)).props).toEqual({ event: "VOTE_SUCCESS", properties: { proposalId: 2 } });
  });

  it("holds events until the endpoint is known: sends them when there is one, drops them when there is none", () => {
    const urls: string[] = [];
    const fetchSpy = (async (url: string) => {
      urls.push(url);
      return new Response(null, { status: 202 });
    }) as unknown as typeof fetch;
    const on = createEventBus({ awaitEndpoint: true, fetch: fetchSpy });
    on.emit("MODAL_OPEN", { connected: false });
    expect(urls).toEqual([]);
    on.setEndpoint("http://api.test/e");
    expect(urls).toEqual(["http://api.test/e"]);
    on.emit("MODAL_CLOSE", { connected: false });
    expect(urls).toHaveLength(2);

    const off = createEventBus({ awaitEndpoint: true, fetch: fetchSpy });
    off.emit("MODAL_OPEN", { connected: false });
    off.setEndpoint(undefined);
    off.emit("MODAL_CLOSE", { connected: false });
    expect(urls).toHaveLength(2);
    expect(off.history()).toHaveLength(2);
  });

  it("a 403 stops sending and is reported once, with the endpoint's message", async () => {
    let calls = 0;
    const fetchSpy = (async () => {
      calls++;
      return new Response(
        JSON.stringify({ statusCode: 403, error: "Forbidden", message: "Invalid App Configuration" }),
        { status: 403, headers: { "content-type": "application/json" } },
      );
    }) as unknown as typeof fetch;
    const rejected: string[] = [];
    let done: () => void = () => undefined;
    const reported = new Promise<void>((r) => {
      done = r;
    });
    const bus = createEventBus({
      endpoint: "http://api.test/e",
      fetch: fetchSpy,
      onRejected: (message) => {
        rejected.push(message);
        done();
      },
    });
    // Three in flight before the first answer: one report only.
    bus.emit("MODAL_OPEN", { connected: false });
    bus.emit("MODAL_CLOSE", { connected: false });
    bus.emit("MODAL_OPEN", { connected: false });
    await reported;
    await new Promise((r) => setTimeout(r, 0));
    expect(rejected).toEqual(["Invalid App Configuration"]);
    expect(bus.endpoint()).toBeUndefined();
    bus.emit("SEND_INITIATED");
    expect(calls).toBe(3);
  });
});
