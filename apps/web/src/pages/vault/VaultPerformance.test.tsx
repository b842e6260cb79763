import { cleanup, screen, within } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer } from "../../../test/apiServer";
import { renderApp } from "../../../test/render";

let api: Awaited<ReturnType<typeof startApiServer>>;
const futures = {
  initial_tvl_usd: 100_000,
  current_tvl_usd: 101_100,
  performance_records: [
    { date: "01/10/2026", tvl_usd: 100_000 },
    { date: "02/10/2026", tvl_usd: 101_100 },
  ],
  error: null,
};
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api.close());

const chartCard = async () => {
  await renderApp({ path: "/vaults/futures-trading-vault", apiUrl: api.url });
  const card = (await screen.findByRole("heading", { level: 2, name: "Trading account" }, { timeout: 15_000 })).closest(
    "section",
  ) as HTMLElement;
  await within(card).findByRole("group", { name: /Futures vault value in USD over time/ }, { timeout: 10_000 });
  return card;
};

describe("the vault page's performance chart", () => {
  it("labels the API's demo data as demo data, and real data not", async () => {
    api.answer("/futures/performance", 200, { ...futures, source: "demo" });
    const demo = await chartCard();
    expect(within(demo).getByTestId("vault-performance-demo").textContent).toBe(
      "Demo data. These figures were generated for the demo: they are not the traders' real results.",
    );

    cleanup();
    api.answer("/futures/performance", 200, { ...futures, source: "bybit" });
    const real = await chartCard();
    expect(within(real).queryByTestId("vault-performance-demo")).toBeNull();
  });
});
