// @ts-check
/// <reference lib="dom" />
/**
 * The app takes the best investment path the wallet supports, in real Chromium with the EIP-6963 test wallet, on the
 * seeded stack's futures vault (its round takes deposits; investors 3, 2 and 5 have no payout waiting there):
 * (a) a wallet with EIP-5792 batching → one prompt (`wallet_sendCalls`), approve and invest both mined, the position
 * shows the amount, and the result names the path;
 * (b) a wallet without batching that signs typed data → a permit: one signature and one `investWithPermit`
 * transaction, no approve transaction; (c) a wallet with neither → the spec's two steps, as before (after the
 * refused signature request, with the reason said).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { toFunctionSelector } from "viem";
import { openPage, screenshot } from "../lib/browser.mjs";
import { connect } from "../lib/connect.mjs";
import { useJourney } from "../lib/journey.mjs";

const APPROVE = "0x095ea7b3";
const INVEST = toFunctionSelector("invest(uint256,uint256)");
const INVEST_WITH_PERMIT = toFunctionSelector("investWithPermit(uint256,uint256,uint256,uint8,bytes32,bytes32)");
const PROMPTS = ["eth_sendTransaction", "eth_signTypedData_v4", "wallet_sendCalls"];
const VAULT = 1;

/**
 * @typedef {{ requests: string[]; transactions: { to: string; data: string; hash: string | null; batchId: string | null }[] }} WalletRecord
 */

/** @param {import("playwright-core").Page} page @returns {Promise<WalletRecord>} */
const walletRecord = (page) =>
  page.evaluate(() => {
    const wallet = /** @type {any} */ (window).__fundamentTestWallet;
    return {
      requests: [...wallet.requests],
      transactions: wallet.transactions.map((/** @type {any} */ t) => ({ ...t })),
    };
  });

/** @param {import("playwright-core").Page} page */
const clearWalletRecord = (page) =>
  page.evaluate(() => {
    const wallet = /** @type {any} */ (window).__fundamentTestWallet;
    wallet.requests.length = 0;
    wallet.transactions.length = 0;
  });

describe("investment paths journey", { timeout: 300_000 }, () => {
  const j = useJourney();

  /**
   * Opens the futures vault as dev account `index` with the wallet's abilities, invests `amount`, and returns the
   * widget's texts and the wallet's record of the investment.
   * @param {number} index
   * @param {{ batching?: boolean; typedData?: boolean }} abilities
   * @param {string} amount
   * @param {string} shot
   * @param {string} label the invest button's label: the path the wallet will take, as far as the app knows
   */
  async function investAs(index, abilities, amount, shot, label) {
    const tab = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex: index, ...abilities });
    const { page } = tab;
    await connect(page, `${j.stack.webUrl}/vaults/futures-trading-vault`);
    await page.getByRole("heading", { level: 1, name: "Crypto futures trading vault" }).waitFor();
    const widget = page.getByRole("region", { name: "Invest" });
    await widget.getByText(/^Balance: [\d,.]+ mUSDC$/).waitFor({ timeout: 15_000 });
    const before = await j.chain.position(index, VAULT);
    await clearWalletRecord(page);
    await widget.getByLabel(/Amount/).fill(amount);
    // The button names the path once the wallet's abilities are read; the steps say the same path.
    const button = widget.getByRole("button", { name: label, exact: true });
    await button.waitFor({ timeout: 15_000 });
    const steps = await widget.getByRole("list", { name: "Investment steps" }).textContent();
    await button.click();
    await widget
      .getByText("Investment confirmed.")
      .waitFor({ timeout: 30_000 })
      .catch(async (error) => {
        throw new Error(`${error.message}\nThe widget says: ${await widget.textContent()}`);
      });
    const path = await widget.getByTestId("invest-path").textContent();
    const fallback = (await widget.getByTestId("invest-fallback").count())
      ? await widget.getByTestId("invest-fallback").textContent()
      : null;
    const record = await walletRecord(page);
    const after = await j.chain.position(index, VAULT);
    // The page's own position shows the new principal.
    const value = widget.page().getByTestId("vault-position").getByTestId("position-value");
    await page.waitForFunction(
      ([el, expected]) => Math.abs(Number(el?.textContent?.replace(/[^\d.]/g, "")) - expected) < 0.005,
      /** @type {const} */ ([await value.elementHandle(), Number(after.value) / 1e6]),
      { timeout: 15_000 },
    );
    await screenshot(page, shot);
    await tab.context.close();
    return {
      steps,
      path,
      fallback,
      prompts: record.requests.filter((m) => PROMPTS.includes(m)),
      selectors: record.transactions.map((t) => t.data.slice(0, 10)),
      batchIds: record.transactions.map((t) => t.batchId),
      invested: after.principal - before.principal,
    };
  }

  test("(a) a wallet with EIP-5792 batching: one confirmation, both calls mined, the path named", async () => {
    const run = await investAs(
      3,
      { batching: true },
      "1,250",
      "invest-path-batch",
      "Approve and invest in one confirmation",
    );
    assert.match(String(run.steps), /Step 1: Approve \+ invest, in one confirmation/);
    assert.deepEqual(run.prompts, ["wallet_sendCalls"], "one prompt: the batch");
    assert.deepEqual(run.selectors, [APPROVE, INVEST], "approve and invest, in that order");
    assert.ok(
      run.batchIds.every((id) => id && id === run.batchIds[0]),
      "both calls in one batch",
    );
    assert.equal(run.path, "Invested in one confirmation (batched approve + invest).");
    assert.equal(run.fallback, null);
    assert.equal(run.invested, j.chain.units(1250));
  });

  test("(b) a wallet without batching that signs typed data: a permit, one signature and one transaction", async () => {
    const run = await investAs(
      2,
      { batching: false, typedData: true },
      "900",
      "invest-path-permit",
      "Sign the permit and invest",
    );
    assert.match(String(run.steps), /Step 1: Sign the permit/);
    assert.deepEqual(run.prompts, ["eth_signTypedData_v4", "eth_sendTransaction"]);
    assert.deepEqual(run.selectors, [INVEST_WITH_PERMIT], "no approve transaction");
    assert.equal(run.path, "Invested with a signature (permit) and one transaction.");
    assert.equal(run.fallback, null);
    assert.equal(run.invested, j.chain.units(900));
  });

  test("(c) a wallet with neither: the two steps, approve then invest", async () => {
    const run = await investAs(
      5,
      { batching: false, typedData: false },
      "700",
      "invest-path-two-step",
      // The app cannot know yet that this wallet refuses typed data: it offers the permit first.
      "Sign the permit and invest",
    );
    assert.deepEqual(
      run.prompts,
      ["eth_signTypedData_v4", "eth_sendTransaction", "eth_sendTransaction"],
      "the signature request is refused (unsupported), then the two transactions",
    );
    assert.deepEqual(run.selectors, [APPROVE, INVEST]);
    assert.equal(run.path, "Invested in two steps: an approval, then the investment.");
    assert.equal(
      run.fallback,
      "Your wallet cannot sign a permit (EIP-712 typed data), so the approval and the investment are two transactions.",
    );
    assert.equal(run.invested, j.chain.units(700));
  });
});
