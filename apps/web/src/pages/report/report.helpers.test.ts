import { FundamentError, RequestFailedError, type RoundReport } from "@fundament/sdk";
import { describe, expect, it } from "vitest";
import {
  addressLabel,
  allocationPercent,
  type CheckedReport,
  reportAmount,
  reportLoadFailure,
  reportVerdict,
  verifyCommand,
} from "./report.helpers";

const FUND = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const DESK = "0x7e57000000000000000000000000000000000003";
const token = { address: "0x0000000000000000000000000000000000000001", symbol: "mUSDC", decimals: 6 } as const;
const report = {
  vaultId: "3",
  poolId: "7",
  round: "1",
  fund: FUND,
  token,
  total: "2200",
  tradingWallets: [{ address: DESK, walletType: "Test desk" }],
} as unknown as RoundReport;
const HASH = `0x${"ab".repeat(32)}` as const;
const OTHER = `0x${"cd".repeat(32)}` as const;
const check = (change: Partial<CheckedReport> = {}): CheckedReport => ({
  report,
  hash: HASH,
  chainHash: HASH,
  settled: true,
  hashMatches: true,
  totalMatches: true,
  chainTotal: 2_200_000_000n,
  ...change,
});
const route = { vaultId: "3", poolId: "7" };

describe("the verdict on a served report", () => {
  it("matches when the settlement carries its hash and took its total, for the page's round", () => {
    expect(reportVerdict(check(), route)).toEqual({ kind: "match", hash: HASH });
  });

  it("does not match, with each difference, when the hash or the total differ", () => {
    expect(reportVerdict(check({ chainHash: OTHER, hashMatches: false }), route)).toEqual({
      kind: "mismatch",
      hash: { computed: HASH, chain: OTHER },
      total: null,
      identity: null,
    });
    expect(
      reportVerdict(
        check({ chainHash: OTHER, hashMatches: false, totalMatches: false, chainTotal: 2_100_000_000n }),
        route,
      ),
    ).toEqual({
      kind: "mismatch",
      hash: { computed: HASH, chain: OTHER },
      total: { report: "2,200 mUSDC", chain: "2,100 mUSDC" },
      identity: null,
    });
  });

  it("does not match a report of another round, even one the chain carries", () => {
    expect(reportVerdict(check(), { vaultId: "3", poolId: "8" })).toEqual({
      kind: "mismatch",
      hash: null,
      total: null,
      identity: "This report is for vault 3's pool 7, not vault 3's pool 8.",
    });
  });

  it("is unsettled while the round's settlement carries no hash", () => {
    expect(
      reportVerdict(
        check({ settled: false, hashMatches: false, totalMatches: false, chainHash: `0x${"00".repeat(32)}` }),
        route,
      ),
    ).toEqual({ kind: "unsettled" });
  });
});

describe("the report's figures", () => {
  it("writes amounts as the app does, with the full figure in the title, and an unreadable one as it came", () => {
    expect(reportAmount("16572.640001", token)).toEqual({ text: "16,572.64 mUSDC", title: "16572.640001 mUSDC" });
    expect(reportAmount("lots", token)).toEqual({ text: "lots mUSDC", title: "lots mUSDC" });
    expect(allocationPercent("6000")).toBe("60%");
    expect(allocationPercent("3333")).toBe("33.33%");
  });

  it("names the fund, the trading wallets and minting, and shortens other addresses", () => {
    expect(addressLabel(FUND.toLowerCase(), report)).toBe("Fund");
    expect(addressLabel(DESK, report)).toBe("Test desk (0x7e57…0003)");
    expect(addressLabel("0x0000000000000000000000000000000000000000", report)).toBe("Minted");
    expect(addressLabel("0x90F79bf6EB2c4f870365E785982E1f101E93b906", report)).toBe("0x90F7…b906");
    expect(verifyCommand("3", "7")).toBe("npm run verify-report -- 3 7");
  });
});

describe("a report that could not be loaded", () => {
  it("says a round's report is published when it settles (404), with the server's words", () => {
    expect(reportLoadFailure(new RequestFailedError(404, "Round 7 of vault 3 is not settled yet"))).toEqual({
      title: "This round's report is not published yet",
      lines: [
        "The fund's server says: Round 7 of vault 3 is not settled yet.",
        "A round's report is published when the round settles: its settlement carries the report's hash.",
      ],
      retry: false,
    });
  });

  it("tells another error of the server, a report that is not one, a timeout and a server out of reach apart", () => {
    expect(reportLoadFailure(new RequestFailedError(500, "database unavailable")).lines).toEqual([
      "The fund's server answered with an error (HTTP 500).",
      "The fund's server says: database unavailable.",
    ]);
    expect(reportLoadFailure(new FundamentError("The report is not valid JSON."))).toEqual({
      title: "The served report cannot be read",
      lines: ["The report is not valid JSON."],
      retry: false,
    });
    expect(reportLoadFailure(new DOMException("timed out", "TimeoutError")).lines).toEqual([
      "The fund's server did not answer in time. Try again in a moment.",
    ]);
    expect(reportLoadFailure(new TypeError("Failed to fetch"))).toMatchObject({
      lines: ["The fund's server cannot be reached. It may be down; try again in a moment."],
      retry: true,
    });
  });
});
