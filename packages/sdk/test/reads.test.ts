import { custom, http, RpcRequestError } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFundPublicClient } from "../src/chains/createFundPublicClient.js";
import { ADMIN_ROLE } from "../src/reads/fundContract.js";
import { getAdmins } from "../src/reads/getAdmins.js";
import { getFundSettings } from "../src/reads/getFundSettings.js";
import { getInvestmentToken } from "../src/reads/getInvestmentToken.js";
import { getInvestorView } from "../src/reads/getInvestorView.js";
import { getPositionHistory } from "../src/reads/getPositionHistory.js";
import { getPositions } from "../src/reads/getPositions.js";
import { getProfitStatistics } from "../src/reads/getProfitStatistics.js";
import { getProposals } from "../src/reads/getProposals.js";
import { getTradingWallets } from "../src/reads/getTradingWallets.js";
import { getVaultRounds } from "../src/reads/getVaultRounds.js";
import { getVaultSettings } from "../src/reads/getVaultSettings.js";
import { getVaults } from "../src/reads/getVaults.js";
import { getVoteChoices } from "../src/reads/getVoteChoices.js";
import { isAdmin } from "../src/reads/isAdmin.js";
import { createProposal } from "../src/writes/createProposal.js";
import { executeProposal } from "../src/writes/executeProposal.js";
import { setRollOver } from "../src/writes/setRollOver.js";
import { vote } from "../src/writes/vote.js";
import { withdraw } from "../src/writes/withdraw.js";
import { accounts, chain, countingPublicClient, deployment, rpcUrl, snapshot } from "./chain.js";
import { as, publicClient as client, investAs, mUSDC, runRound, travel } from "./fund.js";

// The state these reads see, built through the SDK's writes on top of the base state (test/globalSetup.ts):
// - vault 1, round 1 (pool 1): account 1 invests 10,000 with roll-over on, account 2 invests 5,000. Locked while
//   vault 2 still takes deposits; its traders return 10% more (16,500): gross profit 1,500, fund fee 300, investors
//   16,200 (share price 1.08). Account 1's 10,800 rolls into round 2 (pool 3, open); account 2 withdraws 5,400.
// - vault 2, round 1 (pool 2): account 3 invests 8,000, then 2,000 more while vault 1 is locked. Its trader returns
//   90% (9,000): a loss, settled with confirmLoss. Round 2 (pool 4) opens empty; account 3's 9,000 waits.
// - Proposals: 1 executed, 2 defeated, 3 succeeded (not executed), 4 active.
let restore: () => Promise<void>;
beforeAll(async () => {
  restore = await snapshot();
  const admin = as(0).context;
  await investAs(1, 1, 10_000);
  expect((await setRollOver({ ...as(1).context, vaultId: 1, enabled: true })).success).toBe(true);
  await investAs(2, 1, 5_000);
  await investAs(3, 2, 8_000);
  await travel(60);
  // voting power (principal) before the proposals' blocks: 1 → 10,000, 2 → 5,000, 3 → 8,000
  const hour = 3_600_000;
  const proposals = [
    ["Raise the futures wallet's allocation to 65%.", hour],
    ["Add a third trading wallet.", hour],
    ["Publish a monthly proof-of-reserves report.", hour],
  ] as const;
  for (const [description, ms] of proposals) {
    const created = await createProposal({ ...as(1).context, description, start: 0, end: ms });
    expect(created.message).toBe("Proposal transaction submitted");
  }
  for (const [id, voter, choice] of [
    [1n, 1, "for"],
    [1n, 3, "against"],
    [2n, 2, "for"],
    [2n, 3, "against"],
    [3n, 1, "for"],
  ] as const) {
    expect(await vote({ ...as(voter).context, proposalId: id, choice })).toMatchObject({ success: true });
  }
  // vault 2 keeps taking deposits while vault 1 is locked (their rounds are independent)
  await runRound(1, [7, 6], 11_000n, { whileLocked: () => investAs(3, 2, 2_000) });
  expect((await executeProposal({ ...admin, proposalId: 1n })).success).toBe(true);
  expect((await withdraw({ ...as(2).context, vaultId: 1 })).success).toBe(true);
  await runRound(2, [8], 9_000n, { confirmLoss: true });
  expect(
    (await createProposal({ ...as(1).context, description: "Rebalance the NFT book.", start: 0, end: 7 * 24 * hour }))
      .success,
  ).toBe(true);
});
afterAll(async () => {
  await restore();
});

