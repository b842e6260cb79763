// @ts-check
/// <reference lib="dom" />
/**
 * The wallet layer in real Chromium: a wallet on the wrong network meets UnsupportedChain and
 * switches; connecting asks for no signature; sign-in is the Account view's "Sign in", and a declined
 * one says 'Signature declined'; a send from the Account view arrives; disconnect returns to
 * 'Connect Wallet'.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createPublicClient, http, parseEther } from "viem";
import { foreignHosts, openPage, screenshot } from "../lib/browser.mjs";
import { useJourney } from "../lib/journey.mjs";

const RECEIVER = "0x000000000000000000000000000000000000cafE";

describe("wallet layer journey", { timeout: 300_000 }, () => {
  const j = useJourney();

  test("wrong network → UnsupportedChain → switch; no prompt on connect; declined sign-in; send; disconnect", async () => {
    const publicClient = createPublicClient({ transport: http(j.stack.rpcUrl) });
    const { page, context, requests } = await openPage(j.browser, {
      rpcUrl: j.stack.rpcUrl,
      accountIndex: 2,
      chainId: 1,
      switchableChainIds: [31337, 1],
    });
    await page.goto(j.stack.webUrl);
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

    // Back on a supported network the dialog closes: connecting asks for no signature.
    await dialog.waitFor({ state: "hidden", timeout: 15_000 });
    const switched = await page.evaluate(() =>
      /** @type {any} */ (window).__fundamentTestWallet.requests.includes("wallet_switchEthereumChain"),
    );
    assert.equal(switched, true);
    assert.equal(await page.getByRole("dialog", { name: /Sign In/i }).count(), 0, "connecting asks for no signature");
    const account = page.getByRole("button", { name: /^Account 0x/ });
    await account.waitFor({ timeout: 15_000 });
    // Sign-in is the Account view's "Sign in"; the wallet declines the signature.
    await account.click();
    await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Sign in" }).click();
    const signIn = page.getByRole("dialog", { name: /Sign In/i });
    await signIn.waitFor({ timeout: 15_000 });
    await signIn.getByRole("button", { name: "Sign" }).click();
    await page.getByText("Signature declined").first().waitFor({ timeout: 15_000 });
    // The sign-in view reopens; cancelling an optional sign-in keeps the connection.
    await page
      .getByRole("dialog", { name: /Sign In/i })
      .getByRole("button", { name: "Cancel" })
      .click();
    await page.getByRole("dialog").waitFor({ state: "hidden", timeout: 15_000 });
    await account.waitFor({ timeout: 15_000 });

    // Send the native token from the Account view.
    await account.click();
    const modal = page.getByRole("dialog");
    await modal.getByRole("button", { name: "Send" }).click();
    await modal.getByLabel("Amount", { exact: true }).fill("0.5");
    await modal.getByLabel("To", { exact: true }).fill(RECEIVER);
    const balanceBefore = await publicClient.getBalance({ address: RECEIVER });
    await modal.getByRole("button", { name: "Send", exact: true }).click();
    await page.getByText("Transaction started").first().waitFor({ timeout: 15_000 });
    let received = 0n;
    for (let i = 0; i < 50 && received === 0n; i++) {
      received = (await publicClient.getBalance({ address: RECEIVER })) - balanceBefore;
      if (received === 0n) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.equal(received, parseEther("0.5"));

    await modal.getByRole("button", { name: "Disconnect" }).waitFor({ timeout: 15_000 });
    await modal.getByRole("button", { name: "Disconnect" }).click();
    await page.getByRole("button", { name: "Connect Wallet" }).waitFor({ timeout: 15_000 });
    assert.deepEqual(foreignHosts(requests), []);
    await context.close();
  });

  test("without a browser wallet: the dev accounts connect asking nothing, any account can be picked, and it signs in from the Account view", async () => {
    const { page, context, errors } = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, wallet: false });
    await page.goto(`${j.stack.webUrl}/portfolio`);
    await page.getByRole("button", { name: "Connect Wallet" }).first().click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /Dev accounts \(anvil\)/ })
      .click();
    // Connecting asks for no signature; a reload keeps the connection and asks nothing either.
    await page.getByRole("button", { name: /^Account 0xf39F/ }).waitFor({ timeout: 15_000 });
    await page.getByRole("dialog").waitFor({ state: "hidden", timeout: 15_000 });
    assert.equal(await page.getByRole("dialog", { name: /Sign In/i }).count(), 0, "no sign-in prompt on connect");
    // (The restored connection asks the API whether a session exists, to show it in the Account view.)
    const sessionChecked = page.waitForResponse((r) => r.url().includes("/auth/session"), { timeout: 15_000 });
    await page.reload();
    await page.getByRole("button", { name: /^Account 0xf39F/ }).waitFor({ timeout: 15_000 });
    await sessionChecked;
    await page.getByText("Voting power").first().waitFor();
    assert.equal(await page.getByRole("dialog", { name: /Sign In/i }).count(), 0, "no sign-in prompt after a reload");
    await page.getByRole("button", { name: /^Account 0xf39F/ }).click();
    const account = page.getByRole("dialog", { name: "Account" });
    await account.getByLabel("Dev account").selectOption("3");
    await account.getByText("0x90F7…b906", { exact: true }).waitFor({ timeout: 15_000 });
    // Another account, still no prompt: sign in as it from the Account view, which says why.
    assert.equal(await page.getByRole("dialog", { name: /Sign In/i }).count(), 0, "an account switch asks nothing");
    await account.getByText("starts a 24-hour session for the features that need it", { exact: false }).waitFor();
    await screenshot(page, "wallet-account-sign-in-offered");
    await account.getByRole("button", { name: "Sign in" }).click();
    const again = page.getByRole("dialog", { name: /Sign In/i });
    await again.getByRole("button", { name: "Sign" }).waitFor({ timeout: 15_000 });
    await screenshot(page, "wallet-dev-account-sign-in");
    await again.getByRole("button", { name: "Sign" }).click();
    await again.waitFor({ state: "hidden", timeout: 15_000 });
    await page.getByRole("button", { name: /^Account 0x90F7/ }).waitFor({ timeout: 15_000 });
    const session = await page.evaluate(
      async (api) => (await fetch(`${api}/auth/session`, { credentials: "include" })).json(),
      j.stack.apiUrl,
    );
    assert.equal(String(session.address).toLowerCase(), "0x90f79bf6eb2c4f870365e785982e1f101e93b906");
    // The portfolio is account 3's: a position in the NFT lending vault's locked round 2 only (it withdrew from the
    // futures vault after round 2).
    await page.getByText("Voting power").first().waitFor();
    await page.getByTestId("position-2").waitFor({ timeout: 15_000 });
    assert.equal(await page.getByTestId("position-1").count(), 0);
    await page.reload();
    await page.getByRole("button", { name: /^Account 0x90F7/ }).click({ timeout: 15_000 });
    // After a reload the Account view knows the session.
    await page
      .getByRole("dialog", { name: "Account" })
      .getByText("Signed in", { exact: true })
      .waitFor({ timeout: 15_000 });
    assert.deepEqual(errors, []);
    await context.close();
  });
});
