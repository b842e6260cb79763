/**
 * A round's NAV report on a real anvil: built from the chain when the lockup ends, carried by the settlement as a
 * hash, checked against the chain and rebuilt byte for byte; a changed input changes the hash, a tampered report is
 * caught.
 */
import { type Address, formatUnits, keccak256, stringToBytes } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildRoundReport } from "../src/report/buildRoundReport.js";
import { canonicalJson } from "../src/report/canonicalJson.js";
import { checkRoundReport, parseRoundReport, verifyRoundReport } from "../src/report/checkRoundReport.js";
import { hashRoundReport, serializeRoundReport } from "../src/report/hashRoundReport.js";
import type { RoundReport } from "../src/report/types.js";
import { collectFundsFromTradingWallet } from "../src/writes/collectFundsFromTradingWallet.js";
import { endLockupPeriod } from "../src/writes/endLockupPeriod.js";
import { startLockupPeriod } from "../src/writes/startLockupPeriod.js";
import { accounts, deployment, snapshot } from "./chain.js";
import { as, currentPoolId, investAs, mUSDC, publicClient, traderReturns, travel } from "./fund.js";

const exchange = {
  name: "bybit",
  at: "2026-11-28T12:00:00.000Z",
  equity: "1250.5",
  balances: { USDT: "1250.5" },
  positions: [{ symbol: "BTC/USDT:USDT", side: "long", contracts: "0.01", notional: "950", unrealizedPnl: "12.5" }],
};

let restore: () => Promise<void>;
let poolId: bigint;
let built: RoundReport;
let blockNumber: bigint;

beforeAll(async () => {
  restore = await snapshot();
  const admin = as(0).context;
  await investAs(1, 1, 10_000);
  poolId = await currentPoolId(1);
  expect(await startLockupPeriod({ ...admin, vaultId: 1 })).toMatchObject({ success: true });
  await travel(30 * 24 * 3600 + 1);
  // the traders bring back 6,600 and 4,400 (+10 %); the fund collects it
  for (const [index, amount] of [
    [7, mUSDC(6_600)],
    [6, mUSDC(4_400)],
  ] as const) {
    await traderReturns(index, amount);
    const wallet = accounts[index] as Address;
    expect(await collectFundsFromTradingWallet({ ...admin, vaultId: 1, wallet, amount })).toMatchObject({
      success: true,
    });
  }
  blockNumber = await publicClient.getBlockNumber({ cacheTime: 0 });
  built = await buildRoundReport(publicClient, {
    deployment,
    poolId,
    blockNumber,
    exchange,
    manualItems: [{ amount: "100", note: "  NFT loan #12 repaid to the desk wallet  " }],
  });
});
afterAll(() => restore());

