// @ts-check
/**
 * A returning investor's first view of Vaults and of Portfolio takes at most 2 JSON-RPC HTTP requests (issue 31): the
 * page's first reads (the wallet's included) go out as one JSON-RPC batch, the reads that need their answers as a
 * second. Counted exactly as `npm run bench` counts them (bench/rpc-requests.mjs): real Chromium, a full reload with
 * the wallet connected and signed in, every POST to the RPC until the network is idle, the test wallet's own
 * eth_accounts / eth_chainId apart (a real wallet answers those itself).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { countRpcRequests, printRpcCounts, RPC_PAGES } from "../bench/rpc-requests.mjs";
import { useJourney } from "../lib/journey.mjs";

/** The most JSON-RPC HTTP requests a page's first view may take. */
const MAX_REQUESTS = 2;

describe("chain reads per page", { timeout: 300_000 }, () => {
  const j = useJourney();

  test(`Vaults and Portfolio each take at most ${MAX_REQUESTS} JSON-RPC HTTP requests`, async () => {
    const pages = RPC_PAGES.filter(([name]) => name === "Vaults" || name === "Portfolio");
    const rows = await countRpcRequests(j.browser, j.stack, pages);
    printRpcCounts(rows);
    assert.deepEqual(
      rows.map((row) => row.name),
      ["Vaults", "Portfolio"],
    );
    for (const row of rows) {
      assert.ok(
        row.requests <= MAX_REQUESTS,
        `${row.name} took ${row.requests} JSON-RPC HTTP requests (at most ${MAX_REQUESTS}): ${row.methods}`,
      );
    }
  });
});
