/**
 * The API's round-report routes, as a real local HTTP server on the test chain (with CORS, as the browser needs):
 * `POST /v1/vaults/{vaultId}/rounds/{poolId}/report` builds the locked round's report from the chain now with the SDK
 * (no exchange account), keeps it and answers `{ hash, text, total }`; `GET` of the same path serves the kept report
 * whose hash the round's settlement carries, 404 while the round is not settled. A test can make the builds fail
 * (`refuse`), hold them until it lets them go (`hold`), or serve another text for a round (`serve`, a tampered
 * report). `requests` lists each call with its body.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { FundamentError, type RoundReportManualItem } from "@fundament/sdk";
import { zeroHash } from "viem";
import { buildReport, fundRead } from "./fund";

const ROUTE = /^\/v1\/vaults\/(\d+)\/rounds\/(\d+)\/report$/;
const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-allow-headers": "accept, content-type",
};

type Answer = { status: number; body: string };
const json = (status: number, body: unknown): Answer => ({ status, body: JSON.stringify(body) });

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startReportApi() {
  /** Built reports by hash: what GET serves once a settlement carries one. */
  const kept = new Map<string, string>();
  /** Texts served for a round instead of the kept one: `${vaultId}/${poolId}` → text. */
  const served = new Map<string, string>();
  const requests: { method: string; path: string; body: string }[] = [];
  const built: { vaultId: number; poolId: bigint; hash: string; text: string }[] = [];
  let refusal: { status: number; message: string } | null = null;
  let gate: Promise<void> | null = null;

  async function build(vaultId: number, poolId: bigint, body: string): Promise<Answer> {
    if (refusal) return json(refusal.status, { message: refusal.message });
    if (gate) await gate;
    let manualItems: RoundReportManualItem[] = [];
    try {
      manualItems = body ? ((JSON.parse(body) as { manualItems?: RoundReportManualItem[] }).manualItems ?? []) : [];
    } catch {
      return json(400, { message: "The request body is not JSON." });
    }
    const pool = (await fundRead("getPoolInfo", [poolId])) as { vaultId: bigint; reportHash: string };
    if (Number(pool.vaultId) !== vaultId) return json(404, { message: `Vault ${vaultId} has no pool ${poolId}.` });
    if (pool.reportHash !== zeroHash) return json(409, { message: `Round ${poolId} is already settled.` });
    try {
      const report = await buildReport(poolId, manualItems);
      kept.set(report.hash, report.text);
      built.push({ vaultId, poolId, hash: report.hash, text: report.text });
      return json(201, { hash: report.hash, text: report.text, total: report.report.total });
    } catch (error) {
      if (error instanceof FundamentError) return json(422, { message: error.shortMessage });
      throw error;
    }
  }

  async function serve(vaultId: number, poolId: bigint): Promise<Answer> {
    const override = served.get(`${vaultId}/${poolId}`);
    if (override !== undefined) return { status: 200, body: override };
    const pool = (await fundRead("getPoolInfo", [poolId])) as { vaultId: bigint; reportHash: string };
    if (Number(pool.vaultId) !== vaultId) return json(404, { message: `Vault ${vaultId} has no pool ${poolId}.` });
    if (pool.reportHash === zeroHash) {
      return json(404, { message: `Round ${poolId} of vault ${vaultId} is not settled yet` });
    }
    const text = kept.get(pool.reportHash);
    return text === undefined
      ? json(404, { message: "No report with the settlement's hash is stored" })
      : { status: 200, body: text };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method === "OPTIONS") {
      response.writeHead(204, CORS);
      response.end();
      return;
    }
    const url = new URL(request.url ?? "/", "http://x");
    const body = await readBody(request);
    requests.push({ method: request.method ?? "GET", path: url.pathname, body });
    const match = ROUTE.exec(url.pathname);
    let answer: Answer = json(404, { message: "Route not found" });
    if (match) {
      const vaultId = Number(match[1]);
      const poolId = BigInt(match[2] as string);
      if (request.method === "POST") answer = await build(vaultId, poolId, body);
      else if (request.method === "GET") answer = await serve(vaultId, poolId);
    }
    response.writeHead(answer.status, { "content-type": "application/json", ...CORS });
    response.end(answer.body);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { "content-type": "application/json", ...CORS });
      response.end(JSON.stringify({ message: (error as Error).message }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** Every report built, oldest first. */
    built,
    /** Keeps a report (as the API's `PUT` of a settled round's report does), served once the chain carries its hash. */
    publish: (hash: string, text: string) => kept.set(hash, text),
    /** Serves `text` for the round instead of its report (null: its report again). */
    serve: (vaultId: number, poolId: bigint, text: string | null) =>
      text === null ? served.delete(`${vaultId}/${poolId}`) : served.set(`${vaultId}/${poolId}`, text),
    /** Builds answer `status` with `message` (null: they build again). */
    refuse: (refused: { status: number; message: string } | null) => {
      refusal = refused;
    },
    /** Holds every build until the returned function lets them go. */
    hold: () => {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = () => {
          gate = null;
          resolve();
        };
      });
      return release;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
