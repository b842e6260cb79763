// @ts-check
/**
 * The app loads from the local stack in real Chromium, shows both vaults with live figures, and
 * makes no request to any host but its own, the API and the RPC.
 */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, test } from "node:test";
import { foreignHosts, openPage, screenshot } from "../lib/browser.mjs";
import { useJourney } from "../lib/journey.mjs";

describe("the app on the local stack", { timeout: 300_000 }, () => {
  const j = useJourney();

  test("Vaults shows both vaults and nothing leaves localhost", async () => {
    const { page, requests, errors, context } = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl });
    await page.goto(j.stack.webUrl);
    await page
      .getByRole("heading", { name: /Crypto futures trading vault/i })
      .first()
      .waitFor();
    await page
      .getByRole("heading", { name: /NFT lending vault/i })
      .first()
      .waitFor();
    // Each vault shows its current round and status (demo state: futures round 3 open, NFT lending round 2 locked).
    for (const [id, round, status] of /** @type {const} */ ([
      ["futures-trading-vault", "Round 3", /^Open/],
      ["nft-vault", "Round 2", /^Locked/],
    ])) {
      const card = page.getByTestId(`vault-card-${id}`);
      await card.getByTestId("vault-round").getByText(round, { exact: true }).waitFor({ timeout: 20_000 });
      await card.getByText(status).first().waitFor();
    }
    await page.waitForLoadState("networkidle");
    await screenshot(page, "vaults");
    assert.deepEqual(foreignHosts(requests), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("History shows the exchange's transfers in US dollars and exports all of them as CSV", async () => {
    const { page, errors, context } = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl });
    /** @param {string} kind */
    const fromApi = async (kind) =>
      (await (await fetch(`${j.stack.apiUrl}/api/${kind}/bybit?limit=500`)).json()).data[kind] ?? [];
    const total = (await fromApi("deposits")).length + (await fromApi("withdrawals")).length;
    assert.ok(total > 0, "the demo data has exchange transfers");
    await page.goto(`${j.stack.webUrl}/history`);
    const firstRow = page.getByRole("table").getByRole("row").nth(1);
    await firstRow.waitFor({ timeout: 20_000 });
    const usd = await firstRow.locator("td").nth(3).textContent();
    assert.match(String(usd), /^\$[\d,]+\.\d{2}$/, "the amount in US dollars");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^fundament-exchange-transfers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), "utf8");
    const lines = csv.trim().split("\r\n");
    assert.equal(lines[0]?.startsWith("time (UTC),type,amount,currency,amount (USD)"), true);
    assert.equal(lines.length, 1 + total, "one line per transfer");
    await screenshot(page, "history");

    await page.goto(`${j.stack.webUrl}/performance`);
    await page.getByRole("heading", { level: 1, name: "Performance" }).waitFor();
    await page.waitForLoadState("networkidle");
    await screenshot(page, "performance");
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("on a phone the pages fit the screen's width", async () => {
    const { page, errors, context } = await openPage(j.browser, {
      rpcUrl: j.stack.rpcUrl,
      viewport: { width: 390, height: 844 },
    });
    for (const [path, ready, name] of /** @type {const} */ ([
      ["/", "NFT lending vault", "vaults-phone"],
      ["/vaults/nft-vault", "Invest", "vault-phone"],
      ["/vaults/futures-trading-vault", "Your position", null],
      ["/governance", "Proposals", "governance-phone"],
      ["/history", "h1:History", null],
    ])) {
      await page.goto(`${j.stack.webUrl}${path}`);
      // (On a phone the navigation's links are hidden in its menu: a page's own heading says it is there.)
      const readyLocator = ready.startsWith("h1:")
        ? page.getByRole("heading", { level: 1, name: ready.slice(3) })
        : page.getByText(ready).first();
      await readyLocator.waitFor({ timeout: 20_000 });
      await page.waitForLoadState("networkidle");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${path} is ${overflow}px wider than the screen`);
      if (name) await screenshot(page, name);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});
