// @ts-check
/**
 * Admin that cannot slip, in real Chromium on the seeded stack: the whitelist is listed and searchable; removing a
 * trading wallet asks the admin confirmation, which states its effect in tokens; the collect panel explains what the
 * trading wallet must do first (the fund's address, the exact call) and shows its approval as it arrives; and a
 * settlement at a loss needs the second, deliberate confirmation that states the loss in tokens and per cent (the
 * NFT lending vault's locked round 2: the chain travels past its lockup and its trading wallet, dev account 8,
 * approves less than the principal; the vault's one-day challenge window then passes and the proposal is finalised).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, test } from "node:test";
import { devAccount } from "@fundament/test-chain";
import { formatUnits } from "viem";
import { openPage, SCREENSHOTS_DIR } from "../lib/browser.mjs";
import { connectAndSignIn } from "../lib/connect.mjs";
import { useJourney } from "../lib/journey.mjs";

/** The NFT lending vault: its round 2 is locked in the demo state, with dev account 8 as its only trading wallet. */
const NFT_VAULT = 2;
const NFT_TRADER = 8;
/** An investor of the NFT lending vault's round 2 (roll-over off), and the seeded fund's guardian. */
const INVESTOR = 1;
const GUARDIAN = 6;
/** The futures vault's trading wallet in the demo state. */
const FUTURES_TRADER = 7;
/** `PoolState.Locked`, `PoolState.Settled`. */
const LOCKED = 2;
const SETTLED = 3;

/** @param {string} address */
const short = (address) => `${address.slice(0, 6)}…${address.slice(-4)}`;
/** Token units (6 decimals) as the app's tables write them, to two decimals: "16,572.64 mUSDC". @param {bigint} units */
const tokens = (units) =>
  `${Number(formatUnits(units, 6)).toLocaleString("en-US", { maximumFractionDigits: 2 })} mUSDC`;

/** Token units as a confirmation's sentence writes them, to two decimals: "16,572.64 mUSDC". @param {bigint} units */
const inWords = (units) =>
  `${Number(formatUnits(units, 6)).toLocaleString("en-US", { maximumFractionDigits: 2 })} mUSDC`;

