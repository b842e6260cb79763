import { screen, within } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer } from "../../../test/apiServer";
import { renderApp } from "../../../test/render";

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer();
  api.answer("/futures/performance", 200, {
    initial_tvl_usd: 100_000,
    current_tvl_usd: 101_100,
    performance_records: [
      { date: "01/10/2026", tvl_usd: 100_000 },
      { date: "02/10/2026", tvl_usd: 101_100 },
    ],
    error: null,
  });
});
afterAll(() => api.close());

describe("the vault page with the RPC down", () => {
  it("keeps the vault's name, description and chart, and says the live figures are unavailable, with Retry", async () => {
    // Nothing listens on port 9: every chain read fails; the API answers.
    await renderApp({ path: "/vaults/futures-trading-vault", apiUrl: api.url, rpcUrl: "http://127.0.0.1:9" });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Crypto futures trading vault" }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByText("Traders trade the deposit during the lockdown period until maturity.")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toMatch(/^The live figures are unavailable: /);
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
    const performance = screen
      .getByRole("heading", { level: 2, name: "Trading account" })
      .closest("section") as HTMLElement;
    expect(await within(performance).findByText("+1.1% over the period", {}, { timeout: 10_000 })).toBeTruthy();
    expect(within(performance).getByRole("group", { name: /Futures vault value in USD over time/ })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/127\.0\.0\.1|http:/);
    // No live figure pretends to be known.
    expect(screen.queryByRole("region", { name: "Invest" })).toBeNull();
    expect(screen.queryByTestId("vault-tvl")).toBeNull();
  });

  it("says a vault it does not know statically could not be loaded, with a retry", async () => {
    await renderApp({ path: "/vaults/7", apiUrl: api.url, rpcUrl: "http://127.0.0.1:9" });
    expect(await screen.findByRole("button", { name: "Try again" }, { timeout: 15_000 })).toBeTruthy();
  });
});
