// @ts-check
/// <reference lib="dom" />
/**
 * The wallet layer in real Chromium: a wallet on the wrong network meets UnsupportedChain and
 * switches; a declined sign-in says 'Signature declined'; disconnect returns to 'Connect Wallet'.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { foreignHosts, launchBrowser, openPage, screenshot } from "../lib/browser.mjs";
import { startTestStack } from "../lib/stack.mjs";

describe("wallet layer journey", { timeout: 300_000 }, () => {
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

  test("wrong network → UnsupportedChain → switch; declined sign-in; disconnect", async () => {
    const { page, context, requests } = await openPage(browser, {
      rpcUrl: stack.rpcUrl,
      accountIndex: 2,
      chainId: 1,
      switchableChainIds: [31337, 1],
    });
    await page.goto(stack.webUrl);
    await page.evaluate(() => /** @type {any} */ (window).__fundamentTestWallet.rejectNext("personal_sign"));
    await page.getByRole("button", { name: "Connect Wallet" }).click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /Test Wallet/ })
      .click();

    const dialog = page.getByRole("dialog");
    await dialog
      .getByText("This app doesn't support your current network.", { exact: false })
      .waitFor({ timeout: 15_000 });
    await screenshot(page, "wallet-unsupported-chain");
    await dialog.getByRole("button", { name: /Local chain \(anvil\)/ }).click();

    // Sign-in follows the switch; the wallet declines the signature.
    const signIn = page.getByRole("dialog", { name: /Sign In/i });
    await signIn.waitFor({ timeout: 15_000 });
    await signIn.getByRole("button", { name: "Sign" }).click();
    await page.getByText("Signature declined").first().waitFor({ timeout: 15_000 });
    const switched = await page.evaluate(() =>
      /** @type {any} */ (window).__fundamentTestWallet.requests.includes("wallet_switchEthereumChain"),
    );
    assert.equal(switched, true);
    // The sign-in view reopens; cancelling an optional sign-in keeps the connection.
    await page
      .getByRole("dialog", { name: /Sign In/i })
      .getByRole("button", { name: "Cancel" })
      .click();
    const account = page.getByRole("button", { name: /^Account 0x/ });
    await account.waitFor({ timeout: 15_000 });

    await account.click();
    await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
    await page.getByRole("button", { name: "Connect Wallet" }).waitFor({ timeout: 15_000 });
    assert.deepEqual(foreignHosts(requests), []);
    await context.close();
  });
});
