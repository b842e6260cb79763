// @ts-check
/// <reference lib="dom" />
/**
 * A smart-account investor in real Chromium against the whole local stack (anvil, EntryPoint v0.8, SimpleAccountFactory,
 * the fund's FundPaymaster, Pimlico's Alto bundler): choose "Smart account" in the Account view, see its address
 * "not deployed yet" and that it needs whitelisting; the admin whitelists it and the owner sends it tokens (a normal
 * EOA transfer, done here on the chain as the admin and the owner's wallet would); invest from the vault page in one
 * confirmation (one EIP-712 signature, no transaction from the wallet) while the smart account holds 0 ETH; the
 * position is the smart account's, and the Account view then says "deployed". After the round settles (outside the
 * app, e2e/lib/chain.mjs), the withdrawal from the vault page goes through the smart account too (one signature, the
 * payout lands in the smart account), and "Move to my wallet" in the Account view brings the tokens to the owner's
 * wallet in one more sponsored operation. Money is never stuck: once the admin removes the smart account from the
 * whitelist (so the fund no longer sponsors its gas), "Move to my wallet" says how much ETH it needs, the person adds
 * ETH for gas in the Account view (a plain EOA transfer) and the move goes through, paid by the smart account itself.
 */
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { devAccount } from "@fundament/test-chain";
import { createWalletClient, erc20Abi, getAddress, http, parseEther } from "viem";
import { foreignHosts, openPage, screenshot } from "../lib/browser.mjs";
import { connect } from "../lib/connect.mjs";
import { useJourney } from "../lib/journey.mjs";

