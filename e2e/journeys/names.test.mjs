// @ts-check
/// <reference lib="dom" />
/**
 * Names and the operator's analytics in real Chromium, on a stack whose API has analytics on:
 * an investor (dev account 1) chooses a name in the Account view (one signed message) and the header shows it; a
 * second account sends to `<name>.fundament` from the wallet's Send view, which resolves it, and the investor's
 * balance rises on the chain; a proposal the named investor creates shows it as the proposer (and as a voter once it
 * votes); the admin (dev account 0) signs in and sees the wallet's events counted per day on the Admin page, the
 * same counts the API gives; a `POST /e` from a foreign origin is refused with 'Invalid App Configuration'.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { describe, test } from "node:test";
import { devAccount } from "@fundament/test-chain";
import { createPublicClient, http, parseEther } from "viem";
import { openPage, SCREENSHOTS_DIR, screenshot } from "../lib/browser.mjs";
import { connect, signIn } from "../lib/connect.mjs";
import { useJourney } from "../lib/journey.mjs";

const NAMED = 1;
const SENDER = 2;
const ADMIN = 0;
/** A label no other run has taken: letters, digits and hyphens, at least 4 characters. */
const LABEL = `e2e-${randomBytes(3).toString("hex")}`;
const NAME = `${LABEL}.fundament`;
/** The header's account button once the account has the name (its label: the name, then the address). */
const NAMED_BUTTON = new RegExp(`^Account ${NAME.replace(/[.]/g, "\\.")}, 0x`);

