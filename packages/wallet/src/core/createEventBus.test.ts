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
});
