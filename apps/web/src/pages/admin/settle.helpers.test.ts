import {
  type BuiltRoundReport,
  hashRoundReport,
  MAX_MANUAL_ITEMS,
  RequestFailedError,
  type RoundReport,
  serializeRoundReport,
} from "@fundament/sdk";
import { describe, expect, it } from "vitest";
import {
  checkBuiltReport,
  type ManualItemDraft,
  manualItemProblems,
  manualItemsOf,
  readableJson,
  reportBuildFailure,
} from "./settle.helpers";

const token = { decimals: 6, symbol: "mUSDC" };
const draft = (amount: string, note: string, key = 1): ManualItemDraft => ({ key, amount, note });
const problems = (drafts: ManualItemDraft[], totalReturned = 2_500_000_000n) =>
  manualItemProblems(drafts, { token, totalReturned });

describe("declared items, checked before the report is asked for", () => {
  it("takes none, or items with a positive amount and a note", () => {
    expect(problems([])).toEqual({ rows: [], ok: true });
    expect(problems([draft("150", "Loan interest"), draft(" 0.5 ", " Fee rebate ", 2)])).toEqual({
      rows: [{}, {}],
      ok: true,
    });
    expect(manualItemsOf([draft(" 0.5 ", " Fee rebate ")])).toEqual([{ amount: "0.5", note: "Fee rebate" }]);
  });

  it("says what is wrong with each row", () => {
    const result = problems([draft("", ""), draft("0", "x".repeat(281), 2), draft("1.0000001", "ok", 3)]);
    expect(result.ok).toBe(false);
    expect(result.rows).toEqual([
      {
        amount: "Enter a positive amount of mUSDC, with at most 6 decimals.",
        note: "Say what this amount is: the report shows the note beside it.",
      },
      {
        amount: "Enter a positive amount of mUSDC, with at most 6 decimals.",
        note: "Keep the note to 280 characters (281 now).",
      },
      { amount: "Enter a positive amount of mUSDC, with at most 6 decimals." },
    ]);
  });

  it("refuses items that add up to more than the total returned, or too many of them", () => {
    expect(problems([draft("2000", "a"), draft("600", "b", 2)]).total).toBe(
      "The declared items add up to 2,600 mUSDC, more than the 2,500 mUSDC returned: they explain part of the total, they do not add to it.",
    );
    const many = Array.from({ length: MAX_MANUAL_ITEMS + 1 }, (_, i) => draft("1", "n", i));
    expect(problems(many).total).toBe(`A report lists at most ${MAX_MANUAL_ITEMS} declared items.`);
  });
});

describe("the built report, checked before its hash is signed", () => {
  const report = {
    version: 1,
    chainId: 31337,
    fund: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    vaultId: "3",
    poolId: "7",
    round: "1",
    token: { address: "0x0000000000000000000000000000000000000001", symbol: "mUSDC", decimals: 6 },
    block: { number: "100", timestamp: "1700000000" },
    lockup: { start: "1690000000", end: "1699999999" },
    principal: "2000",
    tradingWallets: [],
    transfers: [],
    exchange: null,
    manualItems: [],
    collected: "2500",
    total: "2500",
  } as RoundReport;
  const built = (r: RoundReport, hash = hashRoundReport(r)): BuiltRoundReport => ({
    report: r,
    text: serializeRoundReport(r),
    hash,
    total: r.total,
  });
  const expected = { vaultId: 3, poolId: 7n, totalReturned: 2_500_000_000n, token };

  it("takes a report whose hash is its own, of this round, claiming what was collected", () => {
    expect(() => checkBuiltReport(built(report), expected)).not.toThrow();
  });

  it("refuses another hash, another round, or another total", () => {
    expect(() => checkBuiltReport(built(report, `0x${"11".repeat(32)}`), expected)).toThrow(
      "The fund's server answered a report whose hash is not its own: nothing was sent.",
    );
    expect(() => checkBuiltReport(built({ ...report, poolId: "8" }), expected)).toThrow(
      "The fund's server built the report of vault 3's pool 8, not of this round (pool 7).",
    );
    expect(() => checkBuiltReport(built({ ...report, total: "2400" }), expected)).toThrow(
      "The report's total (2400 mUSDC) is not what was collected (2,500 mUSDC): build it again once the figures have refreshed.",
    );
  });

  it("reads as indented JSON", () => {
    expect(readableJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(readableJson("not json")).toBe("not json");
  });
});

describe("why the report was not built", () => {
  it("uses the server's words, else says it did not answer or cannot be reached", () => {
    expect(reportBuildFailure(new RequestFailedError(422, "A report lists at most 20 manual items."))).toBe(
      "The fund's server could not build the round's report: A report lists at most 20 manual items.",
    );
    expect(reportBuildFailure(new RequestFailedError(502))).toBe(
      "The fund's server could not build the round's report (HTTP 502).",
    );
    expect(reportBuildFailure(new DOMException("timed out", "TimeoutError"))).toBe(
      "The fund's server did not answer in time, so the round's report was not built.",
    );
    expect(reportBuildFailure(new TypeError("Failed to fetch"))).toBe(
      "The fund's server cannot be reached, so the round's report was not built. It may be down; try again in a moment.",
    );
  });
});
