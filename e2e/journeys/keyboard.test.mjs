// @ts-check
/// <reference lib="dom" />
/**
 * Keyboard only, on the seeded stack: an investor Tabs to the futures vault's amount field, types an amount, and
 * presses Enter on the invest button; the test wallet approves and invests, and focus lands on the result. A
 * rejection in the wallet (Space on the button this time) puts focus on the error text. The NFT lending vault's round
 * is locked: its invest widget says why it takes no deposits and when it will, with no button to press.
 */
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { openPage, screenshot } from "../lib/browser.mjs";
import { connectAndSignIn } from "../lib/connect.mjs";
import { useJourney } from "../lib/journey.mjs";

/**
 * Presses Tab until the focused element is the one `describe` names (at most `max` presses, wrapping round the page).
 * @param {import("playwright-core").Page} page
 * @param {(el: { tag: string; label: string; text: string; testId: string | null }) => boolean} wanted
 * @param {number} [max]
 */
async function tabTo(page, wanted, max = 120) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = /** @type {HTMLElement | null} */ (document.activeElement);
      if (!el) return { tag: "", label: "", text: "", testId: null };
      const labelled = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : undefined;
      return {
        tag: el.tagName.toLowerCase(),
        label: labelled ?? el.getAttribute("aria-label") ?? "",
        text: (el.textContent ?? "").trim(),
        testId: el.getAttribute("data-testid"),
      };
    });
    if (wanted(focused)) return focused;
  }
  throw new Error(`Tab never reached the wanted element in ${max} presses`);
}

/** @param {import("playwright-core").Page} page */
const focusedTestId = (page) => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? null);

describe("keyboard journey", { timeout: 300_000 }, () => {
  const j = useJourney();
  /** @type {Awaited<ReturnType<typeof openPage>>} */
  let tab;
  const investor = 1;
  const vaultId = 1;

  before(async () => {
    tab = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex: investor });
    await connectAndSignIn(tab.page, j.stack.webUrl);
  });

  test("Tab to the amount, type, Enter on the button: approved and invested, focus on the result", async () => {
    const { page } = tab;
    await page.goto(`${j.stack.webUrl}/vaults/futures-trading-vault`);
    const widget = page.getByRole("region", { name: "Invest" });
    await widget.getByText(/^Balance: [\d,.]+ /).waitFor({ timeout: 15_000 });
    const before = await j.chain.position(investor, vaultId);

    await tabTo(page, (el) => el.tag === "input" && el.label.startsWith("Amount"));
    await page.keyboard.type("250");
    const button = await tabTo(
      page,
      (el) => el.tag === "button" && /^(Sign the permit and invest|Approve and invest|Invest)$/.test(el.text),
    );
    assert.match(button.text, /^(Sign the permit and invest|Approve and invest|Invest)$/);
    await page.keyboard.press("Enter");

    await widget.getByTestId("invest-result").waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "invest-result", null, {
      timeout: 5_000,
    });
    assert.equal(await focusedTestId(page), "invest-result");
    assert.match((await widget.getByTestId("invest-result").textContent()) ?? "", /^Investment confirmed\./);
    const after = await j.chain.position(investor, vaultId);
    assert.equal(after.principal - before.principal, j.chain.units(250), "the position grew by 250");
    await screenshot(page, "keyboard-invest-result");
  });

  test("a rejection in the wallet (Space on the button) puts focus on the error text", async () => {
    const { page } = tab;
    const widget = page.getByRole("region", { name: "Invest" });
    await page.evaluate(() => /** @type {any} */ (window).__fundamentTestWallet.rejectNext("eth_sendTransaction"));
    await tabTo(page, (el) => el.tag === "input" && el.label.startsWith("Amount"));
    await page.keyboard.type("200");
    await tabTo(
      page,
      (el) => el.tag === "button" && /^(Sign the permit and invest|Approve and invest|Invest)$/.test(el.text),
    );
    await page.keyboard.press("Space");
    const failure = widget.getByTestId("invest-failure");
    await failure.waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "invest-failure", null, {
      timeout: 5_000,
    });
    assert.equal(await focusedTestId(page), "invest-failure");
    assert.equal(await failure.textContent(), "User rejected the transaction.");
    await screenshot(page, "keyboard-invest-error");
  });

  test("the locked NFT lending vault says why it takes no deposits and when it will, with no button", async () => {
    const { page } = tab;
    await page.goto(`${j.stack.webUrl}/vaults/nft-vault`);
    const widget = page.getByRole("region", { name: "Invest" });
    const notice = widget.getByTestId("deposits-closed");
    await notice.waitFor({ timeout: 15_000 });
    const text = (await notice.textContent()) ?? "";
    assert.match(text, /This vault's pool is locked until its lockup period ends: its funds are with the traders\./);
    assert.match(
      text,
      /Round (\d+) unlocks on [A-Z][a-z]{2} \d{1,2}, \d{4}\. Deposits open in round \d+ once round \1 is settled/,
    );
    await notice.getByText(/left on the chain's clock/).waitFor({ timeout: 15_000 });
    assert.equal(await widget.getByRole("button").count(), 0, "no button to press");
    assert.equal(await widget.getByRole("textbox").count(), 0, "no amount to type");
    await screenshot(page, "vault-locked-no-deposits");
  });
});
