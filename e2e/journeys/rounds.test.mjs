// @ts-check
/**
 * Vaults that live for ever: three full rounds across both vaults, driven through the app in real Chromium.
 * Each round the admin locks every open vault from its tab on the Admin page, the trading wallets return the funds
 * (outside the app: they are other parties), the admin collects and settles each vault in the app — once at a loss,
 * which needs the deliberate second confirmation — and an investor withdraws or rolls over and invests in each
 * vault again after every settlement. Both vaults keep taking money round after round, and the chain agrees with
 * what the app shows.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { devAccount } from "@fundament/test-chain";
import { formatUnits } from "viem";
import { openPage, screenshot } from "../lib/browser.mjs";
import { connectAndSignIn } from "../lib/connect.mjs";
import { useJourney } from "../lib/journey.mjs";

const FUTURES = 1n;
const NFT = 2n;
const INVESTOR = 2; // withdraws and re-invests every round; rolls over in the NFT vault for one round
const ROLLER = 1; // the seed left its futures position rolling over
const TRADER = { [String(FUTURES)]: 7, [String(NFT)]: 8 };
const VAULT = {
  [String(FUTURES)]: { name: "Crypto futures trading vault", path: "futures-trading-vault" },
  [String(NFT)]: { name: "NFT lending vault", path: "nft-vault" },
};

/**
 * Polls `check` until it returns a truthy value.
 * @template T @param {() => Promise<T>} check @param {string} what @param {number} [timeout]
 * @returns {Promise<T>}
 */
