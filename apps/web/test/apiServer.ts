import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A real local HTTP server answering like the API (with CORS, as the browser needs), whose answers each test sets. */
export async function startApiServer() {
  const answers = new Map<string, { status: number; body: unknown }>();
  const server: Server = createServer((request, response) => {
    const cors = { "access-control-allow-origin": "*", "access-control-allow-headers": "accept, content-type" };
    if (request.method === "OPTIONS") {
      response.writeHead(204, cors);
      response.end();
      return;
    }
    const answer = answers.get(new URL(request.url ?? "/", "http://x").pathname) ?? {
      status: 404,
      body: { message: "Route not found" },
    };
    response.writeHead(answer.status, { "content-type": "application/json", ...cors });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answer: (path: string, status: number, body: unknown) => answers.set(path, { status, body }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
