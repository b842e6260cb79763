// @ts-check
/**
 * An admin's and an investor's journey through a whole pool in real Chromium: the admin
 * whitelists a new investor, swaps a trading wallet and starts the lockup; after anvil time travel
 * the trading wallets return the funds with profit and the admin settles the pool; the investor
 * withdraws principal plus profit share. Governance: an investor creates a proposal and votes.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { devAccount } from "../../scripts/lib/accounts.mjs";
import { openPage, screenshot } from "../lib/browser.mjs";
import { connectAndSignIn } from "../lib/connect.mjs";
import { useJourney } from "../lib/journey.mjs";

const NEW_INVESTOR = "0x000000000000000000000000000000000000bEEF";

describe("admin and settlement journey", { timeout: 400_000 }, () => {
  const j = useJourney();

  test("an investor creates a proposal and votes on it", async () => {
    const { page, context } = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex: 5 });
    await connectAndSignIn(page, `${j.stack.webUrl}/governance`);
    const before = await j.chain.readFund("proposalCount");
    const text = "Publish the trading wallets' monthly statements on the fund's site.";
    await page.getByLabel("Description").fill(text);
    await page.getByLabel("Voting period", { exact: true }).fill("2");
    await page.getByRole("button", { name: "Create proposal" }).click();
    // (The description's text is also the textarea's own until the form clears: wait for the result toast.)
    await page.getByText("Proposal transaction submitted").first().waitFor({ timeout: 20_000 });
    const id = await j.chain.readFund("proposalCount");
    assert.equal(id, before + 1n);
    const card = page.getByTestId(`proposal-${id}`);
    await card.getByText(text).waitFor({ timeout: 20_000 });
    await card.getByRole("button", { name: "Vote for" }).click();
    for (let i = 0; i < 50; i++) {
      const details = await j.chain.readFund("getProposalDetails", [id]);
      if (details[2] > 0n) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const details = await j.chain.readFund("getProposalDetails", [id]);
    assert.ok(details[2] > 0n, "votesFor grew");
    await screenshot(page, "governance");
    await context.close();
  });

  test("the admin whitelists, swaps a trading wallet and starts the lockup", async () => {
    const { page, context } = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex: 0 });
    await connectAndSignIn(page, `${j.stack.webUrl}/admin`);
    await page.getByLabel("Investor wallet address").fill(NEW_INVESTOR);
    await page.getByRole("button", { name: "Whitelist investor" }).click();
    await page.getByText("Wallet whitelisted successfully.").first().waitFor({ timeout: 20_000 });
    assert.equal(await j.chain.readFund("isWhitelisted", [NEW_INVESTOR]), true);

    await page.getByRole("button", { name: /^Remove trading wallet NFT lending/ }).click();
    const confirm = page.getByRole("button", { name: /^Confirm/ });
    if (await confirm.count()) await confirm.first().click();
    await page.getByText("Trading wallet removed successfully.").first().waitFor({ timeout: 20_000 });
    await page.getByLabel("Trading wallet address").fill(devAccount(6).address);
    await page.getByLabel("Wallet type").fill("NFT lending");
    await page.getByLabel("Allocation (basis points)").fill("4000");
    await page.getByRole("button", { name: "Add trading wallet" }).click();
    await page.getByText("Trading wallet added successfully.").first().waitFor({ timeout: 20_000 });

    await page.getByRole("button", { name: "Start lockup period" }).click();
    await page.getByRole("button", { name: "Confirm start of lockup" }).click();
    await page.getByLabel(/Total returned/).waitFor({ timeout: 20_000 });
    const pool = await j.chain.readFund("getCurrentPoolData");
    assert.equal(pool[2], true, "the pool is locked");
    await screenshot(page, "admin");
    await context.close();
  });

  test("after the lockup the admin settles with profit and the investor withdraws principal plus share", async () => {
    const poolId = (await j.chain.readFund("getCurrentPoolData"))[0];
    const [principal] = await j.chain.readFund("getInvestorData", [devAccount(5).address]);
    await j.chain.travel(Number(await j.chain.readFund("lockupPeriodDuration")) + 1);
    // The trading desks return 10% more than they received: each approves the fund for its balance.
    let total = 0n;
    for (const index of [7, 6]) total += await j.chain.prepareReturn(index, 1_000n);
    const admin = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex: 0 });
    await connectAndSignIn(admin.page, `${j.stack.webUrl}/admin`);
    // The admin collects from each trading wallet in the app; the total returned follows the collected total.
    for (const index of [7, 6]) {
      const { address } = devAccount(index);
      const button = admin.page.getByRole("button", {
        name: new RegExp(`^Collect .* \\(${address.slice(0, 4)}…${address.slice(-4)}\\)$`),
      });
      await button.waitFor({ timeout: 20_000 });
      await admin.page.waitForFunction((b) => !b?.hasAttribute("disabled"), await button.elementHandle(), {
        timeout: 20_000,
      });
      /** @type {bigint} */
      const before = await j.chain.readFund("poolCollected", [poolId]);
      await button.click();
      for (let i = 0; i < 100 && (await j.chain.readFund("poolCollected", [poolId])) === before; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    await admin.page.getByText("Funds collected from the trading wallet.").first().waitFor({ timeout: 20_000 });
    assert.equal(await j.chain.readFund("poolCollected", [poolId]), total, "everything returned was collected");
    const totalReturned = admin.page.getByLabel(/Total returned/);
    await admin.page.waitForFunction(
      ([el, expected]) => /** @type {HTMLInputElement} */ (el).value === expected,
      /** @type {const} */ ([await totalReturned.elementHandle(), (Number(total) / 1e6).toString()]),
      { timeout: 20_000 },
    );
    await screenshot(admin.page, "admin-collect");
    await admin.page.getByRole("button", { name: "End lockup period" }).click();
    for (let i = 0; i < 100 && (await j.chain.readFund("investmentPools", [poolId]))[3]; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const settled = await j.chain.readFund("investmentPools", [poolId]);
    assert.equal(settled[3], false, "the pool is settled");
    assert.ok(settled[6] > 0n, "with profit");
    await admin.context.close();

    const investor = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex: 5 });
    await connectAndSignIn(investor.page, `${j.stack.webUrl}/portfolio`);
    const balanceBefore = await j.chain.readToken("balanceOf", [devAccount(5).address]);
    await investor.page.getByRole("button", { name: "Withdraw", exact: true }).click();
    await investor.page.getByRole("button", { name: "Confirm withdrawal" }).click();
    for (let i = 0; i < 100; i++) {
      if ((await j.chain.readToken("balanceOf", [devAccount(5).address])) !== balanceBefore) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const received = (await j.chain.readToken("balanceOf", [devAccount(5).address])) - balanceBefore;
    assert.ok(received > principal, `received ${received} > principal ${principal}`);
    await screenshot(investor.page, "portfolio-withdrawn");
    await investor.context.close();
  });
});
