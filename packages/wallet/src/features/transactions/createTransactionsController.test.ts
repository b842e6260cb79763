import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTransactionsController } from "./createTransactionsController.js";
import { fetchTransactions } from "./fetchTransactions.js";

const address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const tx = (id: number, spam = false) => ({
  id: `tx${id}`,
  metadata: { minedAt: new Date(1_700_000_000_000 - id * 1000).toISOString(), chain: "eip155:31337", hash: `0x${id}` },
  transfers: [{ direction: "out", nft_info: spam ? { flags: { is_spam: true } } : undefined }],
});
const all = Array.from({ length: 5 }, (_, i) => tx(i, i === 3));
let baseUrl = "";
let failing = false;
const seen: string[] = [];
const server = createServer((req, res) => {
  seen.push(req.url ?? "");
  const url = new URL(req.url ?? "", "http://x");
  if (failing || url.pathname !== `/v1/account/${address}/history`) {
    res.writeHead(500).end();
    return;
  }
  const start = Number(url.searchParams.get("cursor") ?? 0);
  const data = all.slice(start, start + 2);
  const next = start + 2 < all.length ? String(start + 2) : null;
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data, next }));
});

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});

describe("transactions", () => {
  it("pages with the cursor, drops spam, passes the chain id", async () => {
    failing = false;
    const c = createTransactionsController({ baseUrl, address, chainId: 31337 });
    await c.load();
    expect(c.getState().transactions.map((t) => t.id)).toEqual(["tx0", "tx1"]);
    expect(c.getState().next).toBe("2");
    await c.load(true);
    expect(c.getState().transactions.map((t) => t.id)).toEqual(["tx0", "tx1", "tx2"]);
    await c.load(true);
    expect(c.getState().transactions.map((t) => t.id)).toEqual(["tx0", "tx1", "tx2", "tx4"]);
    expect(c.getState().next).toBeUndefined();
    const count = seen.length;
    await c.load(true);
    expect(seen.length).toBe(count);
    expect(seen[0]).toBe(`/v1/account/${address}/history?chainId=31337`);
    expect(seen[1]).toBe(`/v1/account/${address}/history?cursor=2&chainId=31337`);
  });

  it("on failure: empty list, no cursor, 'Failed to fetch transactions'", async () => {
    failing = false;
    const onError = vi.fn();
    const c = createTransactionsController({ baseUrl, address, onError });
    await c.load();
    expect(c.getState().transactions).toHaveLength(2);
    failing = true;
    await c.load(true);
    expect(c.getState()).toEqual({ transactions: [], next: undefined, loading: false, empty: true });
    expect(onError).toHaveBeenCalledWith("Failed to fetch transactions", expect.any(Error));
  });

  it("a malformed answer counts as a failure", async () => {
    const onError = vi.fn();
    const result = await fetchTransactions({ baseUrl, address: "nobody", onError });
    expect(result).toEqual({ data: [], next: undefined });
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it("requires an account address", async () => {
    await expect(fetchTransactions({ baseUrl, address: undefined })).rejects.toThrow(/account address/);
  });
});