describe("getVaults", () => {
  it("lists every on-chain vault with its current round, TVL (what it manages now) and net rewards", async () => {
    const [futures, nft, ...more] = await getVaults(client, { deployment });
    expect(more).toEqual([]);
    expect(futures).toMatchObject({
      id: "futures-trading-vault",
      vaultId: 1,
      name: "Crypto futures trading vault",
      tag: "crypto vault",
      onChainId: 1,
      riskFactor: 0,
      yield: 0.045,
      address: deployment.investmentFund,
      poolId: 3n,
      round: 2,
      status: "open",
      acceptsDeposits: true,
      // the open round 2 holds account 1's rolled 10,800, not round 1's principal
      tvlUsd: 10_800,
      // investors' net profit of round 1: 16,200 − 15,000; gross 1,500 before the fund's 300
      rewardsUsd: 1_200,
      rewardsGrossUsd: 1_500,
      settledRounds: 1,
      unlockDate: "",
      lockupEndTime: 0,
      lockPeriodDays: 30,
      minimumInvestment: mUSDC(100),
      decimals: 6,
      apyFromPerformance: false,
    });
    expect(futures?.apyPercent).toBeCloseTo(4.5, 12);
    // the vault's own result: round 1 returned its investors 8% net of fees over its 30-day lockup
    expect(futures?.roundReturns).toEqual([{ round: 1, poolId: 1n, returnPercent: 8, days: 30 }]);
    expect(futures?.historicalApyPercent).toBeCloseTo((1.08 ** (365 / 30) - 1) * 100, 8);
    expect(nft).toMatchObject({
      id: "nft-vault",
      vaultId: 2,
      onChainId: 2,
      poolId: 4n,
      round: 2,
      status: "open",
      tvlUsd: 0,
      // 10,000 → 9,000: no fee on a loss, so the gross is the loss too
      rewardsUsd: -1_000,
      rewardsGrossUsd: -1_000,
      settledRounds: 1,
      roundReturns: [{ round: 1, poolId: 2n, returnPercent: -10, days: 30 }],
    });
    expect(nft?.apyPercent).toBeCloseTo(6, 12);
    expect(nft?.historicalApyPercent).toBeCloseTo((0.9 ** (365 / 30) - 1) * 100, 8);
  });

  it("shows a locked vault's unlock date and the principal out with the traders as its TVL", async () => {
    const restoreLocked = await snapshot();
    try {
      const { startLockupPeriod } = await import("../src/writes/startLockupPeriod.js");
      expect((await startLockupPeriod({ ...as(0).context, vaultId: 1 })).success).toBe(true);
      const [futures, nft] = await getVaults(client, { deployment });
      expect(futures).toMatchObject({ status: "locked", acceptsDeposits: false, tvlUsd: 10_800, lockPeriodDays: 30 });
      expect(futures?.unlockDate).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      expect(futures?.lockupEndTime).toBeGreaterThan(0);
      expect(nft).toMatchObject({ status: "open", acceptsDeposits: true });
    } finally {
      await restoreLocked();
    }
  });

  it("takes the APY from the performance payloads, and the fallback when one carries an error", async () => {
    const [futures, nft] = await getVaults(client, {
      deployment,
      performance: {
        futures: {
          initial_tvl_usd: 1000,
          current_tvl_usd: 1100,
          performance_records: [{ date: "01/01/2025" }, { date: "01/01/2026" }],
          error: null,
        },
        nft: { summary: { total_profit_sol: 5 }, performance_chart_data: [], error: "lending wallet unreachable" },
      },
    });
    expect(futures?.apyPercent).toBeCloseTo(10, 10);
    expect(futures?.apyFromPerformance).toBe(true);
    expect(nft?.apyPercent).toBeCloseTo(6, 12);
    expect(nft?.apyFromPerformance).toBe(false);
  });
});

