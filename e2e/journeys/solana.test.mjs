// @ts-check
/// <reference lib="dom" />
/**
 * The wallet's Solana family in real Chromium against the stack's local Solana RPC (LiteSVM): the Solana test
 * wallet (Wallet Standard) connects from the Connect view, the Account view shows its SOL and mUSDC, a send of
 * 1.5 SOL reaches another dev account (its balance on the RPC rises exactly) and shows in Activity, the Networks
 * view switches to the EVM family and back, and Disconnect ends it. No request leaves localhost.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { foreignHosts, openPage, screenshot } from "../lib/browser.mjs";
import { useJourney } from "../lib/journey.mjs";

/**
 * Lamports of an address on the local Solana RPC.
 * @param {string} rpcUrl
 * @param {string} address
 */
async function lamportsOf(rpcUrl, address) {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "getBalance", params: [address] }),
  });
  const body = /** @type {{ result?: { value: number }, error?: { message: string } }} */ (await response.json());
  if (!body.result) throw new Error(`getBalance failed: ${body.error?.message}`);
  return BigInt(body.result.value);
}

describe("Solana journey", { timeout: 300_000 }, () => {
  const j = useJourney();

  test("connect the Solana test wallet, SOL and mUSDC, send 1.5 SOL, Activity, EVM and back, disconnect", async () => {
    const { solana } = j.stack;
    const [sender, receiver] = solana.accounts;
    assert.ok(sender && receiver);
    const { page, context, requests, errors } = await openPage(j.browser, {
      rpcUrl: j.stack.rpcUrl,
      solanaWallet: { rpcUrl: solana.url, secretKey: sender.secretKey, genesisHash: solana.genesisHash },
    });
    await page.goto(j.stack.webUrl);

    // The Connect view lists the Wallet Standard wallet beside the EVM ones.
    await page.getByRole("button", { name: "Connect Wallet" }).first().click();
    const connect = page.getByRole("dialog", { name: "Connect Wallet" });
    const solanaWallet = connect.getByRole("button", { name: /Fundament Solana Test Wallet/ });
    await solanaWallet.waitFor({ timeout: 15_000 });
    await screenshot(page, "wallet-solana-connect");
    await solanaWallet.click();
    const accountButton = page.getByRole("button", { name: `Account ${sender.address}` });
    await accountButton.waitFor({ timeout: 15_000 });
    await page.getByRole("dialog").waitFor({ state: "hidden", timeout: 15_000 });

    // The Account view: 1,000 SOL and 100,000 mUSDC (the stack's mint, named by /config.json).
    await accountButton.click();
    let dialog = page.getByRole("dialog", { name: "Account" });
    const balance = dialog.getByTestId("solana-balance");
    await dialog.getByText(/^1,000(\.00)? SOL$/).waitFor({ timeout: 15_000 });
    assert.match(String(await balance.textContent()), /SOL$/);
    const tokens = dialog.getByRole("region", { name: "Token balances" });
    await tokens.getByText("Mock USD Coin").waitFor({ timeout: 15_000 });
    assert.match(String(await tokens.textContent()), /100,000[\s\S]*mUSDC/);
    // In dollars: the API prices SOL from the stack's SOL/USD feed (150 USD) and the mint at 1 USD.
    await dialog
      .getByTestId("account-total-usd")
      .filter({ hasText: "≈ $250,000.00" })
      .waitFor({ timeout: 30_000 })
      .catch(async (error) => {
        const shown = await dialog.textContent().catch(() => "(no dialog)");
        throw new Error(`no USD total of $250,000.00; the Account view shows: ${shown}`, { cause: error });
      });
    await screenshot(page, "wallet-solana-account");

    // Send 1.5 SOL to dev account 1: its balance on the RPC rises by exactly 1.5 SOL.
    const before = await lamportsOf(solana.url, receiver.address);
    await dialog.getByRole("button", { name: "Send" }).click();
    dialog = page.getByRole("dialog", { name: "Send" });
    await dialog.getByLabel("Token").getByText(/SOL/).first().waitFor({ state: "attached", timeout: 15_000 });
    await dialog.getByLabel("Amount", { exact: true }).fill("1.5");
    await dialog.getByLabel("To", { exact: true }).fill(receiver.address);
    await screenshot(page, "wallet-solana-send");
    await dialog.getByRole("button", { name: "Send", exact: true }).click();
    await page.getByText("Transaction started").first().waitFor({ timeout: 15_000 });
    let received = 0n;
    for (let i = 0; i < 50 && received === 0n; i++) {
      received = (await lamportsOf(solana.url, receiver.address)) - before;
      if (received === 0n) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.equal(received, 1_500_000_000n);

    // Back on Account, the balance went down; Activity lists the send, newest first.
    dialog = page.getByRole("dialog", { name: "Account" });
    await dialog.getByText(/^998\.\d+ SOL$/).waitFor({ timeout: 15_000 });
    await dialog.getByRole("button", { name: "Activity" }).click();
    dialog = page.getByRole("dialog", { name: /Activity|Transactions/ });
    const list = dialog.getByRole("list", { name: "Transactions" });
    await list.getByRole("listitem").first().waitFor({ timeout: 15_000 });
    await list
      .getByRole("listitem")
      .first()
      .getByText(/Sent 1\.5 SOL/)
      .waitFor({ timeout: 15_000 });
    // The newest row is this send: its amount without the fee.
    assert.match(String(await list.getByRole("listitem").first().textContent()), /^Sent 1\.5 SOL /);
    // (The send's toast fades; the screenshot shows the list.)
    await page
      .getByText("Transaction started")
      .first()
      .waitFor({ state: "hidden", timeout: 15_000 })
      .catch(() => undefined);
    await screenshot(page, "wallet-solana-activity");

    // The Networks view: to the EVM family (no EVM wallet there: the header says so and still shows the Solana account),
    // connect its test wallet from the Account view, and back to Solana, whose account stayed connected.
    await dialog.getByRole("button", { name: /Back/ }).click();
    dialog = page.getByRole("dialog", { name: "Account" });
    await dialog.getByRole("button", { name: /Solana Local/ }).click();
    dialog = page.getByRole("dialog", { name: "Choose Network" });
    await dialog.getByRole("button", { name: /Solana Local.*Active/ }).waitFor({ timeout: 15_000 });
    await screenshot(page, "wallet-solana-networks");
    await dialog.getByRole("button", { name: /Local chain \(anvil\)/ }).click();
    // The Account view says the EVM family has no wallet while the Solana account stays connected…
    dialog = page.getByRole("dialog", { name: "Account" });
    await dialog.getByText("No EVM wallet connected").waitFor({ timeout: 15_000 });
    await dialog.getByText(/Your Solana account .* stays connected\./).waitFor({ timeout: 15_000 });
    // …and so does the header, once the dialog is closed (a modal dialog hides the page from the accessibility tree).
    await page.keyboard.press("Escape");
    const noEvm = page.getByRole("button", { name: /^No EVM wallet connected/ });
    await noEvm.waitFor({ timeout: 15_000 });
    // The Solana account is still named in the button (after the missing EVM wallet), but it is not its own.
    assert.equal(
      await page.getByRole("button", { name: new RegExp(`^Account ${sender.address}`) }).count(),
      0,
      "the EVM family is active: the Solana account is not the header's own",
    );
    await noEvm.click();
    dialog = page.getByRole("dialog", { name: "Account" });
    await dialog.getByRole("button", { name: "Connect EVM Wallet" }).click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /^Test Wallet/ })
      .click();
    const evmAccount = page.getByRole("button", { name: /^Account 0x/ });
    await evmAccount.waitFor({ timeout: 15_000 });
    await page.getByRole("dialog").waitFor({ state: "hidden", timeout: 15_000 });
    await evmAccount.click();
    dialog = page.getByRole("dialog", { name: "Account" });
    await dialog.getByRole("button", { name: /Local chain \(anvil\)/ }).click();
    dialog = page.getByRole("dialog", { name: "Choose Network" });
    await dialog.getByRole("button", { name: /Solana Local/ }).click();
    // Back in the Solana family: its Account view, the account and balance after the send.
    dialog = page.getByRole("dialog", { name: "Account" });
    await dialog.getByText(/^998\.\d+ SOL$/).waitFor({ timeout: 15_000 });
    await dialog.getByText(`${sender.address.slice(0, 6)}…${sender.address.slice(-4)}`).waitFor();

    // Disconnect the Solana account from its Account view.
    await dialog.getByRole("button", { name: "Disconnect" }).waitFor();
    await screenshot(page, "wallet-solana-back-from-evm");
    await dialog.getByRole("button", { name: "Disconnect" }).click();
    await page.getByRole("dialog").waitFor({ state: "hidden", timeout: 15_000 });
    // The header shows the EVM family (still connected) or Connect Wallet, no longer the Solana account.
    await page
      .getByRole("button", { name: /^Account 0x|^Connect Wallet$/ })
      .first()
      .waitFor({ timeout: 15_000 });
    assert.equal(await accountButton.count(), 0, "the Solana account is gone from the header");
    assert.equal(await page.evaluate(() => localStorage.getItem("fundament.wallet.solana")), null);
    const solanaAccounts = await page.evaluate(
      () => /** @type {any} */ (window).__fundamentSolanaTestWallet.wallet.accounts.length,
    );
    assert.equal(solanaAccounts, 0, "the Solana wallet was told to disconnect");

    assert.deepEqual(foreignHosts(requests), []);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
