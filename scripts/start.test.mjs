// @ts-check
/**
 * Integration test of what `npm start` does: a real anvil on a free port, then deploy + seed,
 * then reads from the chain (not from the seed's own summary) that the demo state is there.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { createPublicClient, http, parseUnits } from "viem";
import { foundry } from "viem/chains";
import { deploy } from "./deploy.mjs";
import { devAccount, LOCAL_CHAIN_ID } from "./lib/accounts.mjs";
import { freePort, startAnvil } from "./lib/anvil.mjs";
import { loadArtifact } from "./lib/foundry.mjs";
import { seed } from "./seed.mjs";

describe("npm start: deploy + seed on a real anvil", { timeout: 120_000 }, () => {
  /** @type {import("./lib/anvil.mjs").Anvil} */
  let anvil;
  /** @type {import("./deploy.mjs").Deployment} */
  let deployment;
  /** @type {import("./seed.mjs").SeedSummary} */
  let summary;
  /** @type {string} */
  let deploymentsDir;
  /** @type {import("viem").PublicClient} */
  let client;
  /** @type {import("viem").Abi} */
  let abi;
  /** @type {import("viem").Abi} */
  let tokenAbi;
  const mUSDC = (/** @type {number} */ whole) => parseUnits(String(whole), 6);

  /**
   * @param {string} functionName
   * @param {readonly unknown[]} [args]
   * @returns {Promise<any>}
   */
  const read = (functionName, args = []) =>
    client.readContract({ address: deployment.investmentFund, abi, functionName, args });

  before(async () => {
    const port = await freePort();
    assert.notEqual(port, 8545);
    anvil = await startAnvil({ port });
    deploymentsDir = mkdtempSync(join(tmpdir(), "fundament-deployments-"));
    deployment = await deploy({ rpcUrl: anvil.url, deploymentsDir }); // builds when artifacts are missing
    abi = loadArtifact("InvestmentFund.sol", "InvestmentFund").abi;
    tokenAbi = loadArtifact("MockUSDC.sol", "MockUSDC").abi;
    summary = await seed({ rpcUrl: anvil.url, deployment });
    client = /** @type {import("viem").PublicClient} */ (
      createPublicClient({
        chain: { ...foundry, rpcUrls: { default: { http: [anvil.url] } } },
        transport: http(anvil.url),
      })
    );
  });

  after(async () => {
    await anvil?.stop();
    if (deploymentsDir) rmSync(deploymentsDir, { recursive: true, force: true });
  });

  test("deploy writes <chainId>.json with the deployment", () => {
    const written = JSON.parse(readFileSync(join(deploymentsDir, `${LOCAL_CHAIN_ID}.json`), "utf8"));
    assert.deepEqual(written, deployment);
    assert.equal(deployment.chainId, LOCAL_CHAIN_ID);
    assert.equal(deployment.deployer, devAccount(0).address);
    assert.equal(deployment.fundWallet, devAccount(9).address);
    assert.equal(deployment.minimumInvestment, "100000000");
    assert.equal(deployment.lockupPeriodDuration, 30 * 24 * 60 * 60);
    assert.ok(deployment.deploymentBlock > 0);
    assert.ok(!Number.isNaN(Date.parse(deployment.deployedAt)));
  });

  test("the fund is configured as deployed, with account 0 as admin", async () => {
    assert.equal(await read("investmentToken"), deployment.investmentToken);
    assert.equal(await read("fundWallet"), deployment.fundWallet);
    assert.equal(await read("minimumInvestment"), 100_000000n);
    assert.equal(await read("lockupPeriodDuration"), 2_592_000n);
    const adminRole = await read("ADMIN_ROLE");
    assert.equal(await read("hasRole", [adminRole, devAccount(0).address]), true);
    assert.equal(await read("hasRole", [await read("DEFAULT_ADMIN_ROLE"), devAccount(0).address]), true);
    assert.equal(await read("hasRole", [adminRole, devAccount(1).address]), false);
    const token = deployment.investmentToken;
    const [name, symbol, decimals] = await Promise.all(
      ["name", "symbol", "decimals"].map((functionName) =>
        client.readContract({ address: token, abi: tokenAbi, functionName }),
      ),
    );
    assert.deepEqual([name, symbol, decimals], ["Mock USD Coin", "mUSDC", 6]);
  });

  test("pool 1 is settled with profit", async () => {
    const [totalFunds, lockupStartTime, lockupEndTime, isLocked, preLockupTotal, postLockupTotal, profitGenerated] =
      await read("investmentPools", [1n]);
    assert.equal(isLocked, false);
    assert.equal(await read("isPoolSettled", [1n]), true);
    assert.equal(totalFunds, mUSDC(45_000));
    assert.equal(preLockupTotal, mUSDC(45_000));
    assert.equal(lockupEndTime - lockupStartTime, 2_592_000n);
    assert.ok(profitGenerated > 0n, "profitGenerated > 0");
    // What came back is 8% over what went out; investors keep all but the fund's share of the profit.
    const collected = await read("poolCollected", [1n]);
    assert.equal(collected, preLockupTotal + profitGenerated);
    assert.equal(profitGenerated, (preLockupTotal * 8n) / 100n);
    const fundShare = (profitGenerated * (await read("FUND_PROFIT_PERCENTAGE"))) / (await read("BASIS_POINTS"));
    assert.equal(postLockupTotal, collected - fundShare);
    assert.ok(postLockupTotal > preLockupTotal, "postLockupTotal > preLockupTotal");
    const [totalProfit, , highest, profitablePools] = await read("getProfitStatistics");
    assert.deepEqual([totalProfit, highest, profitablePools], [profitGenerated, profitGenerated, 1n]);
  });

  test("pool 2 is open with the pool 2 deposits and inherits both trading wallets", async () => {
    assert.equal(await read("currentPoolId"), 2n);
    const [poolId, totalFunds, isLocked] = await read("getCurrentPoolData");
    assert.equal(poolId, 2n);
    assert.equal(isLocked, false);
    assert.equal(totalFunds, mUSDC(6_000 + 10_000 + 4_000));
    assert.equal(totalFunds, summary.pool2Invested);
    const [wallets, allocations, walletTypes] = await read("getTradingWallets", [2n]);
    assert.deepEqual(wallets, [devAccount(7).address, devAccount(8).address]);
    assert.deepEqual(allocations, [6_000n, 4_000n]);
    assert.deepEqual(walletTypes, ["Futures", "NFT lending"]);
  });

  test("investors: 1 and 2 withdrew with profit and re-invested; 3 and 4 hold pool 1 payouts", async () => {
    const [invested1, lastWithdrawn1, , withdrawn1, power1] = await read("getInvestorData", [devAccount(1).address]);
    assert.ok(withdrawn1 > mUSDC(5_000), "account 1 withdrew more than its 5,000 principal");
    assert.equal(lastWithdrawn1, 1n);
    assert.equal(invested1, mUSDC(6_000));
    assert.equal(power1, invested1);
    const [invested4, , , withdrawn4] = await read("getInvestorData", [devAccount(4).address]);
    assert.equal(invested4, mUSDC(20_000));
    assert.equal(withdrawn4, 0n);
    assert.ok((await read("previewWithdraw", [devAccount(4).address])) > mUSDC(20_000));
    for (const index of [1, 2, 3, 4, 5]) assert.equal(await read("isWhitelisted", [devAccount(index).address]), true);
    assert.equal(await read("isWhitelisted", [devAccount(6).address]), false);
  });

  test("governance: one passed and executed, one rejected, two active", async () => {
    assert.ok((await read("proposalCount")) >= 4n);
    /** @param {bigint} id */
    const proposal = async (id) => {
      const [, description, votesFor, votesAgainst, startTime, endTime, executed, active] = await read(
        "getProposalDetails",
        [id],
      );
      return { description, votesFor, votesAgainst, startTime, endTime, executed, active };
    };
    const [p1, p2, p3, p4] = await Promise.all([proposal(1n), proposal(2n), proposal(3n), proposal(4n)]);
    assert.equal(p1.executed, true);
    assert.equal(p1.active, false);
    assert.ok(p1.votesFor > p1.votesAgainst);
    assert.equal(p2.executed, false);
    assert.equal(p2.active, false);
    assert.ok(p2.votesAgainst > p2.votesFor);
    for (const p of [p3, p4]) {
      assert.equal(p.active, true);
      assert.equal(p.executed, false);
      assert.equal(p.endTime - p.startTime, 7n * 24n * 3600n);
      assert.ok(p.votesFor + p.votesAgainst > 0n);
      assert.ok(p.description.length > 20);
    }
    assert.deepEqual(
      summary.proposals.map((p) => p.status),
      ["passed", "rejected", "active", "active"],
    );
  });

  test("the fund holds at least what it owes", async () => {
    const owed = await read("totalOwed");
    const balance = await client.readContract({
      address: deployment.investmentToken,
      abi: tokenAbi,
      functionName: "balanceOf",
      args: [deployment.investmentFund],
    });
    assert.ok(/** @type {bigint} */ (balance) >= owed);
  });
});