describe("getVaultRounds", () => {
  it("lists a vault's own rounds newest first with principal, returned, investors' profit and roll-over", async () => {
    const rounds = await getVaultRounds(client, { deployment, vaultId: 1 });
    expect(rounds.map((r) => [r.round, r.poolId, r.status])).toEqual([
      [2, 3n, "open"],
      [1, 1n, "settled"],
    ]);
    const [open, settled] = rounds;
    expect(open).toMatchObject({ vaultId: 1, principal: mUSDC(10_800), returned: 0n, profit: 0n, lockupEndTime: 0 });
    expect(open?.startSharePrice).toBe(1_080_000_000_000_000_000n);
    expect(settled).toMatchObject({
      principal: mUSDC(15_000),
      returned: mUSDC(16_500),
      investorsTotal: mUSDC(16_200),
      profit: mUSDC(1_200),
      grossProfit: mUSDC(1_500),
      fundFee: mUSDC(300),
      rolledOver: mUSDC(10_800),
      startSharePrice: 10n ** 18n,
      settleSharePrice: 1_080_000_000_000_000_000n,
    });
    expect((settled?.lockupEndTime ?? 0) - (settled?.lockupStartTime ?? 0)).toBe(30 * 24 * 3600);
  });

  it("shows a loss as a negative profit, and each vault only its own pools", async () => {
    const rounds = await getVaultRounds(client, { deployment, vaultId: 2n });
    expect(rounds.map((r) => r.poolId)).toEqual([4n, 2n]);
    expect(rounds[1]).toMatchObject({
      round: 1,
      status: "settled",
      principal: mUSDC(10_000),
      returned: mUSDC(9_000),
      profit: -mUSDC(1_000),
      grossProfit: 0n,
      fundFee: 0n,
    });
  });
});

describe("positions", () => {
  it("gives each investor's position per vault", async () => {
    const [futures, nft] = await getPositions(client, { deployment, account: accounts[1] });
    expect(futures).toEqual({
      vaultId: 1,
      poolId: 3n,
      round: 2,
      shares: mUSDC(10_000),
      principal: mUSDC(10_000),
      value: mUSDC(10_800),
      withdrawable: mUSDC(10_800), // the pool is open: a refund at its starting price
      rollOver: true,
      poolState: "open",
    });
    expect(nft).toMatchObject({ vaultId: 2, poolId: 0n, round: 0, shares: 0n, poolState: "none", rollOver: false });
    const [, waiting] = await getPositions(client, { deployment, account: accounts[3] });
    expect(waiting).toMatchObject({
      poolId: 2n,
      round: 1,
      principal: mUSDC(10_000),
      value: mUSDC(9_000),
      withdrawable: mUSDC(9_000),
      poolState: "settled",
    });
  });

  it("rebuilds each investor's rounds from events: rolled, withdrawn, withdrawable, in progress", async () => {
    expect(await getPositionHistory(client, { deployment, account: accounts[1] })).toEqual([
      expect.objectContaining({
        vaultId: 1,
        poolId: 3n,
        round: 2,
        principal: mUSDC(10_800),
        payout: 0n,
        profit: 0n,
        outcome: "in progress",
        withdrawn: 0n,
      }),
      expect.objectContaining({
        vaultId: 1,
        poolId: 1n,
        round: 1,
        principal: mUSDC(10_000),
        payout: mUSDC(10_800),
        profit: mUSDC(800),
        fees: mUSDC(200), // its shares' part of the round's fee: 20 % of the 1,000 they earned
        outcome: "rolled",
        withdrawn: 0n,
      }),
    ]);
    expect(await getPositionHistory(client, { deployment, account: accounts[2] })).toEqual([
      expect.objectContaining({
        poolId: 1n,
        principal: mUSDC(5_000),
        payout: mUSDC(5_400),
        profit: mUSDC(400),
        fees: mUSDC(100),
        outcome: "withdrawn",
        withdrawn: mUSDC(5_400),
      }),
    ]);
    expect(await getPositionHistory(client, { deployment, account: accounts[3] })).toEqual([
      expect.objectContaining({
        vaultId: 2,
        poolId: 2n,
        principal: mUSDC(10_000),
        payout: mUSDC(9_000),
        profit: -mUSDC(1_000),
        fees: 0n,
        outcome: "withdrawable",
      }),
    ]);
    expect(await getPositionHistory(client, { deployment, account: accounts[5] })).toEqual([]);
  });
});

