import { API_UNREACHABLE } from "@fundament/sdk";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer } from "../../../test/apiServer";
import { renderApp } from "../../../test/render";

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api.close());

const section = (name: string) => screen.getByRole("heading", { name, level: 2 }).closest("section") as HTMLElement;

describe("Performance", () => {
  it("shows both payloads as figures and paged tables", async () => {
    const records = Array.from({ length: 12 }, (_, i) => ({
      date: `${String(i + 1).padStart(2, "0")}/10/2026`,
      tvl_usd: 100_000 + i * 100,
    }));
    api.answer("/futures/performance", 200, {
      initial_tvl_usd: 100_000,
      current_tvl_usd: 101_100,
      performance_records: records,
      error: null,
    });
    api.answer("/nft-lending/performance", 200, {
      summary: { total_profit_sol: 12.5 },
      performance_chart_data: [
        { timestamp: 1_790_000_000, total_sol_value: 1000 },
        { timestamp: 1_790_086_400, total_sol_value: 1010 },
      ],
      error: null,
    });
    await renderApp({ path: "/performance", apiUrl: api.url });
    await screen.findByRole("heading", { name: "Crypto futures trading" }, { timeout: 10_000 });
    const futures = section("Crypto futures trading");
    await within(futures).findByText("$101,100.00", {}, { timeout: 10_000 });
    expect(within(futures).getByText("Days recorded").nextElementSibling?.textContent).toBe("12");
    expect(within(futures).getByText("Account equity at start").nextElementSibling?.textContent).toBe("$100,000.00");
    // Says what the figures are, and which vault they belong to.
    expect(futures.textContent).toContain(
      "The futures traders' exchange account: its equity in USD, one record a day.",
    );
    expect(within(futures).getByRole("link", { name: "Crypto futures trading vault" }).getAttribute("href")).toBe(
      "/vaults/futures-trading-vault",
    );
    // Not demo data: no label.
    expect(within(futures).queryByTestId("futures-demo")).toBeNull();
    const table = within(futures).getByRole("table");
    expect(within(table).getAllByRole("row")).toHaveLength(11);
    expect(within(table).getAllByRole("row")[1]?.textContent).toBe("Oct 12, 2026101,100.00"); // newest first
    await userEvent.click(within(futures).getByRole("button", { name: "Next" }));
    expect(within(within(futures).getByRole("table")).getAllByRole("row")).toHaveLength(3);
    expect(within(futures).getByRole("button", { name: "7D" }).getAttribute("aria-pressed")).toBe("false");
    const nft = section("NFT lending");
    expect(within(nft).getByText("12.5 SOL")).toBeTruthy();
    expect(within(nft).getByText("Data points").nextElementSibling?.textContent).toBe("2");
    expect(within(nft).getByRole("link", { name: "NFT lending vault" }).getAttribute("href")).toBe("/vaults/nft-vault");
  });

  it("labels the API's demo data as demo data", async () => {
    api.answer("/futures/performance", 200, {
      initial_tvl_usd: 250_000,
      current_tvl_usd: 251_000,
      performance_records: [
        { date: "01/10/2026", tvl_usd: 250_000 },
        { date: "02/10/2026", tvl_usd: 251_000 },
      ],
      error: null,
      source: "demo",
    });
    api.answer("/nft-lending/performance", 200, {
      summary: { total_profit_sol: 2 },
      performance_chart_data: [
        { timestamp: 1_790_000_000, total_sol_value: 1000 },
        { timestamp: 1_790_086_400, total_sol_value: 1002 },
      ],
      error: null,
      source: "import",
    });
    await renderApp({ path: "/performance", apiUrl: api.url });
    await screen.findByRole("heading", { name: "Crypto futures trading" }, { timeout: 10_000 });
    const label = await within(section("Crypto futures trading")).findByTestId("futures-demo", {}, { timeout: 10_000 });
    expect(label.textContent).toBe(
      "Demo data. These figures were generated for the demo: they are not the traders' real results.",
    );
    await within(section("NFT lending")).findByText("2 SOL", {}, { timeout: 10_000 });
    expect(within(section("NFT lending")).queryByTestId("nft-demo")).toBeNull();
  });

  it("shows the spec's error texts when the API fails, and the payload's own error", async () => {
    api.answer("/futures/performance", 500, { detail: "Exchange keys are not configured" });
    api.answer("/nft-lending/performance", 200, {
      summary: null,
      performance_chart_data: null,
      error: "Solana RPC timed out",
    });
    await renderApp({ path: "/performance", apiUrl: api.url });
    await screen.findByRole("heading", { name: "Crypto futures trading" }, { timeout: 10_000 });
    expect(
      await within(section("Crypto futures trading")).findByText(
        "Exchange keys are not configured",
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(await within(section("NFT lending")).findByText("Solana RPC timed out")).toBeTruthy();
  });

  it("says in plain words that the fund's server cannot be reached, with Try again, when the API is down", async () => {
    await renderApp({ path: "/performance", apiUrl: "http://127.0.0.1:9" });
    await screen.findByRole("heading", { name: "Crypto futures trading" }, { timeout: 10_000 });
    const futures = section("Crypto futures trading");
    expect(await within(futures).findByText(API_UNREACHABLE, {}, { timeout: 10_000 })).toBeTruthy();
    expect(within(section("NFT lending")).getByText(API_UNREACHABLE)).toBeTruthy();
    expect(screen.queryByText(/Failed to fetch/)).toBeNull(); // the technical text is for logs, not people
    await userEvent.click(within(futures).getByRole("button", { name: "Try again" }));
    expect(await within(futures).findByText(API_UNREACHABLE, {}, { timeout: 10_000 })).toBeTruthy();
  });
});
