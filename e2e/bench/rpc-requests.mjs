// @ts-check
/**
 * `npm run bench -w @fundament/e2e`: the JSON-RPC HTTP requests the browser makes to render Vaults,
 * a vault's page and Portfolio with a connected wallet, counted in real Chromium against the local stack
 * (target: at most 2 per page after the first paint). Prints figures, asserts nothing.
 */
import { launchBrowser, openPage } from "../lib/browser.mjs";
import { connectAndSignIn } from "../lib/connect.mjs";
import { startTestStack } from "../lib/stack.mjs";

const stack = await startTestStack();
const browser = await launchBrowser();
try {
  const { page, context } = await openPage(browser, { rpcUrl: stack.rpcUrl, accountIndex: 1 });
  await connectAndSignIn(page, stack.webUrl);
  /** @type {Array<{ url: string, body: string }>} */
  let rpc = [];
  page.on("request", (request) => {
    if (request.url().startsWith(stack.rpcUrl) && request.method() === "POST") {
      rpc.push({ url: request.url(), body: request.postData() ?? "" });
    }
  });
  /** @param {string} body */
  const methods = (body) => {
    try {
      const parsed = JSON.parse(body);
      return (Array.isArray(parsed) ? parsed : [parsed]).map((r) => r.method);
    } catch {
      return ["?"];
    }
  };
  const rows = [];
  for (const [name, path, ready] of /** @type {const} */ ([
    ["Vaults", "/", "NFT lending vault"],
    // A vault's own page: its rounds (the seeded futures vault has three) and the position in it.
    ["Vault", "/vaults/futures-trading-vault", "Crypto futures trading vault"],
    ["Portfolio", "/portfolio", "Voting power"],
  ])) {
    rpc = [];
    await page.goto(`${stack.webUrl}${path}`);
    await page.getByText(ready).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    const calls = rpc.map((r) => methods(r.body));
    // The test wallet forwards its own questions (eth_accounts, eth_chainId) to anvil; a real wallet
    // answers them itself, so they are shown apart from the page's requests.
    const walletOwn = calls.filter((m) => m.every((x) => x === "eth_accounts" || x === "eth_chainId")).length;
    rows.push({ name, requests: rpc.length - walletOwn, walletOwn, methods: calls.map((m) => m.join("+")).join(", ") });
  }
  console.log("JSON-RPC HTTP requests per page load (connected wallet, full reload, until network idle):");
  for (const row of rows) {
    console.log(
      `  ${row.name.padEnd(10)} ${String(row.requests).padStart(3)} by the page  (+${row.walletOwn} the test wallet's own; all: ${row.methods})`,
    );
  }
  console.log("  target: at most 2 after the first paint");
  await context.close();
} finally {
  await browser.close();
  await stack.dispose();
}