describe("getInvestorView", () => {
  it("gives fund-wide figures and the positions per vault", async () => {
    const view = await getInvestorView(client, { deployment, account: accounts[1] });
    expect(view).toMatchObject({
      investedAmount: 10_000,
      votingPower: 10_000,
      totalWithdrawn: 0,
      // voting power (principal) / what investors have in the fund: futures round 2's 10,800 and the 9,000 payout
      // account 3 has not withdrawn from the NFT vault (the quorum's base)
      daoRankingPercent: (10_000 / 19_800) * 100,
      positionPoolId: 3n,
      withdrawableAmount: 10_800,
      isWhitelisted: true,
      emergencyState: false,
    });
    expect(view.positions.map((p) => [p.vaultId, p.poolId])).toEqual([
      [1, 3n],
      [2, 0n],
    ]);
    const settled = await getInvestorView(client, { deployment, account: accounts[2] });
    expect(settled).toMatchObject({ investedAmount: 0, totalWithdrawn: 5_400, hasWithdrawnCurrent: true });
    expect(settled.lastWithdrawnPoolId).toBe(1n);
  });

  it("is all zeros for a wallet that never invested, with the address normalised", async () => {
    const view = await getInvestorView(client, { deployment, account: accounts[6].toLowerCase() as `0x${string}` });
    expect(view).toMatchObject({
      account: accounts[6],
      investedAmount: 0,
      votingPower: 0,
      totalWithdrawn: 0,
      daoRankingPercent: 0,
      withdrawableAmount: 0,
      isWhitelisted: false,
    });
  });
});

describe("request budget", () => {
  it("renders the vault listing plus the investor view in at most 2 JSON-RPC HTTP requests", async () => {
    const { client: counted, requests, bodies } = countingPublicClient();
    const [vaults, view] = await Promise.all([
      getVaults(counted, { deployment }),
      getInvestorView(counted, { deployment, account: accounts[1] }),
    ]);
    expect(vaults).toHaveLength(2);
    expect(view.positions).toHaveLength(2);
    expect(requests()).toBeGreaterThan(0);
    expect(requests()).toBeLessThanOrEqual(2);
    expect(bodies.every((body) => (body as { method: string }).method === "eth_call")).toBe(true);
  });

  it("rebuilds the position history in at most 4 requests (block number and counts, then logs and pools)", async () => {
    const { client: counted, requests } = countingPublicClient();
    expect(await getPositionHistory(counted, { deployment, account: accounts[1] })).toHaveLength(2);
    expect(requests()).toBeLessThanOrEqual(4);
  });
});

