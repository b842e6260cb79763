// @ts-check
/**
 * `npm run bench -w @fundament/e2e`: the JSON-RPC HTTP requests the browser makes to render Vaults,
 * a vault's page and Portfolio with a connected wallet, counted in real Chromium against the local stack
 * (target: at most 2 per page after the first paint). Prints figures, asserts nothing.
 *
 * `countRpcRequests` is the count itself: journeys/rpc-requests.test.mjs asserts the target with it.
 */
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { launchBrowser, openPage } from "../lib/browser.mjs";
import { connectAndSignIn } from "../lib/connect.mjs";
import { startTestStack } from "../lib/stack.mjs";

/**
 * The pages counted: name, path, a text shown once the page's figures are in.
 * @type {ReadonlyArray<readonly [name: string, path: string, ready: string]>}
 */
export const RPC_PAGES = [
  ["Vaults", "/", "NFT lending vault"],
  // A vault's own page: its rounds (the seeded futures vault has three) and the position in it.
  ["Vault", "/vaults/futures-trading-vault", "Crypto futures trading vault"],
  ["Portfolio", "/portfolio", "Voting power"],
];

/**
 * @typedef {object} RpcCount
 * @property {string} name
 * @property {number} requests the page's JSON-RPC HTTP requests
 * @property {number} walletOwn the test wallet's own (eth_accounts, eth_chainId), not counted in `requests`
 * @property {string} methods every request's JSON-RPC methods, in order ("eth_call+eth_getCode, …")
 */

/** @param {string} body */
function methodsOf(body) {
  try {
    const parsed = JSON.parse(body);
    return (Array.isArray(parsed) ? parsed : [parsed]).map((r) => String(r.method));
  } catch {
    return ["?"];
  }
}

/**
 * Opens each page with a full reload, as a returning investor (wallet connected and signed in on this browser
 * before), and counts the JSON-RPC HTTP requests (POSTs to the RPC) from the navigation until the network is idle.
 * The test wallet forwards its own questions (eth_accounts, eth_chainId) to anvil; a real wallet answers them itself,
 * so they are counted apart from the page's requests.
 * @param {import("playwright-core").Browser} browser
 * @param {{ rpcUrl: string, webUrl: string }} stack
 * @param {ReadonlyArray<readonly [string, string, string]>} [pages]
 * @returns {Promise<RpcCount[]>}
 */
export async function countRpcRequests(browser, stack, pages = RPC_PAGES) {
  const { page, context } = await openPage(browser, { rpcUrl: stack.rpcUrl, accountIndex: 1 });
  try {
    await connectAndSignIn(page, stack.webUrl);
    // Away from the connecting page first, so that none of its own reads is counted as the first page's.
    await page.goto("about:blank");
    /** @type {string[]} */
    let rpc = [];
    page.on("request", (request) => {
      if (request.url().startsWith(stack.rpcUrl) && request.method() === "POST") rpc.push(request.postData() ?? "");
    });
    /** @type {RpcCount[]} */
    const rows = [];
    for (const [name, path, ready] of pages) {
      rpc = [];
      await page.goto(`${stack.webUrl}${path}`);
      await page.getByText(ready).first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState("networkidle");
      const calls = rpc.map(methodsOf);
      const walletOwn = calls.filter((m) => m.every((x) => x === "eth_accounts" || x === "eth_chainId")).length;
      rows.push({
        name,
        requests: rpc.length - walletOwn,
        walletOwn,
        methods: calls.map((m) => m.join("+")).join(", "),
      });
    }
    return rows;
  } finally {
    await context.close();
  }
}

/** @param {RpcCount[]} rows */
export function printRpcCounts(rows) {
  console.log("JSON-RPC HTTP requests per page load (connected wallet, full reload, until network idle):");
  for (const row of rows) {
    console.log(
      `  ${row.name.padEnd(10)} ${String(row.requests).padStart(3)} by the page  (+${row.walletOwn} the test wallet's own; all: ${row.methods})`,
    );
  }
  console.log("  target: at most 2 after the first paint");
}

async function main() {
  const stack = await startTestStack();
  const browser = await launchBrowser();
  try {
    printRpcCounts(await countRpcRequests(browser, stack));
  } finally {
    await browser.close();
    await stack.dispose();
  }
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
