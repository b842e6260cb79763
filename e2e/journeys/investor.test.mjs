// @ts-check
/// <reference lib="dom" />
/**
 * An investor's journey in real Chromium, with a test wallet announced through EIP-6963 that
 * forwards to anvil: connect (asked nothing more), sign in from the Account view, invest (approve then invest) in the futures vault's open round and
 * see TVL and the position update, a wallet rejection in the spec's words, and a reload that keeps
 * the connection. Account 1 rolls its futures position in the open round 3 (pool 5) and holds a
 * position in the NFT lending vault's locked round 2: the portfolio shows both.
 */
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { devAccount } from "@fundament/test-chain";
import { foreignHosts, openPage, screenshot } from "../lib/browser.mjs";
import { connect } from "../lib/connect.mjs";
import { useJourney } from "../lib/journey.mjs";

/** @param {string | null} text */
const usd = (text) => Number(String(text).replace(/[$,]/g, ""));

describe("investor journey", { timeout: 300_000 }, () => {
  const j = useJourney();
  /** @type {Awaited<ReturnType<typeof openPage>>} */
  let tab;
  const investor = 1;
  /** The futures vault: its round 3 takes deposits (the NFT lending vault's round 2 is locked). */
  const vaultId = 1;
  /** @returns {Promise<bigint>} the vault's open pool's deposits */
  const deposits = async () => (await j.chain.readFund("getCurrentPoolData", [BigInt(vaultId)]))[1];

  before(async () => {
    // A wallet that can do nothing better than the spec's two steps (no batching, no typed data): the permit and
    // batch paths are journeys/invest-paths.test.mjs.
    tab = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex: investor, typedData: false });
  });

  test("connects through the EIP-6963 test wallet (asked nothing more), then signs in from the Account view", async () => {
    const { page } = tab;
    await connect(page, j.stack.webUrl);
    assert.equal(await page.getByRole("dialog", { name: /Sign In/i }).count(), 0, "connecting asks for no signature");
    // Sign-in (SIWE, the API keeps the session) where the person chooses it: the Account view says why.
    await page.getByRole("button", { name: /^Account 0x/ }).click();
    const account = page.getByRole("dialog", { name: "Account" });
    await account.getByText("starts a 24-hour session for the features that need it", { exact: false }).waitFor();
    await account.getByRole("button", { name: "Sign in" }).click();
    const signIn = page.getByRole("dialog", { name: /Sign In/i });
    await signIn.waitFor({ timeout: 15_000 });
    await signIn.getByRole("button", { name: "Sign" }).click();
    await signIn.waitFor({ state: "hidden", timeout: 15_000 });
    const session = await page.evaluate(
      async (api) => (await fetch(`${api}/auth/session`, { credentials: "include" })).json(),
      j.stack.apiUrl,
    );
    assert.equal(String(session.address).toLowerCase(), devAccount(investor).address.toLowerCase());
    // The Account view now says so, and offers to sign out.
    await page.getByRole("button", { name: /^Account 0x/ }).click();
    const signedIn = page.getByRole("dialog", { name: "Account" });
    await signedIn.getByText("Signed in", { exact: true }).waitFor({ timeout: 15_000 });
    await signedIn.getByRole("button", { name: "Sign out" }).waitFor();
    await page.keyboard.press("Escape");
    await signedIn.waitFor({ state: "hidden" });
    const label = await page.getByRole("button", { name: /^Account 0x/ }).getAttribute("aria-label");
    const address = devAccount(investor).address;
    assert.match(
      String(label ?? (await page.getByRole("button", { name: /^Account 0x/ }).textContent())),
      new RegExp(address.slice(2, 6), "i"),
    );
  });

  test("invests in two steps and sees TVL and the position update", async () => {
    const { page } = tab;
    await page.goto(`${j.stack.webUrl}/vaults/futures-trading-vault`);
    await page.getByRole("heading", { level: 1, name: "Crypto futures trading vault" }).waitFor();
    const tvl = page.getByTestId("vault-tvl");
    await tvl.waitFor();
    const before = usd(await tvl.textContent());
    const poolBefore = await deposits();
    const positionBefore = await j.chain.position(investor, vaultId);
    await page.getByLabel(/Amount/).fill("1,500");
    // The button names the path: the permit until this wallet has refused typed data once, then the two steps.
    await page.getByRole("button", { name: /^(Sign the permit and invest|Approve and invest)$/ }).click();
    await page.getByText("Investment confirmed.").first().waitFor({ timeout: 30_000 });
    await page.waitForFunction(
      ([selector, old]) => Number(document.querySelector(selector)?.textContent?.replace(/[$,]/g, "")) !== old,
      /** @type {const} */ (['[data-testid="vault-tvl"]', before]),
      { timeout: 15_000 },
    );
    // Dollars and cents (the figures are parsed into floating point).
    assert.equal(Math.round((usd(await tvl.textContent()) - before) * 100) / 100, 1500);
    assert.equal((await deposits()) - poolBefore, j.chain.units(1500));
    const positionAfter = await j.chain.position(investor, vaultId);
    assert.equal(positionAfter.principal - positionBefore.principal, j.chain.units(1500), "the position grew");
    // "Your position" on the vault page shows this vault's position only, with its new value.
    const value = page.getByTestId("vault-position").getByTestId("position-value");
    await page.waitForFunction(
      ([el, expected]) => Math.abs(Number(el?.textContent?.replace(/[^\d.]/g, "")) - expected) < 0.005,
      /** @type {const} */ ([await value.elementHandle(), Number(positionAfter.value) / 1e6]),
      { timeout: 15_000 },
    );
    await screenshot(page, "vault-invested");
  });

  test("a wallet rejection shows 'User rejected the transaction.'", async () => {
    const { page } = tab;
    await page.evaluate(() => /** @type {any} */ (window).__fundamentTestWallet.rejectNext("eth_sendTransaction"));
    assert.equal(await page.getByText("User rejected the transaction.").count(), 0);
    await page.getByLabel(/Amount/).fill("200");
    await page.getByRole("button", { name: /^(Sign the permit and invest|Approve and invest)$/ }).click();
    await page.getByText("User rejected the transaction.").first().waitFor({ timeout: 15_000 });
    const requests = await page.evaluate(() => /** @type {any} */ (window).__fundamentTestWallet.requests);
    assert.ok(requests.includes("eth_sendTransaction"));
  });

  test("a reverted approval shows 'Approval transaction failed!' and nothing is invested", async () => {
    const { page } = tab;
    const poolBefore = await deposits();
    // The wallet sends the next approval with too little gas: it is mined, and reverts.
    await page.evaluate(() => /** @type {any} */ (window).__fundamentTestWallet.starveGasNext("0x095ea7b3"));
    await page.getByLabel(/Amount/).fill("5,000");
    await page.getByRole("button", { name: /^(Sign the permit and invest|Approve and invest)$/ }).click();
    await page.getByText("Approval transaction failed!").first().waitFor({ timeout: 30_000 });
    await screenshot(page, "vault-approval-failed");
    const requests = await page.evaluate(() => /** @type {any} */ (window).__fundamentTestWallet.requests);
    assert.equal(requests.filter((/** @type {string} */ m) => m === "eth_sendTransaction").length >= 1, true);
    assert.equal(await deposits(), poolBefore, "nothing was invested");
  });

  test("a reload keeps the connection and the portfolio shows the position", async () => {
    const { page, requests, errors } = tab;
    await page.goto(`${j.stack.webUrl}/portfolio`);
    await page.getByRole("button", { name: /^Account 0x/ }).waitFor({ timeout: 15_000 });
    await page
      .getByText(/Voting power/i)
      .first()
      .waitFor();
    // One position per vault: the futures one (open round, with today's investment) and the NFT lending one (locked).
    await page.getByTestId("position-1").getByText("Crypto futures trading vault").waitFor({ timeout: 15_000 });
    await page.getByTestId("position-2").getByText("NFT lending vault").waitFor();
    await page.waitForLoadState("networkidle");
    await screenshot(page, "portfolio");
    assert.deepEqual(foreignHosts(requests), []);
    assert.deepEqual(errors, []);
  });
});
