// @ts-check
/**
 * Governance on the seeded stack, in real Chromium: the five seeded proposals' statuses (one executed, one
 * rejected, two open, one whose action raised the quorum), each account's voting weight before it votes, an account with no principal at the snapshot
 * that gets the reason and no vote buttons, an investor who votes and reads "You voted For" (also after a reload,
 * from the chain's Voted event), and, after time travel past the open proposals' end, a proposal that won shown as
 * "Passed — awaiting execution" with Execute, then executed; and governance that acts: a proposal with an on-chain
 * action (the futures lockup) made in the form, voted, queued in the timelock, executed after its delay, and the
 * parameter changes on chain.
 *
 * The seed's open proposals: #3 (for 12,000, against 0) and #4 (for 13,000, against 20,000). Account 1 had
 * principal when both were created and has voted on neither; account 6 (a trading desk) never invested.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { devAccount } from "@fundament/test-chain";
import { formatUnits } from "viem";
import { openPage, screenshot } from "../lib/browser.mjs";
import { useJourney } from "../lib/journey.mjs";

const INVESTOR = 1;
const NO_POWER = 6;
/** `ProposalState`: Active, Defeated, Succeeded, Executed. */
const SUCCEEDED = 2;
const EXECUTED = 3;

/** Whole tokens of the 6-decimal token as the page writes them: 13000000000n → "13,000". @param {bigint} units */
const tokens = (units) => Number(formatUnits(units, 6)).toLocaleString("en-US", { maximumFractionDigits: 2 });

/**
 * Connects the test wallet through the header's Connect Wallet button; signs in when the wallet layer asks
 * (whether it asks right after connecting is the wallet layer's business, not this journey's).
 * @param {import("playwright-core").Page} page
 */
async function connect(page) {
  await page.getByRole("button", { name: "Connect Wallet" }).first().click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /Test Wallet/ })
    .click();
  const signIn = page.getByRole("dialog", { name: /Sign In/i });
  const account = page.getByRole("button", { name: /^Account 0x/ });
  // Until either the sign-in view shows or the modal has closed on a connected account.
  for (;;) {
    if (await signIn.isVisible()) {
      await signIn.getByRole("button", { name: "Sign" }).click();
      await signIn.waitFor({ state: "hidden", timeout: 15_000 });
      break;
    }
    if ((await page.getByRole("dialog").count()) === 0 && (await account.isVisible())) break;
    await page.waitForTimeout(100);
  }
  await account.waitFor();
}