describe("names and analytics journey", { timeout: 400_000 }, () => {
  const j = useJourney();

  test("an investor chooses a name in the Account view and the header shows it", async () => {
    const { page, context, errors } = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex: NAMED });
    await connect(page, j.stack.webUrl);
    await page.getByRole("button", { name: /^Account 0x/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Choose a name" }).click();
    const input = dialog.getByLabel("Choose a name", { exact: true });
    // Checked as it is typed: too short first, then free once the API answered.
    await input.fill(LABEL.slice(0, 3));
    await dialog.getByText("at least 4 characters", { exact: false }).first().waitFor({ timeout: 15_000 });
    await input.fill(LABEL);
    await dialog.getByText(`${NAME} is available.`).waitFor({ timeout: 15_000 });
    await screenshot(page, "names-register-account-name");
    await dialog.getByRole("button", { name: "Register" }).click();
    // RegisterAccountNameSuccess, after the one signed message.
    await dialog.getByText("is your name now", { exact: false }).waitFor({ timeout: 20_000 });
    assert.equal(await dialog.getByRole("status").textContent(), NAME);
    const record = await (await fetch(`${j.stack.apiUrl}/v1/profile/account/${NAME}?apiVersion=2`)).json();
    assert.equal(record.name, NAME);
    assert.equal(String(record.addresses[String((0x80000000 | 31337) >>> 0)].address), devAccount(NAMED).address);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden", timeout: 15_000 });
    const header = page.getByRole("banner");
    await header.getByRole("button", { name: NAMED_BUTTON }).waitFor({ timeout: 15_000 });
    assert.equal(await header.getByText(NAME, { exact: true }).count(), 1);
    // A reload reads the name back from the API.
    await page.reload();
    await header.getByRole("button", { name: NAMED_BUTTON }).waitFor({ timeout: 20_000 });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a second account sends to the name from the wallet's Send view, and the named account receives it", async () => {
    const publicClient = createPublicClient({ transport: http(j.stack.rpcUrl) });
    const receiver = devAccount(NAMED).address;
    const { page, context, errors } = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex: SENDER });
    await connect(page, j.stack.webUrl);
    await page.getByRole("button", { name: /^Account 0x/ }).click();
    const modal = page.getByRole("dialog");
    await modal.getByRole("button", { name: "Send" }).click();
    await modal.getByLabel("Amount", { exact: true }).fill("0.5");
    await modal.getByLabel("To", { exact: true }).fill(NAME);
    // The name resolves to the named account's address before anything is sent.
    await modal.getByTestId("send-receiver-name").getByText(`${NAME} → 0x7099…79C8`).waitFor({ timeout: 15_000 });
    const before = await publicClient.getBalance({ address: receiver });
    await modal.getByRole("button", { name: "Send", exact: true }).click();
    await page.getByText("Transaction started").first().waitFor({ timeout: 15_000 });
    let received = 0n;
    for (let i = 0; i < 50 && received === 0n; i++) {
      received = (await publicClient.getBalance({ address: receiver })) - before;
      if (received === 0n) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.equal(received, parseEther("0.5"));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a proposal the named investor creates shows its name as the proposer, and as a voter once it votes", async () => {
    const { page, context, errors } = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex: NAMED });
    await page.goto(`${j.stack.webUrl}/governance`);
    await page.getByRole("button", { name: "Connect Wallet" }).first().click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /Test Wallet/ })
      .click();
    await page.getByRole("banner").getByRole("button", { name: NAMED_BUTTON }).waitFor({ timeout: 20_000 });
    await page.getByRole("dialog").waitFor({ state: "hidden", timeout: 15_000 });
    const count = Number(await j.chain.readFund("proposalCount"));
    const form = page.getByRole("form", { name: "Create a proposal" });
    await form.getByLabel("Description").fill("Name the fund's trading desks after their strategies.");
    await form.getByRole("button", { name: "Create proposal" }).click();
    const card = page.getByTestId(`proposal-${count + 1}`);
    await card.waitFor({ timeout: 30_000 });
    await card.getByText(`Proposed by ${NAME}`, { exact: false }).waitFor({ timeout: 20_000 });
    assert.equal(String(await j.chain.readFund("proposalCount")), String(count + 1));

    await card.getByRole("button", { name: "Vote for" }).click();
    await card.getByRole("button", { name: "Cast vote" }).click();
    await card.getByText("You voted For").waitFor({ timeout: 30_000 });
    await card.getByText("Voters (1)").click();
    await card.getByRole("listitem").getByText(NAME).waitFor({ timeout: 15_000 });
    await screenshot(page, "names-governance-proposer");
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("the admin signs in and sees the events counted per day; a foreign origin is refused", async () => {
    const { page, context, errors } = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex: ADMIN });
    await connect(page, `${j.stack.webUrl}/admin`);
    await signIn(page);
    const section = page.getByTestId("analytics-section");
    const totals = section.getByTestId("analytics-totals");
    await totals.waitFor({ timeout: 30_000 });
    // What the page shows is what the API counted (read with the same session cookie).
    const daily = await page.evaluate(
      async (api) => (await fetch(`${api}/admin/analytics/daily?days=30`, { credentials: "include" })).json(),
      j.stack.apiUrl,
    );
    /** @type {Record<string, number>} */
    const counted = {};
    for (const day of daily.days) {
      for (const [event, n] of Object.entries(day.counts)) counted[event] = (counted[event] ?? 0) + Number(n);
    }
    for (const event of ["SEND_SUCCESS", "VOTE_SUCCESS", "MODAL_OPEN"]) {
      assert.ok((counted[event] ?? 0) >= 1, `${event} was counted (${JSON.stringify(counted)})`);
    }
    const rows = await totals.locator("tbody tr").evaluateAll((trs) =>
      // The event's stored name is on the row; its cell reads it in words.
      trs.map((tr) => [tr.getAttribute("data-event"), tr.querySelector("td")?.textContent]),
    );
    /** @type {Record<string, number>} */
    const shown = {};
    for (const [event, n] of rows) shown[String(event)] = Number(String(n).replace(/,/g, ""));
    // The page read its counts a moment before: events sent since (this page's own) may only have added to them.
    for (const [event, n] of Object.entries(shown)) assert.ok(n <= (counted[event] ?? 0), `${event}: ${n} shown`);
    assert.equal(shown.SEND_SUCCESS, counted.SEND_SUCCESS);
    assert.equal(shown.VOTE_SUCCESS, counted.VOTE_SUCCESS);
    await section.getByRole("img", { name: /Wallet events per day/ }).waitFor({ timeout: 15_000 });
    // The chart is drawn (lightweight-charts paints canvases once its lazy chunk loaded).
    await section.locator("canvas").first().waitFor({ timeout: 15_000 });
    // The section alone, below the sticky header (an element screenshot would put the header over its top).
    await page.setViewportSize({ width: 1280, height: 1100 });
    await section.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 90));
    const box = await section.boundingBox();
    assert.ok(box);
    await page.screenshot({
      path: join(SCREENSHOTS_DIR, "names-admin-analytics.png"),
      clip: { x: box.x - 12, y: box.y - 12, width: box.width + 24, height: Math.min(box.height + 24, 1100 - box.y) },
    });

    // The API refuses events from a page that is not the app's.
    const foreign = await fetch(`${j.stack.apiUrl}/e`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({
        eventId: crypto.randomUUID(),
        url: "https://evil.example/",
        domain: "evil.example",
        timestamp: Date.now(),
        props: { event: "MODAL_OPEN", properties: { connected: false } },
      }),
    });
    assert.equal(foreign.status, 403);
    assert.equal((await foreign.json()).message, "Invalid App Configuration");
    assert.deepEqual(errors, []);
    await context.close();
  });
});
