import { custom, http, RpcRequestError } from "viem";
import { describe, expect, it } from "vitest";
import { createFundPublicClient } from "../src/chains/createFundPublicClient.js";
import { ADMIN_ROLE } from "../src/reads/fundContract.js";
import { getAdmins } from "../src/reads/getAdmins.js";
import { getFundSettings } from "../src/reads/getFundSettings.js";
import { getInvestmentToken } from "../src/reads/getInvestmentToken.js";
import { getInvestorView } from "../src/reads/getInvestorView.js";
import { getProfitStatistics } from "../src/reads/getProfitStatistics.js";
import { getProposals } from "../src/reads/getProposals.js";
import { getTradingWallets } from "../src/reads/getTradingWallets.js";
import { getVaults } from "../src/reads/getVaults.js";
import { isAdmin } from "../src/reads/isAdmin.js";
import { accounts, chain, countingPublicClient, deployment, rpcUrl } from "./chain.js";

// The seeded demo state (scripts/seed.mjs): pool 1 took 45,000 mUSDC from accounts 1-4, returned 8%
// profit (3,600) and settled with a 20% fund fee; accounts 1 and 2 withdrew and re-invested with
// account 5 into pool 2 (20,000, open). Four proposals: passed, rejected, two active.
const client = createFundPublicClient({ chainId: chain.id, rpcUrl });