describe("a round's NAV report", () => {
  it("holds what the chain showed at its block: principal, wallets, transfers, collections, total", () => {
    expect(built).toMatchObject({
      version: 1,
      chainId: deployment.chainId,
      vaultId: "1",
      poolId: String(poolId),
      round: "1",
      token: { symbol: "mUSDC", decimals: 6 },
      block: { number: String(blockNumber) },
      principal: "10000",
      collected: "11000",
      total: "11000",
      exchange,
      manualItems: [{ amount: "100", note: "NFT loan #12 repaid to the desk wallet" }],
    });
    const byAddress = Object.fromEntries(built.tradingWallets.map((w) => [w.address, w]));
    expect(byAddress[accounts[7]]).toMatchObject({ allocationBasisPoints: "6000", collected: "6600", balance: "0" });
    expect(byAddress[accounts[6]]).toMatchObject({ allocationBasisPoints: "4000", collected: "4400", balance: "0" });
    // out to the wallets at lockup, the traders' profit minted in, back to the fund
    expect(byAddress[accounts[7]]?.received).toBe("6600");
    expect(byAddress[accounts[7]]?.sent).toBe("6600");
    expect(built.transfers.filter((t) => t.to === deployment.investmentFund).map((t) => t.amount)).toEqual([
      "6600",
      "4400",
    ]);
  });

  it("is canonical JSON, byte for byte the same when built again from the same inputs", async () => {
    const again = await buildRoundReport(publicClient, {
      deployment,
      poolId,
      blockNumber,
      exchange,
      manualItems: [{ amount: "100.000", note: "NFT loan #12 repaid to the desk wallet" }],
    });
    expect(serializeRoundReport(again)).toBe(serializeRoundReport(built));
    expect(hashRoundReport(again)).toBe(keccak256(stringToBytes(serializeRoundReport(built))));
    const text = serializeRoundReport(built);
    expect(text).not.toMatch(/\s{2}|\n/);
    expect(Object.keys(JSON.parse(text))).toEqual(Object.keys(JSON.parse(text)).sort());
  });

  it("a changed input changes the hash", async () => {
    const hash = hashRoundReport(built);
    const changes: RoundReport[] = [
      { ...built, exchange: { ...exchange, equity: "1250.6" } },
      { ...built, exchange: null },
      { ...built, manualItems: [] },
      await buildRoundReport(publicClient, { deployment, poolId, blockNumber: blockNumber - 1n, exchange }),
    ];
    for (const changed of changes) expect(hashRoundReport(changed)).not.toBe(hash);
  });

  it("refuses manual items without a note, with a bad amount, or above the total; and a round never locked", async () => {
    const build = (manualItems: { amount: string; note: string }[]) =>
      buildRoundReport(publicClient, { deployment, poolId, blockNumber, exchange: null, manualItems });
    await expect(build([{ amount: "1", note: " " }])).rejects.toThrow("needs a note of 1 to 280 characters");
    await expect(build([{ amount: "-1", note: "x" }])).rejects.toThrow("must be a positive number of mUSDC");
    await expect(build([{ amount: "0", note: "x" }])).rejects.toThrow("must be a positive number of mUSDC");
    await expect(build([{ amount: "1.1234567", note: "x" }])).rejects.toThrow(
      'A manual item\'s amount has at most 6 decimals (mUSDC): "1.1234567".',
    );
    await expect(build([{ amount: "11000.01", note: "x" }])).rejects.toThrow(
      "The manual items add up to 11000.01 mUSDC, more than the 11000 mUSDC returned.",
    );
    const open = await currentPoolId(2);
    await expect(buildRoundReport(publicClient, { deployment, poolId: open, exchange: null })).rejects.toThrow(
      "was not locked at block",
    );
  });

  it("the settlement carries its hash; the chain check and a full rebuild both pass; a tampered copy fails", async () => {
    const admin = as(0).context;
    const before = await checkRoundReport(publicClient, { deployment, report: built });
    expect(before).toMatchObject({ settled: false, hashMatches: false });
    const reportHash = hashRoundReport(built);
    expect(await endLockupPeriod({ ...admin, vaultId: 1, totalReturned: mUSDC(11_000), reportHash })).toMatchObject({
      success: true,
    });
    const served = parseRoundReport(serializeRoundReport(built));
    expect(await checkRoundReport(publicClient, { deployment, report: served })).toMatchObject({
      settled: true,
      hash: reportHash,
      chainHash: reportHash,
      hashMatches: true,
      totalMatches: true,
    });
    // Given the bytes served, the check hashes exactly those: the same report reformatted does not match.
    const text = serializeRoundReport(built);
    expect(await checkRoundReport(publicClient, { deployment, report: served, text })).toMatchObject({
      hashMatches: true,
    });
    const reformatted = JSON.stringify(JSON.parse(text), null, 1);
    expect(
      await checkRoundReport(publicClient, { deployment, report: parseRoundReport(reformatted), text: reformatted }),
    ).toMatchObject({ hashMatches: false, totalMatches: true });
    expect(await verifyRoundReport(publicClient, { deployment, report: served })).toMatchObject({
      hashMatches: true,
      rebuiltMatches: true,
      differences: [],
    });
    const tampered = { ...served, total: "12000", collected: "12000" };
    expect(await verifyRoundReport(publicClient, { deployment, report: tampered })).toMatchObject({
      hashMatches: false,
      totalMatches: false,
      rebuiltMatches: false,
      differences: ["collected", "total"],
    });
    expect(formatUnits(mUSDC(11_000), 6)).toBe(served.total);
  });

  it("an empty hash is refused before any wallet prompt", async () => {
    const { context, prompts } = as(0);
    const result = await endLockupPeriod({
      ...context,
      vaultId: 2,
      totalReturned: 0n,
      reportHash: `0x${"00".repeat(32)}`,
    });
    expect(result).toMatchObject({ success: false, message: expect.stringContaining("NAV report") });
    expect(prompts).toHaveLength(0);
  });
});

describe("canonicalJson", () => {
  it("sorts keys at every depth, keeps array order, refuses what JSON cannot say once", () => {
    expect(canonicalJson({ b: 1, a: [{ d: "x", c: null }, true] })).toBe('{"a":[{"c":null,"d":"x"},true],"b":1}');
    expect(() => canonicalJson({ a: 1.5 })).toThrow("integers only");
    expect(() => canonicalJson({ a: undefined })).toThrow("no undefined values");
    expect(() => canonicalJson({ a: 1n })).toThrow("cannot hold a bigint");
    expect(() => parseRoundReport("{")).toThrow("not valid JSON");
    expect(() => parseRoundReport('{"version":2}')).toThrow("does not have the shape");
  });
});
