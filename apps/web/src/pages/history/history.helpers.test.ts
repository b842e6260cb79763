import { type ExchangeTransfer, RequestFailedError } from "@fundament/sdk";
import { describe, expect, it } from "vitest";
import { exchangeTransfer } from "../../../test/transfers";
import {
  historyErrorMessage,
  historyFailureMessage,
  mergeLoaded,
  transferAmountUsd,
  transfersToCsv,
} from "./history.helpers";

const t = (day: number, type: "deposit" | "withdrawal", change: Partial<ExchangeTransfer> = {}): ExchangeTransfer =>
  exchangeTransfer(type, Date.UTC(2026, 9, day), {
    amount: 100 + day,
    txID: null,
    id: `${type}-${day}`,
    txid: `0x${day.toString(16).padStart(64, "0")}`,
    amountUsd: 100 + day,
    ...change,
  });

describe("mergeLoaded", () => {
  it("shows nothing older than the oldest loaded record of a stream that has more on the server", () => {
    const deposits = { records: [t(20, "deposit"), t(15, "deposit")], hasMore: true };
    const withdrawals = { records: [t(18, "withdrawal"), t(12, "withdrawal"), t(3, "withdrawal")], hasMore: false };
    const { rows, complete } = mergeLoaded(deposits, withdrawals);
    // Withdrawals of the 12th and 3rd wait: deposits from before the 15th are not loaded yet.
    expect(rows.map((r) => r.id)).toEqual(["deposit-20", "withdrawal-18", "deposit-15"]);
    expect(complete).toBe(false);
    // Filtered to withdrawals, the deposits' paging does not matter.
    expect(mergeLoaded(deposits, withdrawals, "withdrawal")).toMatchObject({ complete: true });
    expect(mergeLoaded(deposits, withdrawals, "withdrawal").rows.map((r) => r.id)).toEqual([
      "withdrawal-18",
      "withdrawal-12",
      "withdrawal-3",
    ]);
    const all = mergeLoaded({ ...deposits, hasMore: false }, withdrawals);
    expect(all.rows).toHaveLength(5);
    expect(all.complete).toBe(true);
  });
});

describe("transferAmountUsd", () => {
  it("formats US dollars, and says — when the API could not price the transfer", () => {
    expect(transferAmountUsd(t(1, "deposit", { amountUsd: 12_500 }))).toBe("$12,500.00");
    expect(transferAmountUsd(t(1, "deposit", { amountUsd: null }))).toBe("—");
    expect(transferAmountUsd(t(1, "deposit", { amountUsd: undefined }))).toBe("—");
  });
});

describe("transfersToCsv", () => {
  it("writes a header and one CRLF line per transfer, quoting and defusing what needs it", () => {
    const csv = transfersToCsv([
      t(2, "withdrawal", { address: '=HYPERLINK("x")', status: "ok, done", fee: { currency: "USDT", cost: 1.5 } }),
      t(1, "deposit", { amountUsd: null, coin: "ETH", currency: "ETH", amount: 0.5 }),
    ]);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(
      "time (UTC),type,amount,currency,amount (USD),network,status,fee,fee currency,transaction hash,address,exchange id",
    );
    expect(lines[1]).toBe(
      `2026-10-02T00:00:00.000Z,withdrawal,102,USDT,102,ETH,"ok, done",1.5,USDT,0x${"2".padStart(64, "0")},"'=HYPERLINK(""x"")",withdrawal-2`,
    );
    expect(lines[2]).toBe(`2026-10-01T00:00:00.000Z,deposit,0.5,ETH,,ETH,ok,,,0x${"1".padStart(64, "0")},,deposit-1`);
    expect(lines[3]).toBe("");
    expect(lines).toHaveLength(4);
  });
});

describe("historyFailureMessage", () => {
  it("says the failed requests' reason once, in plain words, without the API's address", () => {
    expect(historyFailureMessage([])).toBeNull();
    const down = new TypeError("Failed to fetch");
    expect(historyFailureMessage([down, new TypeError("Failed to fetch")])).toBe(
      "The exchange history could not be loaded: the API cannot be reached. It may be down; try again in a moment.",
    );
    const timeout = new DOMException("The operation timed out.", "TimeoutError");
    expect(historyFailureMessage([timeout])).toBe(
      "The exchange history could not be loaded: the API did not answer in time; try again in a moment.",
    );
    expect(historyFailureMessage([new RequestFailedError(503, "Database unavailable"), down])).toBe(
      "The exchange history could not be loaded: the API answered with an error (Request failed: Database unavailable); and the API cannot be reached. It may be down; try again in a moment.",
    );
    expect(historyErrorMessage("Export failed", down)).toBe(
      "Export failed: the API cannot be reached. It may be down; try again in a moment.",
    );
  });
});
