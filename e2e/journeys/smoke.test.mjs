// @ts-check
/**
 * The app loads from the local stack in real Chromium, shows both vaults with live figures, and
 * makes no request to any host but its own, the API and the RPC.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { foreignHosts, launchBrowser, openPage, screenshot } from "../lib/browser.mjs";
import { startTestStack } from "../lib/stack.mjs";

describe("the app on the local stack", { timeout: 300_000 }, () => {
  /** @type {Awaited<ReturnType<typeof startTestStack>>} */
  let stack;
  /** @type {import("playwright-core").Browser} */
  let browser;

  before(async () => {
    stack = await startTestStack();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.dispose();
  });

  test("Vaults shows both vaults and nothing leaves localhost", async () => {
    const { page, requests, errors, context } = await openPage(browser, { rpcUrl: stack.rpcUrl });
    await page.goto(stack.webUrl);
    await page
      .getByRole("heading", { name: /Crypto futures trading vault/i })
      .first()
      .waitFor();
    await page
      .getByRole("heading", { name: /NFT lending vault/i })
      .first()
      .waitFor();
    await page.waitForLoadState("networkidle");
    await screenshot(page, "vaults");
    assert.deepEqual(foreignHosts(requests), []);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
