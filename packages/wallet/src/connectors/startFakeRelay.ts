import { type AddressInfo, createServer } from "node:net";
import { WebSocketServer } from "ws";

/**
 * A local stand-in for the WalletConnect relay (tests only): answers the relay's JSON-RPC (`irn_subscribe` with a
 * subscription id, everything else with `true`) so the real `@walletconnect/ethereum-provider` can create a pairing
 * and announce its real `wc:` URI without the internet. No wallet ever answers.
 */
export async function startFakeRelay() {
  const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise<void>((resolve) => server.on("listening", () => resolve()));
  const methods: string[] = [];
  server.on("connection", (socket) => {
    socket.on("message", (raw) => {
      const message = JSON.parse(String(raw)) as { id: number; method?: string; params?: { topics?: string[] } };
      if (!message.method) return;
      methods.push(message.method);
      let result: unknown = true;
      if (message.method.endsWith("_subscribe")) result = "1".repeat(64);
      if (message.method.endsWith("_batchSubscribe")) result = (message.params?.topics ?? []).map(() => "2".repeat(64));
      if (message.method.endsWith("_batchFetchMessages")) result = { messages: [], hasMore: false };
      socket.send(JSON.stringify({ id: message.id, jsonrpc: "2.0", result }));
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    methods,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

/** A local address where nothing listens: a relay that cannot be reached. */
export async function closedRelayUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `ws://127.0.0.1:${port}`;
}
