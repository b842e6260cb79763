// @ts-check
/// <reference lib="dom" />
/**
 * Buys with a card in real Chromium, then invests what was bought: Account → Buy → 9.99 USD is refused in the
 * spec's limits, 100 USD of mUSDC is quoted (amount, network fee, provider fee, total), "Continue to checkout" opens
 * the API's local checkout in a new tab, paying there mints the mUSDC on anvil, the wallet sees it arrive, Activity
 * lists a "Bought" row, and the 100 mUSDC go into the futures vault. No request leaves localhost.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { devAccount } from "@fundament/test-chain";
import { erc20Abi, parseUnits } from "viem";
import { foreignHosts, openPage, screenshot } from "../lib/browser.mjs";
import { connect } from "../lib/connect.mjs";
import { useJourney } from "../lib/journey.mjs";

/** A whitelisted investor (the seed whitelists dev accounts 1–5). */
const BUYER = 3;
/** The futures vault. */
const VAULT = 1;

describe("buy journey", { timeout: 300_000 }, () => {
  const j = useJourney();

  const usdcBalance = () =>
    j.chain.publicClient.readContract({
      address: /** @type {import("viem").Address} */ (j.stack.deployment.investmentToken),
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [devAccount(BUYER).address],
    });

  test("100 USD of mUSDC by card: limits, quote, checkout, arrival, Activity, then invested", async () => {
    const { page, context, requests, errors } = await openPage(j.browser, {
      rpcUrl: j.stack.rpcUrl,
      accountIndex: BUYER,
    });
    /** @type {string[]} */
    const checkoutRequests = [];
    context.on("request", (request) => checkoutRequests.push(request.url()));
    await connect(page, j.stack.webUrl);

    // 1. Account → Buy is the first feature of the Account view (spec order: onramp, swaps, receive, send).
    await page.getByRole("button", { name: /^Account 0x/ }).click();
    const account = page.getByRole("dialog", { name: "Account" });
    const actions = account.getByRole("list", { name: "Account actions" }).getByRole("button");
    await actions.first().waitFor();
    assert.equal((await actions.first().textContent())?.trim(), "Buy");
    await actions.first().click();
    const buy = page.getByRole("dialog", { name: "Buy" });
    await buy.getByLabel("Token", { exact: true }).selectOption("mUSDC");

    // 2. Below the card's minimum: the limit in words, no quote.
    await buy.getByLabel("Amount", { exact: true }).fill("9.99");
    await buy.getByText("Enter an amount from 10.00 to 7,500.00 USD for card payments").waitFor({ timeout: 15_000 });

    // 3. 100 USD: the quote from the API (provider fee 1.5 % for a card, the network fee, the total).
    await buy.getByLabel("Amount", { exact: true }).fill("100");
    await buy.getByTestId("buy-you-get").filter({ hasText: "100 mUSDC" }).waitFor({ timeout: 15_000 });
    assert.match((await buy.getByTestId("buy-provider-fee").textContent()) ?? "", /1\.50 USD/);
    const total = (await buy.getByTestId("buy-total").textContent()) ?? "";
    assert.match(total, /^101\.\d\d USD$/, `total ${total}`);
    assert.equal(await buy.getByTestId("buy-estimate").count(), 0, "a real quote, not the estimate");
    await screenshot(page, "wallet-buy");

    // 4. The checkout opens in a new tab; paying there delivers on the local chain.
    const before = await usdcBalance();
    const [checkout] = await Promise.all([
      context.waitForEvent("page"),
      buy.getByRole("button", { name: "Continue to checkout" }).click(),
    ]);
    await checkout.waitForLoadState();
    await checkout.getByRole("button", { name: /^Pay 101\.\d\d USD$/ }).click();
    await checkout
      .getByText(`Payment complete: 100 mUSDC sent to ${devAccount(BUYER).address}`)
      .waitFor({ timeout: 30_000 });
    await screenshot(checkout, "onramp-checkout-paid");
    await checkout.close();
    assert.equal((await usdcBalance()) - before, parseUnits("100", 6));

    // 5. The wallet notices the arrival by itself.
    await buy.getByTestId("buy-arrived").filter({ hasText: "100 mUSDC arrived" }).waitFor({ timeout: 30_000 });
    await screenshot(page, "wallet-buy-arrived");
    await buy.getByRole("button", { name: "Done" }).click();

    // 6. Activity: the delivery is a "Bought" row (the indexer runs every few seconds).
    await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Activity" }).click();
    const activity = page.getByRole("list", { name: "Transactions" });
    for (let attempt = 0; attempt < 20; attempt++) {
      if (await activity.getByText("Bought", { exact: true }).count()) break;
      await page.getByRole("button", { name: "Back" }).click();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Activity" }).click();
    }
    await activity.getByText("Bought", { exact: true }).first().waitFor({ timeout: 5_000 });
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden", timeout: 15_000 });

    // 7. Invest what was bought.
    const position = await j.chain.position(BUYER, VAULT);
    await page.goto(`${j.stack.webUrl}/vaults/futures-trading-vault`);
    const widget = page.getByRole("region", { name: "Invest" });
    await widget.getByText(/^Balance: [\d,.]+ mUSDC$/).waitFor({ timeout: 15_000 });
    await widget.getByLabel(/Amount/).fill("100");
    await widget.getByRole("button", { name: /^(Sign the permit and invest|Approve and invest)$/ }).click();
    await widget
      .getByText("Investment confirmed.")
      .waitFor({ timeout: 30_000 })
      .catch(async (error) => {
        throw new Error(`${error.message}\nThe widget says: ${await widget.textContent()}`);
      });
    const after = await j.chain.position(BUYER, VAULT);
    assert.equal(after.principal - position.principal, parseUnits("100", 6));

    assert.deepEqual(foreignHosts(requests), []);
    assert.deepEqual(foreignHosts(checkoutRequests), []);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
