import { createClient } from "viem";
import { describe, expect, it } from "vitest";
import { gatheringHttp } from "./gatheringHttp";

const RPC_URL = "http://rpc.test";
const CODE = "0x6080604052";

type RpcCall = { id: number; method: string; params: unknown[] };

/** A JSON-RPC server in a `fetch`: records each HTTP request's methods, answers after `delayMs`. */
function fakeRpc({ delayMs = 0, code = CODE }: { delayMs?: number; code?: string } = {}) {
  const requests: string[][] = [];
  const fetchFn = async (_url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init?.body)) as RpcCall | RpcCall[];
    const calls = Array.isArray(body) ? body : [body];
    requests.push(calls.map((call) => call.method));
    await sleep(delayMs);
    const answers = calls.map((call) => ({ jsonrpc: "2.0", id: call.id, result: answer(call, code) }));
    return new Response(JSON.stringify(Array.isArray(body) ? answers : answers[0]), {
      headers: { "content-type": "application/json" },
    });
  };
  return { requests, fetchFn: fetchFn as typeof fetch };
}

function answer(call: RpcCall, code: string): unknown {
  if (call.method === "eth_getCode")
    return call.params[0] === "0x0000000000000000000000000000000000000002" ? "0x" : code;
  return "0x1";
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
  };
}

function clientOf(rpc: ReturnType<typeof fakeRpc>, options: Partial<Parameters<typeof gatheringHttp>[1]> = {}) {
  return createClient({
    transport: gatheringHttp(RPC_URL, { quietMs: 10, maxWaitMs: 200, http: { fetchFn: rpc.fetchFn }, ...options }),
  });
}

describe("gatheringHttp", () => {
  it("sends requests that start a little apart as one JSON-RPC batch, once they stop coming", async () => {
    const rpc = fakeRpc();
    const client = clientOf(rpc);
    const first = client.request({ method: "eth_blockNumber" });
    await sleep(4);
    const second = client.request({ method: "eth_chainId" });
    await sleep(4);
    const third = client.request({ method: "eth_gasPrice" });
    expect(await Promise.all([first, second, third])).toEqual(["0x1", "0x1", "0x1"]);
    expect(rpc.requests).toEqual([["eth_blockNumber", "eth_chainId", "eth_gasPrice"]]);
  });

  it("sends nothing before the app is ready, then everything gathered at once", async () => {
    const rpc = fakeRpc();
    let ready = false;
    const client = clientOf(rpc, { ready: () => ready, firstViewMaxWaitMs: 1_000 });
    const first = client.request({ method: "eth_blockNumber" });
    await sleep(40);
    const second = client.request({ method: "eth_chainId" });
    await sleep(40);
    expect(rpc.requests).toEqual([]);
    ready = true;
    await Promise.all([first, second]);
    expect(rpc.requests).toEqual([["eth_blockNumber", "eth_chainId"]]);
  });

  it("in the first view, sends a request that comes while a batch is out with the reads that follow its answer", async () => {
    const rpc = fakeRpc({ delayMs: 60 });
    const client = clientOf(rpc, { firstViewStages: 2 });
    const stageOne = client
      .request({ method: "eth_blockNumber" })
      .then(() => client.request({ method: "eth_call", params: [{}] }));
    await sleep(30);
    const late = client.request({ method: "eth_chainId" });
    await Promise.all([stageOne, late]);
    expect(rpc.requests).toEqual([["eth_blockNumber"], ["eth_chainId", "eth_call"]]);
  });

  it("keeps a contract's code (the deployment's also for the next visit) and asks again where there is none", async () => {
    const rpc = fakeRpc();
    const storage = memoryStorage();
    const factory = "0x0000000000000000000000000000000000000001";
    const account = "0x0000000000000000000000000000000000000002";
    const client = clientOf(rpc, { codeStorage: storage, storedCodeOf: [factory] });
    expect(await client.request({ method: "eth_getCode", params: [factory, "latest"] })).toBe(CODE);
    expect(await client.request({ method: "eth_getCode", params: [factory, "latest"] })).toBe(CODE);
    expect(await client.request({ method: "eth_getCode", params: [account, "latest"] })).toBe("0x");
    expect(await client.request({ method: "eth_getCode", params: [account, "latest"] })).toBe("0x");
    expect(rpc.requests).toEqual([["eth_getCode"], ["eth_getCode"], ["eth_getCode"]]);

    const nextVisit = clientOf(rpc, { codeStorage: storage, storedCodeOf: [factory] });
    expect(await nextVisit.request({ method: "eth_getCode", params: [factory, "latest"] })).toBe(CODE);
    expect(rpc.requests).toHaveLength(3);
  });

  it("keeps other contracts' code (a smart account's) for this visit only: a local chain started again may not hold it", async () => {
    const rpc = fakeRpc();
    const storage = memoryStorage();
    const other = "0x0000000000000000000000000000000000000003";
    const client = clientOf(rpc, { codeStorage: storage, storedCodeOf: [] });
    expect(await client.request({ method: "eth_getCode", params: [other, "latest"] })).toBe(CODE);
    expect(await client.request({ method: "eth_getCode", params: [other, "latest"] })).toBe(CODE);
    expect(rpc.requests).toEqual([["eth_getCode"]]);

    const nextVisit = clientOf(rpc, { codeStorage: storage, storedCodeOf: [] });
    expect(await nextVisit.request({ method: "eth_getCode", params: [other, "latest"] })).toBe(CODE);
    expect(rpc.requests).toHaveLength(2);
  });
});