describe("getVaults", () => {
  it("joins both vaults of the spec with their pools' live figures", async () => {
    const [futures, nft] = await getVaults(client, { deployment });
    expect(futures).toMatchObject({
      id: "futures-trading-vault",
      name: "Crypto futures trading vault",
      tag: "crypto vault",
      onChainId: 1,
      riskFactor: 0,
      yield: 0.045,
      address: deployment.investmentFund,
      poolId: 1n,
      status: "settled",
      tvlUsd: 45_000,
      rewardsUsd: 3_600,
      lockPeriodDays: 30,
      acceptsDeposits: false,
      apyFromPerformance: false,
    });
    expect(futures?.apyPercent).toBeCloseTo(4.5, 12);
    expect(futures?.unlockDate).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(nft).toMatchObject({
      id: "nft-vault",
      name: "NFT lending vault",
      tag: null,
      onChainId: 2,
      status: "open",
      tvlUsd: 20_000,
      rewardsUsd: 0,
      unlockDate: "",
      lockupEndTime: 0,
      // an open pool shows the lockup a start now would give: lockupPeriodDuration (30 days)
      lockPeriodDays: 30,
      acceptsDeposits: true,
    });
    expect(nft?.apyPercent).toBeCloseTo(6, 12);
  });

  it("takes the APY from the performance payloads, and the fallback when one carries an error", async () => {
    const [futures, nft] = await getVaults(client, {
      deployment,
      performance: {
        // +10% over 365 days → 10% a year
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

describe("getInvestorView", () => {
  it("gives invested amount, voting power, total withdrawn and DAO ranking for an investor of the open pool", async () => {
    const view = await getInvestorView(client, { deployment, account: accounts[1] });
    // account 1: 5,000 in pool 1 → paid 5,000 × 47,880 / 45,000 = 5,320; 6,000 in pool 2 of 20,000
    expect(view).toMatchObject({
      investedAmount: 6_000,
      votingPower: 6_000,
      totalWithdrawn: 5_320,
      daoRankingPercent: 30,
      positionPoolId: 2n,
      withdrawableAmount: 0,
      isWhitelisted: true,
      emergencyState: false,
    });
    expect(view.raw.investedAmount).toBe(6_000_000_000n);
  });

  it("shows what a settled position can withdraw and no share of the current pool", async () => {
    const view = await getInvestorView(client, { deployment, account: accounts[3] });
    // account 3: 8,000 in settled pool 1 → 8,000 × 47,880 / 45,000 = 8,512
    expect(view).toMatchObject({
      investedAmount: 8_000,
      positionPoolId: 1n,
      withdrawableAmount: 8_512,
      daoRankingPercent: 0,
    });
  });

  it("is all zeros for a wallet that never invested, with the address normalised", async () => {
    const view = await getInvestorView(client, { deployment, account: accounts[6].toLowerCase() as `0x${string}` });
    expect(view).toMatchObject({
      account: accounts[6],
      investedAmount: 0,
      votingPower: 0,
      totalWithdrawn: 0,
      daoRankingPercent: 0,
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
    expect(view.investedAmount).toBe(6_000);
    expect(requests()).toBeGreaterThan(0);
    expect(requests()).toBeLessThanOrEqual(2);
    expect(bodies.every((body) => (body as { method: string }).method === "eth_call")).toBe(true);
  });
});

describe("getProposals", () => {
  it("lists proposals newest first as the spec's proposal view", async () => {
    const { proposals, total } = await getProposals(client, { deployment });
    expect(total).toBe(4);
    expect(proposals.map((p) => [p.id, p.status])).toEqual([
      [4n, "active"],
      [3n, "active"],
      [2n, "rejected"],
      [1n, "passed"],
    ]);
    const [audit, , rejected, passed] = proposals;
    expect(audit?.title).toBe(audit?.description);
    expect(audit?.description).toMatch(/^Publish a monthly proof-of-reserves report/);
    expect(audit?.proposer).toBe("");
    expect(audit?.proposerAddress).toBe(accounts[5]);
    // votes are weighted by principal at the block before creation: account 5 (4,000) for, account 4 (20,000 in pool 1) against
    expect(audit?.votingInfo.votesForCount).toBe(4_000);
    expect(audit?.votingInfo.votesAgainstCount).toBe(20_000);
    expect((audit?.votingInfo.timeFrame.end ?? 0) - (audit?.votingInfo.timeFrame.start ?? 0)).toBe(7 * 24 * 3600);
    expect(passed).toMatchObject({ executed: true, active: false, canExecute: false });
    expect(rejected).toMatchObject({ executed: false, active: false, canExecute: false });
  });

  it("says whether a voter has voted on each proposal", async () => {
    const { proposals } = await getProposals(client, { deployment, voter: accounts[5] });
    const audit = proposals.find((p) => p.id === 4n);
    expect(audit?.hasVoted).toBe(true);
    const byOther = await getProposals(client, { deployment, voter: accounts[3] });
    expect(byOther.proposals.find((p) => p.id === 4n)?.hasVoted).toBe(false);
    expect((await getProposals(client, { deployment })).proposals.every((p) => !p.hasVoted)).toBe(true);
  });

  it("pages", async () => {
    const page = await getProposals(client, { deployment, offset: 1, limit: 2 });
    expect(page.proposals.map((p) => p.id)).toEqual([3n, 2n]);
    expect((await getProposals(client, { deployment, offset: 4 })).proposals).toEqual([]);
  });
});

describe("fund reads", () => {
  it("reads the trading wallets of the current pool with their type names", async () => {
    expect(await getTradingWallets(client, { deployment })).toEqual([
      { walletAddress: accounts[7], allocation: 6_000, walletType: "Futures", index: 0 },
      { walletAddress: accounts[8], allocation: 4_000, walletType: "NFT lending", index: 1 },
    ]);
    expect(await getTradingWallets(client, { deployment, poolId: 1n })).toHaveLength(2);
  });

  it("reads the investment token, profit statistics and settings", async () => {
    expect(await getInvestmentToken(client, { deployment })).toEqual({
      name: "Mock USD Coin",
      symbol: "mUSDC",
      decimals: 6,
      address: deployment.investmentToken,
    });
    expect(
      await getInvestmentToken(client, { deployment: { ...deployment, investmentToken: undefined } as never }),
    ).toMatchObject({
      address: deployment.investmentToken,
    });
    expect(await getProfitStatistics(client, { deployment })).toEqual({
      totalProfitGenerated: 3_600,
      averageProfitPerPool: 3_600,
      highestProfit: 3_600,
      profitablePoolCount: 1,
    });
    const settings = await getFundSettings(client, { deployment });
    expect(settings).toMatchObject({
      fundWallet: accounts[9],
      decimals: 6,
      minimumInvestment: 100_000_000n,
      lockupPeriodDuration: 2_592_000n,
      emergencyState: false,
      proposalCount: 4n,
      currentPool: { poolId: 2n, totalFunds: 20_000_000_000n, isLocked: false, lockupEndTime: 0n },
      basisPoints: 10_000n,
    });
    expect(settings.fundProfitPercentage + settings.poolProfitPercentage).toBe(settings.basisPoints);
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
  it("lists admins as Admin 1, Admin 2, ... from the enumerable members and from events alike", async () => {
    const expected = [{ name: "Admin 1", address: accounts[0] }];
    expect(await getAdmins(client, { deployment })).toEqual(expected);
    expect(await getAdmins(client, { deployment, fromEventsOnly: true })).toEqual(expected);
  });

  it("falls back to events when the contract has no enumeration, in ranges the provider accepts", async () => {
    const upstream = http(rpcUrl)({ chain, retryCount: 0 });
    const ranges: bigint[] = [];
    const refusingProvider = custom({
      async request(args) {
        if (args.method === "eth_call" && JSON.stringify(args.params).includes("a3246ad3")) {
          // getRoleMembers(bytes32): answer as a contract without it would (empty revert)
          throw new RpcRequestError({ body: args, url: rpcUrl, error: { code: 3, message: "execution reverted" } });
        }
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
  });
});
