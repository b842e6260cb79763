import type { ExchangeTransfer } from "@fundament/sdk";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startApiServer } from "../../../test/apiServer";
import { renderApp } from "../../../test/render";
import { exchangeTransfer } from "../../../test/transfers";
import { HistoryTable, type HistoryTableProps } from "./HistoryTable";

const transfer = (i: number, type: "deposit" | "withdrawal"): ExchangeTransfer =>
  exchangeTransfer(type, Date.UTC(2026, 10, 1 + i), {
    amount: 1000 + i,
    id: `${type}-${i}`,
    txID: `0x${i.toString(16).padStart(64, "0")}`,
    txid: `0x${i.toString(16).padStart(64, "0")}`,
    fee: { currency: "USDT", cost: 1.5 },
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

  it("shows data.error in plain words, once (not again as an empty history)", () => {
    render(<HistoryTable {...props({ errors: ["Exchange API keys are not configured."] })} />);
    expect(screen.getByRole("alert").textContent).toBe("Exchange API keys are not configured.");
    expect(screen.queryByRole("heading", { name: "No transfers yet" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
  });

  it("labels each cell, so a phone shows the rows as cards with their amounts", () => {
    render(<HistoryTable {...props({ rows: [transfer(1, "deposit")] })} />);
    const cells = within(screen.getByRole("table")).getAllByRole("cell");
    expect(cells.map((cell) => cell.getAttribute("data-label"))).toEqual([
      "Date",
      "Type",
      "Amount",
      "Amount (USD)",
      "Network",
      "Status",
      "Fee",
      "Transaction",
    ]);
    expect(screen.getByRole("table").classList.contains("table--stack")).toBe(true);
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
    // No withdrawals to show: the error says why, once (no "No transfers yet" as well).
    expect(screen.getByRole("alert").textContent).toBe(
      "Exchange API keys are not configured: withdrawals are not available.",
    );
    expect(screen.queryByRole("heading", { name: "No transfers yet" })).toBeNull();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("says once, in plain words, that the API failed, and Retry loads the history when it answers again", async () => {
    api.answer("/api/deposits/bybit", 503, { message: "Database unavailable" });
    api.answer("/api/withdrawals/bybit", 503, { message: "Database unavailable" });
    await renderApp({ path: "/history", apiUrl: api.url });
    const alert = await screen.findByRole("alert", {}, { timeout: 10_000 });
    expect(alert.textContent).toBe(
      "The exchange history could not be loaded: the API answered with an error (Request failed: Database unavailable); try again in a moment.",
    );
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(screen.queryByRole("heading", { name: "No transfers yet" })).toBeNull();
    api.answer("/api/deposits/bybit", 200, {
      message: "OK",
      statusCode: 200,
      data: { source: "bybit", deposits: [transfer(2, "deposit")], error: null },
    });
    api.answer("/api/withdrawals/bybit", 200, {
      message: "OK",
      statusCode: 200,
      data: { source: "bybit", withdrawals: [], error: null },
    });
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    const table = await screen.findByRole("table", {}, { timeout: 10_000 });
    expect(within(table).getByText("1,002 USDT")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("with the API down, says so once, without its address", async () => {
    await renderApp({ path: "/history", apiUrl: "http://127.0.0.1:9" });
    const alert = await screen.findByRole("alert", {}, { timeout: 10_000 });
    expect(alert.textContent).toBe(
      "The exchange history could not be loaded: the API cannot be reached. It may be down; try again in a moment.",
    );
    expect(document.body.textContent).not.toMatch(/127\.0\.0\.1|http:/);
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
  });

  it("loads older pages through next_cursor on demand, and exports every record as CSV", async () => {
    const envelope = (kind: "deposits" | "withdrawals", list: ExchangeTransfer[], next: string | null) => ({
      message: "OK",
      statusCode: 200,
      data: { source: "demo", [kind]: list, error: null, next_cursor: next },
    });
    // Deposits on days 20..11 in the first page and 10..1 behind the cursor; withdrawals on days 14 and 5.
    const deposits = Array.from({ length: 20 }, (_, i) => ({ ...transfer(20 - i, "deposit"), amountUsd: 1020 - i }));
    api.answer("/api/deposits/bybit", 200, envelope("deposits", deposits.slice(0, 10), "p2"));
    api.answer("/api/deposits/bybit?cursor=p2", 200, envelope("deposits", deposits.slice(10), null));
    api.answer(
      "/api/withdrawals/bybit",
      200,
      envelope("withdrawals", [transfer(14, "withdrawal"), { ...transfer(5, "withdrawal"), amountUsd: null }], null),
    );
    api.requests.length = 0;
    await renderApp({ path: "/history", apiUrl: api.url });
    const table = await screen.findByRole("table", {}, { timeout: 10_000 });
    // Demo records (source "demo") are labelled as such, not as an error.
    expect(screen.getByText(/^Demo data\. These records are not from the exchange\.$/)).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    // Until older deposits are loaded, nothing from before day 11 is shown (the withdrawal of day 5 waits).
    const rows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(rows()).toHaveLength(10);
    expect(screen.getByText("Page 1 of 2")).toBeTruthy();
    expect(within(table).getAllByText("$1,020.00").length).toBe(1);
    await userEvent.click(screen.getByRole("button", { name: /next/i }));
    expect(rows()).toHaveLength(1);
    await userEvent.click(screen.getByRole("button", { name: "Load older transfers" }));
    await waitFor(() => expect(screen.getByText("Page 2 of 3")).toBeTruthy(), { timeout: 10_000 });
    expect(api.requests).toContain("/api/deposits/bybit?limit=100&cursor=p2");
    expect(screen.queryByRole("button", { name: "Load older transfers" })).toBeNull();

    const blobs: Blob[] = [];
    const createObjectURL = vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return "blob:fundament-test";
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    try {
      await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
      await waitFor(() => expect(blobs).toHaveLength(1), { timeout: 10_000 });
      const lines = (await (blobs[0] as Blob).text()).trim().split("\r\n");
      expect(lines).toHaveLength(1 + 22);
      expect(lines[1]).toMatch(/^2026-11-21T00:00:00.000Z,deposit,1020,USDT,1020,/);
      expect(lines.at(-1)).toMatch(/^2026-11-02T00:00:00.000Z,deposit,1001,USDT,1001,/);
      expect(lines.find((l) => l.includes("withdrawal-5"))).toMatch(/,1005,USDT,,ETH,/);
      expect(api.requests.filter((r) => r.includes("limit=500"))).toEqual(
        expect.arrayContaining(["/api/deposits/bybit?limit=500", "/api/deposits/bybit?limit=500&cursor=p2"]),
      );
      expect(click).toHaveBeenCalledTimes(1);
    } finally {
      createObjectURL.mockRestore();
      click.mockRestore();
    }
  });
});