describe("getProposals", () => {
  it("lists proposals newest first with the spec's status and the contract's state", async () => {
    const { proposals, total } = await getProposals(client, { deployment });
    expect(total).toBe(4);
    expect(proposals.map((p) => [p.id, p.status, p.state, p.canExecute])).toEqual([
      [4n, "active", "active", false],
      [3n, "rejected", "succeeded", true],
      [2n, "rejected", "defeated", false],
      [1n, "passed", "executed", false],
    ]);
    const [latest, , , executed] = proposals;
    expect(latest?.title).toBe(latest?.description);
    expect(latest?.proposer).toBe("");
    expect(latest?.proposerAddress).toBe(accounts[1]);
    expect((latest?.votingInfo.timeFrame.end ?? 0) - (latest?.votingInfo.timeFrame.start ?? 0)).toBe(7 * 24 * 3600);
    // weights: principal before the proposal's block: account 1 10,000 for, account 3 8,000 against
    expect(executed?.votingInfo).toMatchObject({ votesForCount: 10_000, votesAgainstCount: 8_000 });
  });

  it("says whether a voter has voted, and pages", async () => {
    const { proposals } = await getProposals(client, { deployment, voter: accounts[3] });
    expect(proposals.map((p) => p.hasVoted)).toEqual([false, false, true, true]);
    expect((await getProposals(client, { deployment, offset: 1, limit: 2 })).proposals.map((p) => p.id)).toEqual([
      3n,
      2n,
    ]);
    expect((await getProposals(client, { deployment, offset: 4 })).proposals).toEqual([]);
  });

  it("gives a voter's weight per proposal (principal at the snapshot), 0 for an account that had none", async () => {
    const { proposals } = await getProposals(client, { deployment, voter: accounts[1] });
    // Proposals 1-3 were created after account 1 invested 10,000; account 9 never invested.
    expect(proposals.slice(1).map((p) => p.votingPower)).toEqual([10_000, 10_000, 10_000]);
    expect(
      (await getProposals(client, { deployment, voter: accounts[9] })).proposals.map((p) => p.votingPower),
    ).toEqual([0, 0, 0, 0]);
    expect((await getProposals(client, { deployment })).proposals.map((p) => p.votingPower)).toEqual([0, 0, 0, 0]);
  });

  it("reads a voter's proposals, states, votes and weights in at most 2 JSON-RPC requests", async () => {
    const { client: counted, requests } = countingPublicClient();
    const { proposals } = await getProposals(counted, { deployment, voter: accounts[3] });
    expect(proposals).toHaveLength(4);
    expect(requests()).toBeLessThanOrEqual(2);
  });

  it("says which way a voter voted (Voted events), in one getLogs after the block number", async () => {
    const { client: counted, requests } = countingPublicClient();
    const choices = await getVoteChoices(counted, { deployment, voter: accounts[3], proposalIds: [1n, 2n, 3n, 4n] });
    expect(choices.map((c) => [c.proposalId, c.choice, c.weight])).toEqual([
      [1n, "against", 8_000_000_000n],
      [2n, "against", 8_000_000_000n],
    ]);
    expect(requests()).toBeLessThanOrEqual(2);
    const mine = await getVoteChoices(client, { deployment, voter: accounts[1], proposalIds: [3n] });
    expect(mine.map((c) => [c.proposalId, c.choice])).toEqual([[3n, "for"]]);
    expect(await getVoteChoices(client, { deployment, voter: accounts[1], proposalIds: [] })).toEqual([]);
  });
});