/** `part` as a percent of `whole` to two decimals, as the app writes it ("20%", "33.33%"). @param {bigint} part @param {bigint} whole */
const percentOf = (part, whole) =>
  `${(Number((part * 10_000n) / whole) / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;

/** Polls `check` until it is true (the chain answers before the app has seen a receipt). */
async function until(/** @type {() => Promise<boolean>} */ check, /** @type {string} */ what) {
  for (let i = 0; i < 150; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("admin safety journey", { timeout: 300_000 }, () => {
  const j = useJourney();

  test("the whitelist lists the seeded investors and the search finds one", async () => {
    const { page, context } = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex: 0 });
    await connectAndSignIn(page, `${j.stack.webUrl}/admin`);
    const whitelist = page.locator("section", { has: page.getByRole("heading", { name: "Investor whitelist" }) });
    const list = whitelist.getByRole("list", { name: "Whitelisted wallets" });
    await list.waitFor({ timeout: 20_000 });
    const addresses = await list
      .getByRole("listitem")
      // Each shown as the app shows addresses (name or short form), the full address as its accessible label.
      .evaluateAll((items) =>
        items.map((item) => item.querySelector("[role=group]")?.getAttribute("aria-label") ?? ""),
      );
    assert.deepEqual(
      addresses,
      [1, 2, 3, 4, 5].map((i) => devAccount(i).address),
      "the seeded investors, oldest first",
    );
    assert.equal(await whitelist.getByTestId("whitelist-count").textContent(), "5 whitelisted wallets.");

    const wanted = devAccount(3).address;
    await whitelist.getByLabel("Search by address").fill(wanted.slice(2, 10).toLowerCase());
    await whitelist.getByText("1 of 5 whitelisted wallets match.").waitFor({ timeout: 10_000 });
    assert.equal(await list.getByRole("listitem").count(), 1);
    await list.getByRole("group", { name: wanted }).waitFor();
    // Admin texts speak to the admin (who is not an investor in the seed).
    assert.equal(
      await whitelist.getByTestId("whitelist-self").textContent(),
      "Your admin wallet is not on the whitelist: whitelist it below to invest from it.",
    );
    assert.equal(await page.getByText(/Ask the fund's admin/i).count(), 0);
    await whitelist.screenshot({ path: join(SCREENSHOTS_DIR, "admin-whitelist.png") });
    await context.close();
  });

  test("removing a trading wallet asks a confirmation that states its effect in tokens", async () => {
    const { page, context } = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex: 0 });
    await connectAndSignIn(page, `${j.stack.webUrl}/admin`);
    await page
      .getByRole("tablist", { name: "Vault" })
      .getByRole("tab", { name: /Crypto futures trading vault/ })
      .click();
    const panel = page.getByRole("tabpanel");
    const poolId = await j.chain.currentPoolId(1);
    const deposits = (await j.chain.pool(poolId)).totalFunds;
    const round = (await j.chain.vault(1)).round;
    const trader = devAccount(FUTURES_TRADER).address;
    const remove = panel.getByRole("button", { name: `Remove trading wallet Futures (${short(trader)})` });
    await remove.click();
    const confirmation = panel.getByRole("group", { name: /^Remove trading wallet Futures/ });
    await confirmation.waitFor({ timeout: 10_000 });
    const effect = await confirmation.locator(".admin-confirm__effect").textContent();
    assert.equal(
      effect,
      `Remove trading wallet Futures (${short(trader)}) from the Crypto futures trading vault: at the next lockup it receives nothing instead of 100% (${inWords(deposits)} of round ${round}'s ${inWords(deposits)} so far).`,
    );
    // The safe choice has the focus; nothing is sent until the confirming click.
    assert.equal(
      await confirmation.getByRole("button", { name: "Cancel" }).evaluate((b) => b === document.activeElement),
      true,
    );
    await confirmation.screenshot({ path: join(SCREENSHOTS_DIR, "admin-confirm-remove.png") });
    await page.keyboard.press("Escape");
    await confirmation.waitFor({ state: "hidden" });
    assert.equal(await remove.evaluate((b) => b === document.activeElement), true, "focus back on Remove");
    assert.equal((await j.chain.readFund("getTradingWallets", [poolId]))[0].length, 1, "nothing was removed");
    await context.close();
  });

  test("the collect panel explains the approval and shows it as it arrives; a loss needs the second confirmation", async () => {
    const fund = j.stack.deployment.investmentFund;
    const poolId = await j.chain.currentPoolId(NFT_VAULT);
    const before = await j.chain.pool(poolId);
    assert.equal(Number(before.state), LOCKED, "the NFT lending vault's round is locked in the demo state");
    const principal = before.preLockupTotal;

    const { page, context } = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex: 0 });
    await connectAndSignIn(page, `${j.stack.webUrl}/admin`);
    await page
      .getByRole("tablist", { name: "Vault" })
      .getByRole("tab", { name: /NFT lending vault/ })
      .click();
    const panel = page.getByRole("tabpanel");
    const howto = panel.getByTestId("collect-howto");
    await howto.waitFor({ timeout: 20_000 });
    await howto.getByText("First, each trading wallet approves the fund for the amount it returns.").waitFor();
    assert.equal(await howto.getByTestId("fund-address").textContent(), fund);
    assert.equal(await howto.getByTestId("approve-call-0").textContent(), `approve(${fund}, ${principal})`);
    const approved = panel.getByTestId("approved-0");
    assert.equal(await approved.textContent(), "Waiting for approval");

    // Past the lockup, the trading wallet approves 80% of what it was sent, outside the app: the page shows it.
    await j.chain.travelPastLockup(NFT_VAULT);
    const returned = await j.chain.prepareReturn(NFT_TRADER, -2_000n, NFT_VAULT);
    assert.ok(returned < principal);
    await page.waitForFunction(
      ([el, expected]) => el?.textContent === expected,
      /** @type {const} */ ([await approved.elementHandle(), tokens(returned)]),
      { timeout: 30_000 },
    );
    await panel
      .locator("section", { has: page.getByRole("heading", { name: "Round and lockup" }) })
      .screenshot({ path: join(SCREENSHOTS_DIR, "admin-collect-approval.png") });

    const trader = devAccount(NFT_TRADER).address;
    await panel
      .getByRole("button", { name: `Collect ${tokens(returned)} from NFT lending (${short(trader)})` })
      .click();
    await until(async () => (await j.chain.pool(poolId)).collected === returned, "the collection");
    const total = panel.getByLabel(/Total returned/);
    await page.waitForFunction(
      ([el, expected]) => /** @type {HTMLInputElement} */ (el).value === expected,
      /** @type {const} */ ([await total.elementHandle(), formatUnits(returned, 6)]),
      { timeout: 20_000 },
    );

    // First the confirmation every settlement asks, then the deliberate second one for the loss.
    await panel.getByRole("button", { name: "End lockup period" }).click();
    const round = Number(before.round);
    const loss = principal - returned;
    await panel
      .getByRole("group", {
        name: `Settle round ${round} with ${inWords(returned)} returned: a loss of ${inWords(loss)} (${percentOf(loss, principal)}) for its investors, who put in ${inWords(principal)}; round ${round + 1} opens.`,
      })
      .waitFor({ timeout: 10_000 });
    await panel.getByRole("button", { name: "Confirm settlement" }).click();
    const second = panel.getByRole("group", {
      name: `Settle round ${round} at a loss of ${inWords(loss)} (${percentOf(loss, principal)})?`,
    });
    await second.waitFor({ timeout: 10_000 });
    await second.getByText(`Its investors put in ${inWords(principal)} and get back ${inWords(returned)}`).waitFor();
    assert.equal(Number((await j.chain.pool(poolId)).state), LOCKED, "still locked until the loss is confirmed");
    await second.screenshot({ path: join(SCREENSHOTS_DIR, "admin-loss-confirm.png") });
    await second.getByRole("button", { name: "Confirm loss and settle" }).click();
    // The NFT lending vault's settlements wait a day (the seed's challenge window): proposed now, final after it.
    await until(async () => (await j.chain.pool(poolId)).finalAt > 0n, "the proposal");
    assert.equal(Number((await j.chain.pool(poolId)).state), LOCKED, "not final before its window");
    await panel.getByTestId(`proposed-settlement-${NFT_VAULT}`).waitFor({ timeout: 20_000 });
    await context.close();
  });

  test("a wrong figure: the investor checks its report, the guardian vetoes it, the corrected one becomes final after the window, the investor withdraws exactly the report's total less the fee", async () => {
    const poolId = await j.chain.currentPoolId(NFT_VAULT);
    const proposed = await j.chain.pool(poolId);
    /** @type {bigint} */
    const principal = proposed.preLockupTotal;

    // An investor of the round (account 1, roll-over off) sees the proposal on the vault page and checks its report.
    const investor = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex: INVESTOR });
    await connectAndSignIn(investor.page, `${j.stack.webUrl}/vaults/${NFT_VAULT}`);
    const banner = investor.page.getByRole("region", { name: "Proposed settlement" });
    await banner
      .getByText(`Round ${proposed.round}'s settlement is proposed: ${inWords(proposed.proposedTotal)} returned`)
      .waitFor({ timeout: 20_000 });
    await banner.getByText(/^Final from .* unless a guardian vetoes it\.$/).waitFor();
    await banner.screenshot({ path: join(SCREENSHOTS_DIR, "settlement-proposed-e2e.png") });
    await investor.page.screenshot({ path: join(SCREENSHOTS_DIR, "settlement-proposed-vault.png") });
    await banner.getByRole("link", { name: "Read its report" }).click();
    await investor.page.getByRole("heading", { name: "Report matches the chain" }).waitFor({ timeout: 30_000 });
    await investor.page.getByText(/^This round's settlement is proposed, not final: it becomes final from /).waitFor();

    // The rest of the money turns up at the trading wallet: the guardian vetoes the proposal that left it out.
    const guardian = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex: GUARDIAN });
    await connectAndSignIn(guardian.page, `${j.stack.webUrl}/admin`);
    const waiting = guardian.page.getByRole("region", { name: "NFT lending vault: proposed settlement" });
    await waiting.getByRole("button", { name: "Veto settlement" }).waitFor({ timeout: 20_000 });
    await waiting.screenshot({ path: join(SCREENSHOTS_DIR, "settlement-proposed-guardian.png") });
    await waiting.getByRole("button", { name: "Veto settlement" }).click();
    await waiting.getByRole("button", { name: "Confirm veto" }).click();
    await until(async () => (await j.chain.pool(poolId)).finalAt === 0n, "the veto");
    assert.equal(Number((await j.chain.pool(poolId)).state), LOCKED, "a vetoed round stays locked");
    await guardian.context.close();

    // The admin collects the rest in the app and proposes the corrected settlement: a profit now.
    const rest = await j.chain.prepareReturn(NFT_TRADER, 300n);
    const admin = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex: 0 });
    await connectAndSignIn(admin.page, `${j.stack.webUrl}/admin`);
    await admin.page
      .getByRole("tablist", { name: "Vault" })
      .getByRole("tab", { name: /NFT lending vault/ })
      .click();
    const panel = admin.page.getByRole("tabpanel");
    const trader = devAccount(NFT_TRADER).address;
    await panel
      .getByRole("button", { name: `Collect ${tokens(rest)} from NFT lending (${short(trader)})` })
      .click({ timeout: 30_000 });
    /** @type {bigint} */
    const total = proposed.collected + rest;
    await until(async () => (await j.chain.pool(poolId)).collected === total, "the second collection");
    const field = panel.getByLabel(/Total returned/);
    await admin.page.waitForFunction(
      ([el, expected]) => /** @type {HTMLInputElement} */ (el).value === expected,
      /** @type {const} */ ([await field.elementHandle(), formatUnits(total, 6)]),
      { timeout: 20_000 },
    );
    await panel.getByRole("button", { name: "End lockup period" }).click();
    await panel.getByRole("button", { name: "Confirm settlement" }).click();
    await until(async () => (await j.chain.pool(poolId)).finalAt > 0n, "the corrected proposal");
    await admin.context.close();

    // After the window, the investor makes it final from the vault page and withdraws.
    const { finalAt, reportHash } = await j.chain.pool(poolId);
    const latest = await j.chain.publicClient.getBlock();
    await j.chain.travel(Number(finalAt - latest.timestamp) + 1);
    await investor.page.goto(`${j.stack.webUrl}/vaults/${NFT_VAULT}`);
    await investor.page
      .getByRole("region", { name: "Proposed settlement" })
      .getByRole("button", { name: "Finalise settlement" })
      .click({ timeout: 60_000 });
    await until(async () => Number((await j.chain.pool(poolId)).state) === SETTLED, "the settlement");
    const settled = await j.chain.pool(poolId);
    assert.equal(settled.reportHash, reportHash, "final with the report it was proposed with");
    const fee = ((total - principal) * 2_000n) / 10_000n;
    assert.equal(settled.fundFee, fee);
    const { shares } = await j.chain.position(INVESTOR, NFT_VAULT);
    const expected = (shares * (((total - fee) * 10n ** 18n) / settled.totalShares)) / 10n ** 18n;
    const { address } = devAccount(INVESTOR);
    const before = await j.chain.readToken("balanceOf", [address]);
    await investor.page.goto(`${j.stack.webUrl}/portfolio`);
    const position = investor.page.getByTestId(`position-${NFT_VAULT}`);
    await position.getByRole("button", { name: "Withdraw", exact: true }).click({ timeout: 30_000 });
    await position.getByRole("button", { name: "Confirm withdrawal" }).click();
    await until(async () => (await j.chain.readToken("balanceOf", [address])) !== before, "the withdrawal");
    const received = (await j.chain.readToken("balanceOf", [address])) - before;
    assert.equal(received, expected, "exactly the report's total less the fee, for this position's shares");
    await investor.context.close();
  });
});
