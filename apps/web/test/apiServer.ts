import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real local HTTP server answering like the API (with CORS, as the browser needs), whose answers each test sets:
 * by path, or by path and `cursor` (`answer("/api/deposits/bybit?cursor=abc", …)`) for a later page. `requests`
 * lists every path with its query, in order.
 */
export async function startApiServer() {
  const answers = new Map<string, { status: number; body: unknown }>();
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const cors = { "access-control-allow-origin": "*", "access-control-allow-headers": "accept, content-type" };
    if (request.method === "OPTIONS") {
      response.writeHead(204, cors);
      response.end();
      return;
    }
    const url = new URL(request.url ?? "/", "http://x");
    requests.push(`${url.pathname}${url.search}`);
    const cursor = url.searchParams.get("cursor");
    const answer = (cursor ? answers.get(`${url.pathname}?cursor=${cursor}`) : undefined) ??
      answers.get(url.pathname) ?? {
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
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