describe("fund reads", () => {
  it("reads each vault's trading wallets, by vault or by pool", async () => {
    expect(await getTradingWallets(client, { deployment, vaultId: 1 })).toEqual([
      { walletAddress: accounts[7], allocation: 6_000, walletType: "Futures", index: 0 },
      { walletAddress: accounts[6], allocation: 4_000, walletType: "Futures hedge", index: 1 },
    ]);
    expect(await getTradingWallets(client, { deployment, poolId: 2n })).toEqual([
      { walletAddress: accounts[8], allocation: 10_000, walletType: "NFT lending", index: 0 },
    ]);
    expect(await getTradingWallets(client, { deployment, poolId: 1 })).toHaveLength(2);
  });

  it("reads the fund-wide settings, each vault's settings, the token and profit statistics", async () => {
    const settings = await getFundSettings(client, { deployment });
    expect(settings).toMatchObject({
      fundWallet: accounts[9],
      investmentToken: deployment.investmentToken,
      decimals: 6,
      emergencyState: false,
      proposalCount: 4n,
      basisPoints: 10_000n,
      fundFeesAccrued: mUSDC(300),
      vaultCount: 2,
      poolCount: 4n,
    });
    expect(settings.fundProfitPercentage + settings.poolProfitPercentage).toBe(settings.basisPoints);
    expect(await getVaultSettings(client, { deployment, vaultId: 1 })).toEqual({
      vaultId: 1,
      name: "Crypto futures trading vault",
      minimumInvestment: mUSDC(100),
      lockupPeriodDuration: 2_592_000n,
      currentPool: {
        poolId: 3n,
        totalFunds: mUSDC(10_800),
        isLocked: false,
        lockupStartTime: 0n,
        lockupEndTime: 0n,
        preLockupTotal: 0n,
        collected: 0n,
        proposal: null,
        totalShares: 10_000_000_000n,
        startSharePrice: 1_080_000_000_000_000_000n,
        lockedFeeRates: { managementFeeBps: 0, performanceFeeBps: 0 },
      },
      challengeWindow: 0n,
      settlementBounds: { maxLossBps: 10_000, maxGainBps: null },
      // The default fees; the mark is the price round 1 settled at (after its fee), where round 2 starts.
      fees: { managementFeeBps: 0, performanceFeeBps: 2_000, highWaterMark: 1_080_000_000_000_000_000n },
      caps: { depositCap: null, investorCap: null },
      round: 2,
    });
    expect((await getVaultSettings(client, { deployment, vaultId: 2 })).name).toBe("NFT lending vault");
    expect(await getInvestmentToken(client, { deployment })).toEqual({
      name: "Mock USD Coin",
      symbol: "mUSDC",
      decimals: 6,
      address: deployment.investmentToken,
    });
    expect(await getProfitStatistics(client, { deployment })).toEqual({
      totalProfitGenerated: 1_500,
      averageProfitPerPool: 750, // over the two settled pools
      highestProfit: 1_500,
      profitablePoolCount: 1,
    });
  });

  it("checks the admin role, and without a wallet the answer is not admin", async () => {
    expect(await isAdmin(client, { deployment, account: accounts[0] })).toBe(true);
    expect(await isAdmin(client, { deployment, account: accounts[1] })).toBe(false);
    expect(await isAdmin(client, { deployment, account: undefined })).toBe(false);
    expect(ADMIN_ROLE).toBe(
      await client.readContract({
        address: deployment.investmentFund,
        abi: [
          { type: "function", name: "ADMIN_ROLE", inputs: [], outputs: [{ type: "bytes32" }], stateMutability: "view" },
        ] as const,
        functionName: "ADMIN_ROLE",
      }),
    );
  });
});

describe("getAdmins", () => {
  it("rebuilds the admin list from RoleGranted events, in ranges the provider accepts", async () => {
    const upstream = http(rpcUrl)({ chain, retryCount: 0 });
    const ranges: bigint[] = [];
    const calls: string[] = [];
    const refusingProvider = custom({
      async request(args) {
        if (args.method === "eth_call") calls.push(JSON.stringify(args.params));
        if (args.method === "eth_getLogs") {
          const [filter] = args.params as [{ fromBlock: string; toBlock: string }];
          const span = BigInt(filter.toBlock) - BigInt(filter.fromBlock) + 1n;
          if (span > 8n) {
            throw new RpcRequestError({
              body: args,
              url: rpcUrl,
              error: { code: -32602, message: "query exceeds max block range 8" },
            });
          }
          ranges.push(span);
        }
        return upstream.request(args as never);
      },
    });
    const picky = createFundPublicClient({ chainId: chain.id, rpcUrl, transport: refusingProvider });
    expect(await getAdmins(picky, { deployment, initialRange: 64n })).toEqual([
      { name: "Admin 1", address: accounts[0] },
    ]);
    expect(ranges.length).toBeGreaterThan(1);
    expect(Math.max(...ranges.map(Number))).toBeLessThanOrEqual(8);
    // never asks for enumerable members (getRoleMembers, 0xa3246ad3): the fund has none
    expect(calls.some((params) => params.includes("a3246ad3"))).toBe(false);
    expect(await getAdmins(client, { deployment })).toEqual([{ name: "Admin 1", address: accounts[0] }]);
  });
});