async function until(check, what, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe("three rounds across both vaults", { timeout: 900_000 }, () => {
  const j = useJourney();

  test("both vaults lock, settle and take deposits again, round after round, through the app", async () => {
    const admin = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex: 0 });
    await connectAndSignIn(admin.page, `${j.stack.webUrl}/admin`);
    const investor = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex: INVESTOR });
    await connectAndSignIn(investor.page, `${j.stack.webUrl}/vaults/${VAULT[String(FUTURES)]?.path}`);
    const investorAddress = devAccount(INVESTOR).address;
    const ap = admin.page;
    const ip = investor.page;

    /** Selects a vault's tab on the Admin page and returns its panel. @param {bigint} vaultId */
    const adminTab = async (vaultId) => {
      await ap.getByRole("tab", { name: new RegExp(VAULT[String(vaultId)]?.name ?? "") }).click();
      const panel = ap.getByRole("tabpanel");
      await panel.getByRole("heading", { name: "Round and lockup" }).waitFor();
      return panel;
    };

    /** The admin starts the vault's lockup in the app. @param {bigint} vaultId */
    const lock = async (vaultId) => {
      const panel = await adminTab(vaultId);
      const start = panel.getByRole("button", { name: "Start lockup period" });
      await ap.waitForFunction((b) => !b?.hasAttribute("disabled"), await start.elementHandle(), { timeout: 20_000 });
      await start.click();
      await panel.getByRole("button", { name: "Confirm start of lockup" }).click();
      await until(async () => (await j.chain.vault(vaultId)).isLocked, `vault ${vaultId} to lock`);
      await panel.getByLabel(/Total returned/).waitFor({ timeout: 20_000 });
    };

    /**
     * The vault's trading wallet returns what it was sent plus `profitBps`; the admin collects it and settles in
     * the app (confirming the loss when there is one). Resolves with the settled pool's figures.
     * @param {bigint} vaultId @param {bigint} profitBps
     */
    const settle = async (vaultId, profitBps) => {
      const poolId = await j.chain.currentPoolId(vaultId);
      const trader = TRADER[String(vaultId)] ?? 0;
      const returned = await j.chain.prepareReturn(trader, profitBps, vaultId);
      const panel = await adminTab(vaultId);
      const { address } = devAccount(trader);
      const collect = panel.getByRole("button", {
        name: new RegExp(`^Collect .* \\(${address.slice(0, 6)}…${address.slice(-4)}\\)$`),
      });
      await collect.waitFor({ timeout: 20_000 });
      await ap.waitForFunction((b) => !b?.hasAttribute("disabled"), await collect.elementHandle(), {
        timeout: 20_000,
      });
      await collect.click();
      await until(async () => (await j.chain.pool(poolId)).collected === returned, `pool ${poolId} to collect`);
      // The total returned follows what was collected.
      const total = panel.getByLabel(/Total returned/);
      await ap.waitForFunction(
        ([el, expected]) => /** @type {HTMLInputElement} */ (el).value === expected,
        /** @type {const} */ ([await total.elementHandle(), formatUnits(returned, 6)]),
        { timeout: 20_000 },
      );
      await panel.getByRole("button", { name: "End lockup period" }).click();
      // Every settlement asks the admin confirmation first (its effect in tokens).
      await panel.getByRole("button", { name: "Confirm settlement" }).click();
      if (profitBps < 0n) {
        // A loss is never settled from the first click: the app states it and asks again.
        const confirm = panel.getByRole("button", { name: "Confirm loss and settle" });
        await confirm.waitFor({ timeout: 10_000 });
        await panel.getByText(/at a loss of/).waitFor();
        assert.equal((await j.chain.pool(poolId)).state, 2, "still locked until the loss is confirmed");
        await confirm.click();
      }
      if ((await j.chain.vault(vaultId)).challengeWindow > 0n) {
        // The NFT lending vault's settlements wait a day (the seed's challenge window): proposed, then final after it.
        await until(async () => (await j.chain.pool(poolId)).finalAt > 0n, `pool ${poolId}'s proposal`);
        await j.chain.finalizeAfterWindow(vaultId, poolId);
      }
      await until(async () => (await j.chain.currentPoolId(vaultId)) !== poolId, `vault ${vaultId} to settle`);
      const pool = await j.chain.pool(poolId);
      assert.equal(pool.state, 3, `pool ${poolId} is settled`);
      assert.equal(pool.collected, returned);
      return pool;
    };

    /** Opens the investor's vault page and waits for their position. @param {bigint} vaultId */
    const vaultPage = async (vaultId) => {
      const vault = VAULT[String(vaultId)];
      await ip.goto(`${j.stack.webUrl}/vaults/${vault?.path}`);
      await ip.getByRole("heading", { level: 1, name: vault?.name }).waitFor();
      await ip.getByTestId("vault-position").waitFor({ timeout: 20_000 });
    };

    /** The investor withdraws their position in the vault through the app. @param {bigint} vaultId */
    const withdraw = async (vaultId) => {
      await vaultPage(vaultId);
      const before = await j.chain.readToken("balanceOf", [investorAddress]);
      const { withdrawable } = await j.chain.position(INVESTOR, vaultId);
      assert.ok(withdrawable > 0n, "something to withdraw");
      await ip.getByRole("button", { name: "Withdraw", exact: true }).click();
      await ip.getByRole("button", { name: "Confirm withdrawal" }).click();
      await until(
        async () => (await j.chain.readToken("balanceOf", [investorAddress])) === before + withdrawable,
        "the withdrawal",
      );
      return withdrawable;
    };

    /** The investor invests `whole` tokens in the vault's open round through the app. @param {bigint} vaultId @param {number} whole */
    const invest = async (vaultId, whole) => {
      await vaultPage(vaultId);
      const poolId = await j.chain.currentPoolId(vaultId);
      const { totalFunds: before } = await j.chain.pool(poolId);
      await ip.getByLabel(/Amount/).fill(String(whole));
      await ip.getByRole("button", { name: /^(Sign the permit and invest|Approve and invest|Invest)$/ }).click();
      await ip.getByText("Investment confirmed.").first().waitFor({ timeout: 30_000 });
      const { totalFunds } = await j.chain.pool(poolId);
      assert.equal(totalFunds - before, j.chain.units(whole), `vault ${vaultId}'s round ${poolId} took the deposit`);
      assert.equal((await j.chain.position(INVESTOR, vaultId)).poolId, poolId);
    };

    /** The investor sets their roll-over choice for the vault with the switch. @param {bigint} vaultId @param {boolean} on */
    const rollOver = async (vaultId, on) => {
      await vaultPage(vaultId);
      const toggle = ip.getByRole("switch", { name: "Roll over into the next round" });
      assert.equal(await toggle.isChecked(), !on);
      await toggle.click();
      await until(async () => (await j.chain.position(INVESTOR, vaultId)).rollOver === on, "the roll-over choice");
    };

    await j.chain.mint(INVESTOR, j.chain.units(100_000));
    const rolling = await j.chain.position(ROLLER, FUTURES);
    assert.equal(rolling.rollOver, true, "the seed left account 1 rolling over in the futures vault");
    let rollerValue = rolling.value;
    const rounds = [
      { futures: 600n, nft: 300n },
      { futures: 250n, nft: 450n },
      { futures: 400n, nft: -500n }, // the NFT vault's third round loses 5%
    ];

    for (const [i, round] of rounds.entries()) {
      // Lock every open vault (the seed leaves the NFT vault locked for the first round).
      for (const vaultId of [FUTURES, NFT]) {
        if (!(await j.chain.vault(vaultId)).isLocked) await lock(vaultId);
      }
      if (i === 2) await rollOver(NFT, false); // leave at this settlement: the choice counts while locked too
      await j.chain.travelPastLockup(FUTURES);
      await j.chain.travelPastLockup(NFT);

      const futuresPool = await settle(FUTURES, round.futures);
      assert.ok(futuresPool.postLockupTotal > futuresPool.preLockupTotal, "futures made a profit");
      const nftPool = await settle(NFT, round.nft);
      if (round.nft < 0n) assert.ok(nftPool.postLockupTotal < nftPool.preLockupTotal, "the NFT loss is shared");

      // The rolling position moved into the vault's next round with its share of the profit.
      const rolled = await j.chain.position(ROLLER, FUTURES);
      assert.equal(rolled.poolId, await j.chain.currentPoolId(FUTURES));
      assert.ok(rolled.value > rollerValue, `the rolled position grew in round ${i + 1}`);
      rollerValue = rolled.value;

      // The investor withdraws what settled, and invests in each vault again.
      const futuresPosition = await j.chain.position(INVESTOR, FUTURES);
      if (futuresPosition.shares > 0n) await withdraw(FUTURES);
      await invest(FUTURES, 500 + 100 * i);
      const nftPosition = await j.chain.position(INVESTOR, NFT);
      if (i === 1) {
        assert.equal(nftPosition.rollOver, true);
        assert.equal(nftPosition.poolId, await j.chain.currentPoolId(NFT), "rolled into the next NFT round");
        assert.ok(nftPosition.value > j.chain.units(300), "with its profit");
      } else if (nftPosition.shares > 0n) {
        const paid = await withdraw(NFT);
        if (i === 2) assert.ok(paid < nftPosition.principal, "the loss reached the payout");
      }
      await invest(NFT, 300);
      if (i === 0) await rollOver(NFT, true);
    }

    // Both vaults are open again, three rounds later, and the app lists every round.
    for (const vaultId of [FUTURES, NFT]) {
      const vault = await j.chain.vault(vaultId);
      assert.equal(vault.isLocked, false);
      await vaultPage(vaultId);
      const rows = ip.getByTestId("vault-rounds").locator("tbody tr");
      await until(async () => (await rows.count()) === Number(vault.round), `vault ${vaultId}'s rounds table`);
      await ip.getByTestId("vault-rounds").getByText(`Round ${vault.round}`).waitFor();
    }
    assert.equal((await j.chain.vault(FUTURES)).round, 6n);
    assert.equal((await j.chain.vault(NFT)).round, 5n);
    await screenshot(ip, "vault-nft-after-rounds");
    await ip.goto(`${j.stack.webUrl}/portfolio`);
    await ip.getByRole("button", { name: /Download statement/ }).waitFor({ timeout: 20_000 });
    await screenshot(ip, "portfolio-after-rounds");
    await ap.goto(`${j.stack.webUrl}/`);
    await ap.getByText("Round 6").first().waitFor({ timeout: 20_000 });
    await screenshot(ap, "vaults-after-rounds");
    await admin.context.close();
    await investor.context.close();
  });
});