describe("smart account journey", { timeout: 300_000 }, () => {
  const j = useJourney();
  /** @type {Awaited<ReturnType<typeof openPage>>} */
  let tab;
  /** Not among the seed's investors: not whitelisted, no tokens. */
  const owner = 6;
  /** @type {import("viem").Address} */
  let smartAccount;

  /** @param {import("playwright-core").Page} page */
  const openAccount = async (page) => {
    await page.getByRole("button", { name: /^Account 0x/ }).click();
    const dialog = page.getByRole("dialog", { name: "Account" });
    await dialog.waitFor();
    return dialog;
  };

  before(async () => {
    tab = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex: owner });
  });

  test("choosing 'Smart account' shows its address, 'not deployed yet', and that it needs whitelisting", async () => {
    const { page } = tab;
    await connect(page, j.stack.webUrl);
    const account = await openAccount(page);
    const type = account.getByRole("group", { name: "Account type" });
    await type.getByRole("radio", { name: "Smart account" }).check();
    const details = account.getByRole("region", { name: "Smart account" });
    await details.getByText("not deployed yet").waitFor({ timeout: 15_000 });
    smartAccount = getAddress(String(await details.locator("[data-address]").getAttribute("data-address")));
    assert.notEqual(smartAccount, devAccount(owner).address);
    assert.equal(await j.chain.publicClient.getCode({ address: smartAccount }), undefined, "no code yet");
    await details.getByRole("note").getByText("needs whitelisting", { exact: false }).waitFor({ timeout: 15_000 });
    await details.getByRole("button", { name: "Copy smart account address" }).waitFor();
    await screenshot(page, "account-smart-account");
    await page.keyboard.press("Escape");
    // Every page says which account its positions and actions are: the smart account, not the wallet in the header.
    const inUse = page.getByTestId("account-in-use");
    await inUse.getByText("Using your smart account", { exact: false }).waitFor({ timeout: 15_000 });
    assert.match(String(await inUse.textContent()), /sent from it, not from your wallet .*Portfolio lists both/);
  });

  test("invests in one confirmation holding 0 ETH; the position is there and the account is deployed", async () => {
    const { page } = tab;
    // The admin whitelists the smart account; its owner sends it tokens from the EOA (a normal transaction).
    await j.chain.sendFund(0, "whitelistInvestor", [smartAccount]);
    await j.chain.mint(owner, j.chain.units(2_000));
    const ownerWallet = createWalletClient({ chain: j.chain.publicClient.chain, transport: http(j.stack.rpcUrl) });
    const transfer = await ownerWallet.writeContract({
      account: devAccount(owner).address,
      address: j.stack.deployment.investmentToken,
      abi: erc20Abi,
      functionName: "transfer",
      args: [smartAccount, j.chain.units(1_000)],
    });
    await j.chain.publicClient.waitForTransactionReceipt({ hash: transfer });
    assert.equal(
      await j.chain.publicClient.getBalance({ address: smartAccount }),
      0n,
      "the smart account holds no ETH",
    );

    await page.goto(`${j.stack.webUrl}/vaults/futures-trading-vault`);
    await page.getByRole("heading", { level: 1, name: "Crypto futures trading vault" }).waitFor();
    const requestsBefore = /** @type {string[]} */ (
      await page.evaluate(() => /** @type {any} */ (window).__fundamentTestWallet.requests)
    ).length;
    await page.getByLabel(/Amount/).fill("500");
    // The smart account approves and invests in one user operation: the button says so.
    await page.getByRole("button", { name: "Invest through your smart account", exact: true }).click();
    await page
      .getByText("Investment confirmed.")
      .first()
      .waitFor({ timeout: 60_000 })
      .catch(async (error) => {
        // Say what the widget says instead.
        const widget = await page
          .locator("section", { has: page.getByRole("heading", { name: "Invest" }) })
          .first()
          .textContent();
        throw new Error(`${error.message}\nThe invest widget says:\n${widget}`);
      });
    await page.getByText("Invested in one confirmation through your smart account.").first().waitFor();
    const requests = /** @type {string[]} */ (
      await page.evaluate(() => /** @type {any} */ (window).__fundamentTestWallet.requests)
    ).slice(requestsBefore);
    const prompts = requests.filter((m) =>
      ["eth_sendTransaction", "eth_signTypedData_v4", "personal_sign", "wallet_sendCalls"].includes(m),
    );
    assert.deepEqual(prompts, ["eth_signTypedData_v4"], "one confirmation: the user operation's signature");

    const position = await j.chain.readFund("getPosition", [smartAccount, 1n]);
    assert.equal(position.principal, j.chain.units(500), "the smart account's position");
    assert.equal(await j.chain.readToken("balanceOf", [smartAccount]), j.chain.units(500));
    assert.equal(
      await j.chain.publicClient.getBalance({ address: smartAccount }),
      0n,
      "still no ETH: the paymaster paid",
    );
    assert.ok(await j.chain.publicClient.getCode({ address: smartAccount }), "the first operation deployed it");

    const account = await openAccount(page);
    const details = account.getByRole("region", { name: "Smart account" });
    await details.getByText("deployed", { exact: true }).waitFor({ timeout: 15_000 });
    await details.getByRole("note").getByText("Whitelisted.", { exact: false }).waitFor();
    await screenshot(page, "account-smart-account-deployed");
    await page.keyboard.press("Escape");
    assert.deepEqual(foreignHosts(tab.requests), []);
    assert.deepEqual(tab.errors, []);
  });

  test("after the round settles, withdraws through the smart account (one signature) and moves the tokens to the wallet", async () => {
    const { page } = tab;
    const signatures = async (/** @type {number} */ from) =>
      /** @type {string[]} */ (await page.evaluate(() => /** @type {any} */ (window).__fundamentTestWallet.requests))
        .slice(from)
        .filter((m) =>
          ["eth_sendTransaction", "eth_signTypedData_v4", "personal_sign", "wallet_sendCalls"].includes(m),
        );
    const requestCount = async () =>
      /** @type {string[]} */ (await page.evaluate(() => /** @type {any} */ (window).__fundamentTestWallet.requests))
        .length;
    const until = async (/** @type {() => Promise<boolean>} */ check, /** @type {string} */ what) => {
      for (let i = 0; i < 240; i++) {
        if (await check()) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`timed out waiting for ${what}`);
    };
    await j.chain.sendFund(0, "startLockupPeriod", [1n]);
    await j.chain.travelPastLockup(1);
    await j.chain.settleRound(1, 1_000n);
    const settled = await j.chain.readFund("getPosition", [smartAccount, 1n]);
    assert.ok(settled.withdrawable > j.chain.units(500), "the smart account's payout: principal plus profit");

    await page.goto(`${j.stack.webUrl}/vaults/futures-trading-vault`);
    const position = page.getByTestId("vault-position");
    const before = await requestCount();
    const held = await j.chain.readToken("balanceOf", [smartAccount]);
    await position.getByRole("button", { name: "Withdraw", exact: true }).click({ timeout: 30_000 });
    await position.getByText("to your smart account?", { exact: false }).waitFor();
    await position.getByRole("button", { name: "Confirm withdrawal" }).click();
    await page.getByText("Withdrawal transaction submitted successfully!").first().waitFor({ timeout: 60_000 });
    assert.deepEqual(await signatures(before), ["eth_signTypedData_v4"], "one signature, no transaction");
    assert.equal(
      await j.chain.readToken("balanceOf", [smartAccount]),
      held + settled.withdrawable,
      "the payout is in the smart account",
    );
    assert.equal(await j.chain.publicClient.getBalance({ address: smartAccount }), 0n, "still no ETH");

    const ownerBefore = await j.chain.readToken("balanceOf", [devAccount(owner).address]);
    const inSmartAccount = await j.chain.readToken("balanceOf", [smartAccount]);
    const account = await openAccount(page);
    const details = account.getByRole("region", { name: "Smart account" });
    const moveFrom = await requestCount();
    await details.getByRole("button", { name: "Move to my wallet" }).click();
    await details.getByRole("status").getByText("from your smart account to your wallet.", { exact: false }).waitFor({
      timeout: 60_000,
    });
    assert.deepEqual(await signatures(moveFrom), ["eth_signTypedData_v4"], "one signature to move the tokens");
    assert.equal(await j.chain.readToken("balanceOf", [smartAccount]), 0n);
    await until(
      async () => (await j.chain.readToken("balanceOf", [devAccount(owner).address])) === ownerBefore + inSmartAccount,
      "the tokens in the owner's wallet",
    );
    await screenshot(page, "account-smart-account-moved");
    await page.keyboard.press("Escape");
    assert.deepEqual(foreignHosts(tab.requests), []);
    assert.deepEqual(tab.errors, []);
  });

  test("off the whitelist, adds ETH for gas in the Account view and moves its tokens out, paying its own gas", async () => {
    const { page } = tab;
    const paymaster = /** @type {import("viem").Address} */ (j.stack.deployment.fundPaymaster);
    const paymasterAbi = /** @type {const} */ ([
      {
        type: "function",
        name: "sponsoredGas",
        stateMutability: "view",
        inputs: [{ name: "account", type: "address" }],
        outputs: [{ type: "uint256" }],
      },
    ]);
    const sponsoredGas = () =>
      j.chain.publicClient.readContract({
        address: paymaster,
        abi: paymasterAbi,
        functionName: "sponsoredGas",
        args: [smartAccount],
      });
    // The admin removes the smart account from the whitelist; its owner sends it tokens again (an EOA transfer).
    await j.chain.sendFund(0, "removeInvestorFromWhitelist", [smartAccount]);
    const ownerWallet = createWalletClient({ chain: j.chain.publicClient.chain, transport: http(j.stack.rpcUrl) });
    await j.chain.publicClient.waitForTransactionReceipt({
      hash: await ownerWallet.writeContract({
        account: devAccount(owner).address,
        address: j.stack.deployment.investmentToken,
        abi: erc20Abi,
        functionName: "transfer",
        args: [smartAccount, j.chain.units(300)],
      }),
    });
    const booked = await sponsoredGas();

    await page.goto(j.stack.webUrl);
    const account = await openAccount(page);
    const details = account.getByRole("region", { name: "Smart account" });
    const gas = details.getByRole("region", { name: "Smart account gas" });
    await gas
      .getByText("Gas not sponsored: not on the whitelist. It pays its own gas from its ETH.")
      .waitFor({ timeout: 15_000 });
    await gas.getByTestId("smart-account-eth").getByText("0 ETH", { exact: true }).waitFor();

    // Without ETH the move is refused before any prompt, and the text names the fix.
    await details.getByRole("button", { name: "Move to my wallet" }).click();
    const refusal = details.getByRole("alert").filter({ hasText: "needs about" });
    await refusal.waitFor({ timeout: 60_000 });
    assert.match(
      String(await refusal.textContent()),
      new RegExp(
        `^Your smart account \\(${smartAccount}\\) needs about [\\d.]+ ETH to pay for this itself: the fund does not sponsor it \\(not on the whitelist\\)\\. Send ETH to it from your wallet, then try again\\.$`,
      ),
    );
    assert.equal(await j.chain.readToken("balanceOf", [smartAccount]), j.chain.units(300), "nothing moved");

    // "Add ETH for gas": the default 0.01 ETH, a transaction from the owner's EOA.
    assert.equal(await gas.getByLabel("ETH to add for gas").inputValue(), "0.01");
    await gas.getByRole("button", { name: "Add ETH for gas" }).click();
    await gas
      .getByRole("status")
      .getByText("Added 0.01 ETH for gas to your smart account.")
      .waitFor({ timeout: 60_000 });
    assert.equal(await j.chain.publicClient.getBalance({ address: smartAccount }), parseEther("0.01"));
    await gas.getByTestId("smart-account-eth").getByText("0.01 ETH", { exact: true }).waitFor({ timeout: 15_000 });
    // The earlier "needs about X ETH" answer is gone once ETH was added.
    await refusal.waitFor({ state: "detached", timeout: 15_000 });
    await screenshot(page, "account-smart-account-gas");

    const ownerBefore = await j.chain.readToken("balanceOf", [devAccount(owner).address]);
    await details.getByRole("button", { name: "Move to my wallet" }).click();
    await details
      .getByRole("status")
      .getByText("Moved 300 mUSDC from your smart account to your wallet.")
      .waitFor({ timeout: 60_000 });
    assert.equal(await j.chain.readToken("balanceOf", [smartAccount]), 0n);
    assert.equal(await j.chain.readToken("balanceOf", [devAccount(owner).address]), ownerBefore + j.chain.units(300));
    assert.equal(await sponsoredGas(), booked, "the paymaster paid nothing");
    assert.ok(
      (await j.chain.publicClient.getBalance({ address: smartAccount })) < parseEther("0.01"),
      "the smart account paid its gas",
    );
    await page.keyboard.press("Escape");
    assert.deepEqual(foreignHosts(tab.requests), []);
    assert.deepEqual(tab.errors, []);
  });
});