describe("governance journey", { timeout: 300_000 }, () => {
  const j = useJourney();
  /** @param {import("playwright-core").Page} page @param {number} id */
  const card = (page, id) => page.getByTestId(`proposal-${id}`);
  /** @param {import("playwright-core").Page} page @param {number} id */
  const badge = (page, id) => card(page, id).locator(".badge");
  /** @param {number} id @param {number} index @returns {Promise<bigint>} */
  const power = (id, index) => j.chain.readFund("getProposalVotingPower", [BigInt(id), devAccount(index).address]);

  test("shows the seeded proposals' statuses: one executed, one rejected, two open", async () => {
    const { page, context, errors } = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl });
    await page.goto(`${j.stack.webUrl}/governance`);
    await card(page, 5).waitFor({ timeout: 20_000 });
    assert.deepEqual(
      await page.getByRole("article").evaluateAll((cards) => cards.map((c) => c.getAttribute("data-testid"))),
      ["proposal-5", "proposal-4", "proposal-3", "proposal-2", "proposal-1"],
    );
    const statuses = [];
    for (const id of [1, 2, 3, 4, 5]) statuses.push(await badge(page, id).textContent());
    assert.deepEqual(statuses, ["Passed", "Rejected", "Active", "Active", "Executed"]);
    await card(page, 5).getByText("The quorum of later proposals becomes 20 % of what investors hold").waitFor();
    assert.equal(await page.getByRole("button", { name: /^Vote/ }).count(), 0, "no votes without a wallet");
    await page.waitForLoadState("networkidle");
    await screenshot(page, "governance-proposals");
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("an account with no principal at the snapshot sees why, and no vote buttons", async () => {
    assert.equal(await power(3, NO_POWER), 0n);
    assert.equal(await power(4, NO_POWER), 0n);
    const { page, context } = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex: NO_POWER });
    await page.goto(`${j.stack.webUrl}/governance`);
    await connect(page);
    for (const id of [3, 4]) {
      await card(page, id)
        .getByText("You had no invested principal when this proposal was created.")
        .waitFor({ timeout: 20_000 });
      assert.equal(await card(page, id).getByRole("button", { name: /^Vote/ }).count(), 0);
    }
    await screenshot(page, "governance-no-voting-power");
    await context.close();
  });

  test("an investor sees its weight, votes For and reads 'You voted For' (also after a reload)", async () => {
    const { page, context, errors } = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex: INVESTOR });
    await page.goto(`${j.stack.webUrl}/governance`);
    await connect(page);
    for (const id of [3, 4]) {
      const weight = await power(id, INVESTOR);
      assert.ok(weight > 0n);
      await card(page, id)
        .getByText(`Your voting weight: ${tokens(weight)} mUSDC`)
        .waitFor({ timeout: 20_000 });
      // For and Against look alike.
      const classes = await card(page, id)
        .getByRole("button", { name: /^Vote (for|against)$/ })
        .evaluateAll((buttons) => buttons.map((b) => b.className));
      assert.equal(classes.length, 2);
      assert.equal(classes[0], classes[1]);
      assert.doesNotMatch(String(classes[0]), /button--primary/);
    }
    await screenshot(page, "governance-voting-weight");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "governance-voting-weight-dark");
    await page.emulateMedia({ colorScheme: "light" });

    const [, , forBefore] = await j.chain.readFund("getProposalDetails", [4n]);
    await card(page, 4).getByRole("button", { name: "Vote for" }).click();
    // The review says what the vote does and that it cannot be changed; nothing is sent before "Cast vote".
    await card(page, 4).getByText("Votes cannot be changed.", { exact: false }).waitFor();
    await screenshot(page, "governance-vote-review");
    await card(page, 4).getByRole("button", { name: "Cast vote" }).click();
    await card(page, 4).getByText("You voted For").waitFor({ timeout: 30_000 });
    assert.equal(await j.chain.readFund("hasVoted", [4n, devAccount(INVESTOR).address]), true);
    const [, , forAfter] = await j.chain.readFund("getProposalDetails", [4n]);
    assert.equal(forAfter - forBefore, await power(4, INVESTOR), "the vote counted with the weight shown");
    assert.equal(await card(page, 4).getByRole("button", { name: /^Vote/ }).count(), 0);
    await screenshot(page, "governance-voted");

    await page.reload();
    await card(page, 4).getByText("You voted For").waitFor({ timeout: 20_000 });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("after the vote ends with more for than against: 'Passed — awaiting execution' with Execute, then executed", async () => {
    const [, , , , , endTime] = await j.chain.readFund("getProposalDetails", [3n]);
    const latest = await j.chain.publicClient.getBlock();
    await j.chain.travel(Number(endTime - latest.timestamp) + 60);
    assert.equal(await j.chain.readFund("proposalState", [3n]), SUCCEEDED);

    const { page, context, errors } = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex: NO_POWER });
    await page.goto(`${j.stack.webUrl}/governance`);
    await connect(page);
    await badge(page, 3).getByText("Passed — awaiting execution").waitFor({ timeout: 20_000 });
    assert.equal(await card(page, 3).getByText("Rejected").count(), 0);
    const execute = card(page, 3).getByRole("button", { name: "Execute proposal" });
    await execute.waitFor();
    await screenshot(page, "governance-awaiting-execution");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "governance-awaiting-execution-dark");
    await page.emulateMedia({ colorScheme: "light" });

    await execute.click();
    await badge(page, 3).getByText("Passed", { exact: true }).waitFor({ timeout: 30_000 });
    assert.equal(await j.chain.readFund("proposalState", [3n]), EXECUTED);
    assert.equal(await execute.count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a proposal with an action passes, is queued, waits the timelock's delay, is executed, and the lockup changes", async () => {
    const DAYS = 40;
    const { page, context, errors } = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex: INVESTOR });
    await page.goto(`${j.stack.webUrl}/governance`);
    await connect(page);
    const form = page.locator("form", { has: page.getByRole("button", { name: "Create proposal" }) });
    await form.getByLabel("Description").fill(`Lengthen the futures lockup to ${DAYS} days for calmer rounds.`);
    await form.getByLabel("On-chain action").selectOption({ label: "Change a vault's lockup period" });
    await form.getByLabel("Vault").selectOption({ label: "Crypto futures trading vault" });
    await form.getByLabel("New lockup period (days)").fill(String(DAYS));
    await form
      .getByTestId("proposal-action-preview")
      .getByText("Would succeed if executed now")
      .waitFor({ timeout: 20_000 });
    const id = Number(await j.chain.readFund("proposalCount")) + 1;
    await form.getByRole("button", { name: "Create proposal" }).click();
    await card(page, id).waitFor({ timeout: 30_000 });
    await card(page, id).getByText(`the lockup becomes ${DAYS} days`, { exact: false }).waitFor();

    await card(page, id).getByRole("button", { name: "Vote for" }).click();
    await card(page, id).getByRole("button", { name: "Cast vote" }).click();
    await card(page, id).getByText("You voted For").waitFor({ timeout: 30_000 });
    // Two more investors vote for outside the app, so the 20 % quorum the seed set is reached.
    for (const voter of [2, 4]) await j.chain.sendGovernor(voter, "castVote", [BigInt(id), 1, ""]);

    const [, , , , , endTime] = await j.chain.readFund("getProposalDetails", [BigInt(id)]);
    const latest = await j.chain.publicClient.getBlock();
    await j.chain.travel(Number(endTime - latest.timestamp) + 60);
    await page.reload();
    await badge(page, id).getByText("Passed — ready to queue").waitFor({ timeout: 20_000 });
    await card(page, id).getByRole("button", { name: "Queue" }).click();
    await badge(page, id)
      .getByText(/^Queued — executable from/)
      .waitFor({ timeout: 30_000 });
    assert.equal(await j.chain.vault(1).then((v) => v.lockupPeriodDuration), 30n * 86_400n, "nothing changed yet");
    await screenshot(page, "governance-queued");

    const { executableAt } = await j.chain.readFund("getProposalInfo", [BigInt(id)]);
    const now = await j.chain.publicClient.getBlock();
    await j.chain.travel(Number(executableAt - now.timestamp) + 60);
    await page.reload();
    const execute = card(page, id).getByRole("button", { name: "Execute" });
    await execute.waitFor({ timeout: 20_000 });
    await page.waitForFunction((el) => el && !el.hasAttribute("disabled"), await execute.elementHandle(), {
      timeout: 40_000,
    });
    await execute.click();
    await badge(page, id).getByText("Executed").waitFor({ timeout: 30_000 });
    assert.equal((await j.chain.vault(1)).lockupPeriodDuration, BigInt(DAYS) * 86_400n);
    await screenshot(page, "governance-executed-action");
    assert.deepEqual(errors, []);
    await context.close();
  });
});
