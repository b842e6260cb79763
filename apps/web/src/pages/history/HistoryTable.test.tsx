import type { ExchangeTransfer } from "@fundament/sdk";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer } from "../../../test/apiServer";
import { renderApp } from "../../../test/render";
import { HistoryTable, type HistoryTableProps } from "./HistoryTable";

const transfer = (i: number, type: "deposit" | "withdrawal"): ExchangeTransfer => ({
  coin: "USDT",
  chain: "ETH",
  amount: 1000 + i,
  txID: `0x${i.toString(16).padStart(64, "0")}`,
  status: "ok",
  tag: null,
  id: `${type}-${i}`,
  txid: `0x${i.toString(16).padStart(64, "0")}`,
  timestamp: Date.UTC(2026, 10, 1 + i),
  datetime: new Date(Date.UTC(2026, 10, 1 + i)).toISOString(),
  network: "ETH",
  address: null,
  addressTo: null,
  addressFrom: null,
  tagTo: null,
  tagFrom: null,
  type,
  currency: "USDT",
  fee: { currency: "USDT", cost: 1.5 },
  info: {},
});

const props = (change: Partial<HistoryTableProps>): HistoryTableProps => ({
  rows: [],
  errors: [],
  isLoading: false,
  page: 0,
  pageSize: 10,
  onPageChange: () => {},
  ...change,
});

describe("HistoryTable", () => {
  it("shows the empty state when there are no transfers", () => {
    render(<HistoryTable {...props({})} />);
    expect(screen.getByRole("heading", { name: "No transfers yet" })).toBeTruthy();
    expect(screen.getByText("The fund has no deposits or withdrawals on the exchange yet.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows data.error in plain words", () => {
    render(<HistoryTable {...props({ errors: ["Exchange API keys are not configured."] })} />);
    expect(screen.getByRole("alert").textContent).toBe("Exchange API keys are not configured.");
    expect(screen.getByText("Nothing could be shown because of the error above.")).toBeTruthy();
  });

  it("pages the rows", () => {
    const rows = Array.from({ length: 12 }, (_, i) => transfer(i, i % 2 ? "withdrawal" : "deposit"));
    const { rerender } = render(<HistoryTable {...props({ rows })} />);
    const table = screen.getByRole("table");
    expect(within(table).getAllByRole("row")).toHaveLength(11); // header + 10
    expect(screen.getByText("Page 1 of 2")).toBeTruthy();
    expect(within(table).getAllByText("Deposit").length).toBe(5);
    expect(within(table).getByText("1,000 USDT")).toBeTruthy();
    rerender(<HistoryTable {...props({ rows, page: 1 })} />);
    expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(3);
    expect(screen.getByText("Page 2 of 2")).toBeTruthy();
  });

  it("shows skeletons while loading", () => {
    render(<HistoryTable {...props({ isLoading: true })} />);
    expect(screen.getByText("Loading the exchange history…")).toBeTruthy();
  });
});

// The History page against a real local HTTP server that answers like the API.
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api.close());

describe("HistoryPage", () => {
  it("merges deposits and withdrawals newest first, filters them, and shows data.error", async () => {
    api.answer("/api/deposits/bybit", 200, {
      message: "OK",
      statusCode: 200,
      data: { source: "bybit", deposits: [transfer(1, "deposit"), transfer(3, "deposit")], error: null },
    });
    api.answer("/api/withdrawals/bybit", 200, {
      message: "OK",
      statusCode: 200,
      data: {
        source: "bybit",
        withdrawals: null,
        error: "Exchange API keys are not configured: withdrawals are not available.",
      },
    });
    await renderApp({ path: "/history", apiUrl: api.url });
    const table = await screen.findByRole("table", {}, { timeout: 10_000 });
    const amounts = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => row.querySelectorAll("td")[2]?.textContent);
    expect(amounts).toEqual(["1,003 USDT", "1,001 USDT"]);
    expect(screen.getByRole("alert").textContent).toBe(
      "Exchange API keys are not configured: withdrawals are not available.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Withdrawals" }));
    expect(screen.getByRole("heading", { name: "No transfers yet" })).toBeTruthy();
  });

  it("says so in plain words when the API fails", async () => {
    api.answer("/api/deposits/bybit", 503, { message: "Database unavailable" });
    api.answer("/api/withdrawals/bybit", 503, { message: "Database unavailable" });
    await renderApp({ path: "/history", apiUrl: api.url });
    await waitFor(
      () =>
        expect([...screen.getByRole("alert").querySelectorAll("p")].map((p) => p.textContent)).toEqual([
          "Deposits: Request failed: Database unavailable",
          "Withdrawals: Request failed: Database unavailable",
        ]),
      { timeout: 10_000 },
    );
    expect(screen.getByRole("heading", { name: "No transfers yet" })).toBeTruthy();
  });
});
