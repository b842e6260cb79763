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
import { devAccount, freePort, LOCAL_CHAIN_ID, startAnvil } from "@fundament/test-chain";
import { createPublicClient, http, parseUnits } from "viem";
import { foundry } from "viem/chains";
import { deploy } from "./deploy.mjs";
import { ENTRY_POINT_V08, startBundler } from "./lib/bundler.mjs";
import { loadUniswapArtifact } from "./lib/dex.mjs";
import { loadArtifact, loadFundAbi } from "./lib/foundry.mjs";
import { loadReportSdk } from "./lib/round-report.mjs";
import { NFT_CHALLENGE_WINDOW, NFT_LOAN_NOTE, SEEDED_QUORUM, seed, seedGenesisTimestamp } from "./seed.mjs";

describe("npm start: deploy + seed on a real anvil", { timeout: 120_000 }, () => {
  /** @type {import("@fundament/test-chain").Anvil} */
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
  let governorAbi;
  /** @type {import("viem").Abi} */
  let tokenAbi;
  /** @type {import("./lib/bundler.mjs").Bundler | undefined} */
  let bundler;
  const mUSDC = (/** @type {number} */ whole) => parseUnits(String(whole), 6);

  /**
   * @param {string} functionName
   * @param {readonly unknown[]} [args]
   * @returns {Promise<any>}
   */
  const read = (functionName, args = []) =>
    client.readContract({ address: deployment.investmentFund, abi, functionName, args });
  /**
   * A view of the fund's governor (proposals and votes).
   * @param {string} functionName
   * @param {readonly unknown[]} [args]
   * @returns {Promise<any>}
   */
  const readGovernor = (functionName, args = []) =>
    client.readContract({ address: deployment.fundGovernor, abi: governorAbi, functionName, args });

  before(async () => {
    const port = await freePort();
    assert.notEqual(port, 8545);
    anvil = await startAnvil({ port, timestamp: seedGenesisTimestamp() }); // as npm start does
    deploymentsDir = mkdtempSync(join(tmpdir(), "fundament-deployments-"));
    deployment = await deploy({ rpcUrl: anvil.url, deploymentsDir }); // builds when artifacts are missing
    abi = loadFundAbi();
    governorAbi = loadArtifact("FundGovernor.sol", "FundGovernor").abi;
    tokenAbi = loadArtifact("MockUSDC.sol", "MockUSDC").abi;
    // As npm start does: the bundler starts once the EntryPoint is deployed, while the seed runs.
    const bundlerStarting = startBundler({
      rpcUrl: anvil.url,
      entryPoint: deployment.entryPoint,
      port: await freePort(),
    });
    summary = await seed({ rpcUrl: anvil.url, deployment });
    bundler = await bundlerStarting;
    client = /** @type {import("viem").PublicClient} */ (
      createPublicClient({
        chain: { ...foundry, rpcUrls: { default: { http: [anvil.url] } } },
        transport: http(anvil.url),
      })
    );
  });

  after(async () => {
    await bundler?.stop();
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

  test("smart accounts: EntryPoint v0.8 at its canonical address, the factory, the paymaster funded, the bundler up", async () => {
    assert.equal(deployment.entryPoint, ENTRY_POINT_V08);
    for (const address of [deployment.entryPoint, deployment.accountFactory, deployment.fundPaymaster]) {
      const code = await client.getCode({ address });
      assert.ok(code && code.length > 2, `no code at ${address}`);
    }
    const paymasterAbi = loadArtifact("FundPaymaster.sol", "FundPaymaster").abi;
    /** @param {string} functionName @param {readonly unknown[]} [args] @returns {Promise<any>} */
    const readPaymaster = (functionName, args = []) =>
      client.readContract({ address: deployment.fundPaymaster, abi: paymasterAbi, functionName, args });
    assert.equal(await readPaymaster("getDeposit"), 100n * 10n ** 18n);
    assert.equal(await readPaymaster("sponsorBudget"), 10n ** 17n);
    assert.equal(await readPaymaster("fund"), deployment.investmentFund);
    assert.equal(await readPaymaster("entryPoint"), deployment.entryPoint);
    assert.ok(bundler);
    const response = await fetch(bundler.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_supportedEntryPoints", params: [] }),
    });
    assert.deepEqual((await response.json()).result, [ENTRY_POINT_V08]);
  });

  test("the DEX: Router02 on WETH9, mUSDC then mWBTC listed, pools still at their seeded price after the seed", async () => {
    assert.ok(deployment.dex && deployment.tokens);
    const routerAbi = loadUniswapArtifact("UniswapV2Router02").abi;
    assert.equal(
      await client.readContract({ address: deployment.dex.router, abi: routerAbi, functionName: "factory" }),
      deployment.dex.factory,
    );
    assert.equal(
      await client.readContract({ address: deployment.dex.router, abi: routerAbi, functionName: "WETH" }),
      deployment.dex.weth,
    );
    assert.deepEqual(
      deployment.tokens.map((token) => [token.symbol, token.decimals]),
      [
        ["mUSDC", 6],
        ["mWBTC", 8],
      ],
    );
    const [usdc, wbtc] = deployment.tokens;
    assert.ok(usdc && wbtc);
    assert.equal(usdc.address, deployment.investmentToken);
    // The mid price through the pools: 1 ETH ≈ 3,000 mUSDC, 1 mWBTC ≈ 60,000 mUSDC (less the 0.3 % fee and impact).
    const [, usdcPerEth] = /** @type {[bigint, bigint]} */ (
      await client.readContract({
        address: deployment.dex.router,
        abi: routerAbi,
        functionName: "getAmountsOut",
        args: [10n ** 15n, [deployment.dex.weth, deployment.investmentToken]],
      })
    );
    assert.ok(usdcPerEth > mUSDC(2.98) && usdcPerEth <= mUSDC(3), `0.001 ETH → ${usdcPerEth}`);
    const [, usdcPerWbtc] = /** @type {[bigint, bigint]} */ (
      await client.readContract({
        address: deployment.dex.router,
        abi: routerAbi,
        functionName: "getAmountsOut",
        args: [1000n, [wbtc.address, deployment.investmentToken]],
      })
    );
    assert.ok(usdcPerWbtc > mUSDC(0.59) && usdcPerWbtc <= mUSDC(0.6), `0.00001 mWBTC → ${usdcPerWbtc}`);
  });

  test("the fund is configured as deployed, account 0 admin, handed over to the timelock with a change pending", async () => {
    assert.equal(await read("investmentToken"), deployment.investmentToken);
    assert.equal(await read("fundWallet"), deployment.fundWallet);
    for (const vaultId of [1n, 2n]) {
      assert.equal(await read("minimumInvestment", [vaultId]), 100_000000n);
      assert.equal(await read("lockupPeriodDuration", [vaultId]), 2_592_000n);
    }
    const adminRole = await read("ADMIN_ROLE");
    assert.equal(await read("hasRole", [adminRole, devAccount(0).address]), true);
    // The seed handed the top role to the FundTimelock: the deployer keeps only the immediate admin powers.
    const top = await read("DEFAULT_ADMIN_ROLE");
    assert.equal(await read("hasRole", [top, devAccount(0).address]), false);
    assert.equal(await read("hasRole", [top, deployment.fundTimelock]), true);
    assert.equal(await read("getRoleMemberCount", [top]), 1n);
    assert.equal(await read("hasRole", [await read("GUARDIAN_ROLE"), devAccount(6).address]), true);
    const timelockAbi = loadArtifact("FundTimelock.sol", "FundTimelock").abi;
    assert.equal(
      await client.readContract({ address: deployment.fundTimelock, abi: timelockAbi, functionName: "getMinDelay" }),
      300n,
    );
    assert.equal(await read("hasRole", [adminRole, devAccount(1).address]), false);
    const token = deployment.investmentToken;
    const [name, symbol, decimals] = await Promise.all(
      ["name", "symbol", "decimals"].map((functionName) =>
        client.readContract({ address: token, abi: tokenAbi, functionName }),
      ),
    );
    assert.deepEqual([name, symbol, decimals], ["Mock USD Coin", "mUSDC", 6]);
  });

  /** @param {bigint} poolId @returns {Promise<any>} */
  const pool = (poolId) => read("getPoolInfo", [poolId]);
  /** @param {number} index @param {bigint} vaultId @returns {Promise<any>} */
  const position = (index, vaultId) => read("getPosition", [devAccount(index).address, vaultId]);
  /** Within 0.01 token of `expected`, for amounts that went through share-price rounding. */
  const near = (/** @type {bigint} */ actual, /** @type {bigint} */ expected, /** @type {string} */ what) =>
    assert.ok(actual >= expected - 10_000n && actual <= expected + 10_000n, `${what}: ${actual} ≉ ${expected}`);
  /**
   * Investors' share of a round that returned `bps` over `principal`: after the fund's 20 % performance fee on a profit
   * above the mark (each seeded profit is), and the whole return on a loss (no fee). The seed charges no management fee
   * before round 3.
   */
  const afterFee = (/** @type {bigint} */ principal, /** @type {bigint} */ bps) =>
    bps < 0n ? principal + (principal * bps) / 10_000n : principal + (principal * bps * 8_000n) / 10_000n / 10_000n;

  test("two vaults with the same settings, five pools, the rounds where the seed left them", async () => {
    assert.equal(await read("vaultCount"), 2n);
    assert.equal(await read("poolCount"), 5n);
    const [futures, nft] = await Promise.all([read("getVault", [1n]), read("getVault", [2n])]);
    assert.equal(futures.name, "Crypto futures trading vault");
    assert.equal(nft.name, "NFT lending vault");
    assert.equal(await read("currentPoolId", [1n]), 5n);
    assert.equal(await read("currentPoolId", [2n]), 4n);
    assert.deepEqual([futures.currentPoolId, futures.round, futures.isLocked], [5n, 3n, false]);
    assert.deepEqual([nft.currentPoolId, nft.round, nft.isLocked], [4n, 2n, true]);
    for (const vault of [futures, nft]) {
      assert.equal(vault.minimumInvestment, 100_000000n);
      assert.equal(vault.lockupPeriodDuration, 2_592_000n);
    }
    // PoolState: 0 None, 1 Open, 2 Locked, 3 Settled.
    const states = await Promise.all([1n, 2n, 3n, 4n, 5n, 6n].map((id) => read("poolState", [id])));
    assert.deepEqual(states, [3, 3, 3, 2, 1, 0]);
    const infos = await Promise.all([1n, 2n, 3n, 4n, 5n].map(pool));
    assert.deepEqual(
      infos.map((info) => [info.vaultId, info.round]),
      [
        [1n, 1n],
        [2n, 1n],
        [1n, 2n],
        [2n, 2n],
        [1n, 3n],
      ],
    );
    assert.deepEqual(
      summary.vaults.map((v) => v.rounds.map((r) => `${r.poolId}:${r.state}`)),
      [
        ["1:settled", "3:settled", "5:open"],
        ["2:settled", "4:locked"],
      ],
    );
  });

  test("futures vault: round 1 settled with profit, round 2 at a loss, rolled positions carried into round 3 below the mark", async () => {
    const [p1, p3, p5] = await Promise.all([pool(1n), pool(3n), pool(5n)]);
    // Round 1: accounts 1-4 deposit 45,000; +6%; the fund keeps 20% of the profit.
    assert.equal(p1.preLockupTotal, mUSDC(45_000));
    assert.equal(p1.lockupEndTime - p1.lockupStartTime, 2_592_000n);
    assert.equal(p1.collected, mUSDC(47_700));
    assert.equal(p1.profitGenerated, mUSDC(2_700));
    assert.equal(p1.fundFee, mUSDC(540));
    assert.equal(p1.postLockupTotal, mUSDC(47_160));
    // Accounts 1 (5,000) and 3 (8,000) rolled over.
    assert.equal(p1.rolledOver, afterFee(mUSDC(13_000), 600n));
    assert.equal(p3.startSharePrice, p1.settleSharePrice);
    // Round 2: what rolled over plus 10,000 from account 2 and 4,000 from account 5; −4%: no fee, the loss is shared.
    assert.equal(p3.preLockupTotal, p1.rolledOver + mUSDC(14_000));
    assert.equal(p3.collected, p3.preLockupTotal + (p3.preLockupTotal * -400n) / 10_000n);
    assert.deepEqual([p3.profitGenerated, p3.fundFee], [0n, 0n]);
    assert.equal(p3.postLockupTotal, p3.collected);
    // The mark stays where round 1 left it: round 3 starts below it.
    assert.equal(p3.highWaterMark, p1.settleSharePrice);
    const futuresNow = await read("getVault", [1n]);
    assert.equal(futuresNow.highWaterMark, p1.settleSharePrice);
    assert.ok(p3.settleSharePrice < futuresNow.highWaterMark, "round 3 starts below the high-water mark");
    assert.deepEqual(
      [futuresNow.managementFeeBps, futuresNow.performanceFeeBps, futuresNow.depositCap, futuresNow.investorCap],
      [100n, 2_000n, mUSDC(100_000), mUSDC(25_000)],
    );
    // Accounts 1 and 5 rolled on; account 3 turned roll-over off while round 2 was locked, and withdrew.
    near(
      p3.rolledOver,
      afterFee(afterFee(mUSDC(5_000), 600n), -400n) + afterFee(mUSDC(4_000), -400n),
      "round 2 rolled",
    );
    // Round 3 is open: the rolled positions plus account 2's 7,000.
    assert.equal(p5.totalFunds, p3.rolledOver + mUSDC(7_000));
    assert.equal(p5.startSharePrice, p3.settleSharePrice);
    const [poolId, totalFunds, isLocked] = await read("getCurrentPoolData", [1n]);
    assert.deepEqual([poolId, totalFunds, isLocked], [5n, p5.totalFunds, false]);
  });

  test("NFT lending vault: round 1 settled, round 2 locked until after the chain's now", async () => {
    const [p2, p4] = await Promise.all([pool(2n), pool(4n)]);
    assert.equal(p2.preLockupTotal, mUSDC(25_000));
    assert.equal(p2.collected, mUSDC(25_750));
    assert.equal(p2.postLockupTotal, mUSDC(25_600));
    assert.equal(p2.rolledOver, afterFee(mUSDC(9_000), 300n)); // account 5
    // Round 2: account 5's rolled position, 8,000 from account 1 and 5,000 from account 3.
    near(p4.preLockupTotal, p2.rolledOver + mUSDC(13_000), "round 2 principal");
    assert.equal(p4.collected, 0n);
    const latest = await client.getBlock();
    assert.ok(p4.lockupEndTime > latest.timestamp, "the NFT round's lockup ends in the future");
    assert.equal(p4.lockupEndTime - p4.lockupStartTime, 2_592_000n);
    const [poolId, , isLocked, lockupEndTime] = await read("getCurrentPoolData", [2n]);
    assert.deepEqual([poolId, isLocked, lockupEndTime], [4n, true, p4.lockupEndTime]);
    const [totalProfit, , highest, profitablePools] = await read("getProfitStatistics");
    assert.equal(totalProfit, mUSDC(2_700) + mUSDC(750) + (await pool(3n)).profitGenerated);
    assert.deepEqual([highest, profitablePools], [mUSDC(2_700), 2n]);
  });

  test("each vault's ERC-4626 / ERC-7540 read facade shows a position with no fund-specific code", async () => {
    const facadeAbi = loadArtifact("FundVaultFacade.sol", "FundVaultFacade").abi;
    /** @param {string} vaultId @param {string} functionName @param {readonly unknown[]} [args] @returns {Promise<any>} */
    const facade = (vaultId, functionName, args = []) =>
      client.readContract({
        address: /** @type {import("viem").Address} */ (deployment.vaultFacades[vaultId]),
        abi: facadeAbi,
        functionName,
        args,
      });
    assert.equal(await facade("1", "name"), "Crypto futures trading vault");
    assert.equal(await facade("2", "asset"), deployment.investmentToken);
    // Account 4 left its round-1 payout in the futures vault: claimable, and what maxWithdraw says the fund pays.
    const account4 = devAccount(4).address;
    const position = await read("getPosition", [account4, 1n]);
    assert.equal(await facade("1", "claimableRedeemRequest", [0n, account4]), position.shares);
    assert.equal(await facade("1", "maxWithdraw", [account4]), position.withdrawable);
    // Account 1 is in the NFT vault's locked round 2 with roll-over off: a redeem pending until its settlement.
    const account1 = devAccount(1).address;
    assert.equal(
      await facade("2", "pendingRedeemRequest", [0n, account1]),
      (await read("getPosition", [account1, 2n])).shares,
    );
    assert.equal(await facade("2", "maxDeposit", [account1]), 0n, "locked");
  });

  test("NFT lending settlements wait a day: round 1 was vetoed by the guardian at 25,600, then final at 25,750", async () => {
    assert.equal((await read("getVault", [2n])).challengeWindow, NFT_CHALLENGE_WINDOW);
    assert.equal((await read("getVault", [1n])).challengeWindow, 0n, "the futures vault keeps the local chain's 0");
    /** @param {string} eventName @returns {Promise<any[]>} */
    const events = (eventName) =>
      client.getContractEvents({ address: deployment.investmentFund, abi, eventName, fromBlock: 0n });
    const [vetoed] = await events("SettlementVetoed");
    assert.deepEqual(
      [vetoed?.args.vaultId, vetoed?.args.poolId, vetoed?.args.totalReturned, vetoed?.args.by],
      [2n, 2n, mUSDC(25_600), devAccount(6).address],
    );
    const proposals = (await events("SettlementProposed")).filter((log) => log.args.poolId === 2n);
    assert.equal(proposals.length, 2, "proposed twice");
    const final = await pool(2n);
    assert.equal(proposals[1]?.args.totalReturned, final.collected);
    assert.equal(proposals[1]?.args.reportHash, final.reportHash);
    assert.equal(final.finalAt, proposals[1]?.args.finalAt);
    assert.equal(
      final.finalAt - (await client.getBlock({ blockNumber: proposals[1]?.blockNumber })).timestamp,
      NFT_CHALLENGE_WINDOW,
    );
  });

  test("each vault has its own trading wallet, and each pool keeps it", async () => {
    for (const [poolId, index, walletType] of /** @type {const} */ ([
      [1n, 7, "Futures"],
      [3n, 7, "Futures"],
      [5n, 7, "Futures"],
      [2n, 8, "NFT lending"],
      [4n, 8, "NFT lending"],
    ])) {
      const [wallets, allocations, walletTypes] = await read("getTradingWallets", [poolId]);
      assert.deepEqual([wallets, allocations, walletTypes], [[devAccount(index).address], [10_000n], [walletType]]);
    }
    // The trading wallets returned everything they were sent for settled rounds; account 8 holds round 2 now.
    const balance = (/** @type {number} */ index) =>
      client.readContract({
        address: deployment.investmentToken,
        abi: tokenAbi,
        functionName: "balanceOf",
        args: [devAccount(index).address],
      });
    assert.equal(await balance(7), 0n);
    assert.equal(await balance(8), (await pool(4n)).preLockupTotal);
  });

  test("positions: account 1 in both vaults, rolled twice in futures", async () => {
    const [futures, nft] = await Promise.all([position(1, 1n), position(1, 2n)]);
    assert.equal(futures.poolId, 5n);
    assert.equal(futures.poolState, 1);
    assert.equal(futures.rollOver, true);
    assert.equal(futures.principal, mUSDC(5_000));
    near(futures.value, afterFee(afterFee(mUSDC(5_000), 600n), -400n), "account 1 futures value");
    assert.equal(futures.withdrawable, futures.value); // round 3 is open: a refund at the current value
    assert.equal(nft.poolId, 4n);
    assert.equal(nft.poolState, 2);
    assert.equal(nft.rollOver, false);
    assert.equal(nft.principal, mUSDC(8_000));
    near(nft.value, mUSDC(8_000), "account 1 NFT value");
    assert.equal(nft.withdrawable, 0n); // locked
    const [invested, , , withdrawn, power] = await read("getInvestorData", [devAccount(1).address]);
    assert.deepEqual([invested, withdrawn, power], [mUSDC(13_000), 0n, mUSDC(13_000)]);
    assert.deepEqual(
      summary.investors.find((i) => i.account === 1)?.positions.map((p) => [p.vaultId, p.poolId, p.poolState]),
      [
        [1n, 5n, "open"],
        [2n, 4n, "locked"],
      ],
    );
  });

  test("positions: 5 rolls in both vaults, 4 holds a round-1 payout, 2 and 3 withdrew", async () => {
    const [five1, five2] = await Promise.all([position(5, 1n), position(5, 2n)]);
    assert.deepEqual([five1.poolId, five1.rollOver, five2.poolId, five2.rollOver], [5n, true, 4n, true]);
    near(five1.value, afterFee(mUSDC(4_000), -400n), "account 5 futures value");
    near(five2.value, afterFee(mUSDC(9_000), 300n), "account 5 NFT value");
    assert.equal(five2.principal, mUSDC(9_000));

    const four = await position(4, 1n);
    assert.deepEqual([four.poolId, four.poolState, four.rollOver], [1n, 3, false]);
    assert.equal(four.withdrawable, afterFee(mUSDC(20_000), 600n));
    assert.equal((await position(4, 2n)).shares, 0n);
    const [invested4, , , withdrawn4] = await read("getInvestorData", [devAccount(4).address]);
    assert.deepEqual([invested4, withdrawn4], [mUSDC(20_000), afterFee(mUSDC(10_000), 300n)]);

    // Account 2 withdrew after futures rounds 1 and 2 and NFT round 1, and is in futures round 3.
    const two = await position(2, 1n);
    assert.deepEqual([two.poolId, two.principal, two.rollOver], [5n, mUSDC(7_000), false]);
    const [invested2, lastWithdrawn2, , withdrawn2] = await read("getInvestorData", [devAccount(2).address]);
    assert.equal(invested2, mUSDC(7_000));
    assert.equal(lastWithdrawn2, 3n);
    assert.ok(withdrawn2 > mUSDC(12_000 + 6_000 + 10_000), "account 2 withdrew its principals with profit");
    // Account 3 rolled from round 1 into round 2, then left: its futures position is closed.
    assert.equal((await position(3, 1n)).shares, 0n);
    const [, lastWithdrawn3, , withdrawn3] = await read("getInvestorData", [devAccount(3).address]);
    assert.equal(lastWithdrawn3, 3n);
    near(withdrawn3, afterFee(afterFee(mUSDC(8_000), 600n), -400n), "account 3 withdrew");

    for (const index of [1, 2, 3, 4, 5]) assert.equal(await read("isWhitelisted", [devAccount(index).address]), true);
    assert.equal(await read("isWhitelisted", [devAccount(6).address]), false);
  });

  test("the fund wallet claimed round 1's fees; futures round 2 lost and charged none", async () => {
    const [p1, p2, p3] = await Promise.all([pool(1n), pool(2n), pool(3n)]);
    const fundWalletBalance = await client.readContract({
      address: deployment.investmentToken,
      abi: tokenAbi,
      functionName: "balanceOf",
      args: [devAccount(9).address],
    });
    assert.equal(fundWalletBalance, p1.fundFee + p2.fundFee);
    assert.equal(summary.fundFeesClaimed, mUSDC(690));
    assert.equal(p3.fundFee, 0n);
    assert.equal(await read("fundFeesAccrued"), 0n);
  });

  test("the chain clock ends at the wall clock (anvil started seedClockAdvance() in the past)", async () => {
    const latest = await client.getBlock();
    const now = BigInt(Math.floor(Date.now() / 1000));
    assert.ok(latest.timestamp <= now + 120n && latest.timestamp >= now - 120n, `${latest.timestamp} vs ${now}`);
    assert.ok(Math.abs(summary.chainTime - Number(now)) <= 120);
  });

  test("governance: one passed and executed, one rejected, two active, one whose action changed the quorum", async () => {
    assert.ok((await readGovernor("proposalCount")) >= 5n);
    /** @param {bigint} id */
    const proposal = async (id) => {
      const [, description, votesFor, votesAgainst, startTime, endTime, executed, active] = await readGovernor(
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
      ["passed", "rejected", "active", "active", "passed"],
    );
    // ProposalState: 0 Active, 1 Defeated, 2 Succeeded, 3 Executed.
    const states = await Promise.all([1n, 2n, 3n, 4n, 5n].map((id) => readGovernor("proposalState", [id])));
    assert.deepEqual(states, [3, 1, 0, 0, 3]);
    // Proposal 5 carried an action (not a signal): executed through the timelock, it set the governor's quorum.
    const info = await readGovernor("getProposalInfo", [5n]);
    assert.notEqual(info.actionsHash, `0x${"00".repeat(32)}`);
    assert.ok(info.votesAbstain > 0n);
    assert.equal(await readGovernor("quorumBasisPoints"), SEEDED_QUORUM);
  });

  test("every settled round carries its NAV report's hash; each report rebuilds from the chain byte for byte", async () => {
    const { hashRoundReport, parseRoundReport, verifyRoundReport } = await loadReportSdk();
    assert.deepEqual(
      summary.reports.map((r) => [Number(r.vaultId), Number(r.poolId)]),
      [
        [1, 1],
        [2, 2],
        [1, 3],
      ],
    );
    assert.deepEqual(parseRoundReport(summary.reports[1]?.text ?? "").manualItems, [
      { amount: "150", note: NFT_LOAN_NOTE },
    ]);
    for (const { poolId, hash, text, total } of summary.reports) {
      const pool = /** @type {{ reportHash: string, collected: bigint }} */ (await read("getPoolInfo", [poolId]));
      assert.equal(pool.reportHash, hash);
      const report = parseRoundReport(text);
      assert.equal(hashRoundReport(report), hash);
      assert.equal(parseUnits(total, 6), pool.collected);
      const checked = await verifyRoundReport(client, {
        deployment: {
          chainId: deployment.chainId,
          investmentFund: deployment.investmentFund,
          deploymentBlock: BigInt(deployment.deploymentBlock),
        },
        report,
      });
      assert.deepEqual([checked.hashMatches, checked.totalMatches, checked.rebuiltMatches], [true, true, true]);
    }
  });

  test("the fund holds at least what it owes", async () => {
    // Nothing owed is out with the traders: NFT round 2's principal is at account 8, not in the fund.
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
