import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startApiServer } from "../../../test/apiServer";
import { DEV_ACCOUNTS, renderApp } from "../../../test/render";
import { ANALYTICS_OFF, ANALYTICS_SIGN_IN, ANALYTICS_SIGN_IN_REASON, AnalyticsSection } from "./AnalyticsSection";
import { type AnalyticsDay, eventSeries, eventTotals } from "./analytics.queries";

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeEach(async () => {
  api = await startApiServer();
});
afterEach(async () => {
  cleanup();
  await api.close();
});

const section = () => screen.getByRole("region", { name: "Analytics" });
const show = (siwx = false) =>
  renderApp({ apiUrl: api.url, account: DEV_ACCOUNTS[0], siwx, children: <AnalyticsSection /> });
const dailyAsked = () => api.requests.filter((r) => r.startsWith("/admin/analytics/daily"));

describe("the admin analytics section", () => {
  it("says analytics is off, and which variable turns it on, without asking for the counts", async () => {
    api.answer("/getAnalyticsConfig", 200, { isAnalyticsEnabled: false });
    await show();
    expect((await within(section()).findByTestId("analytics-off")).textContent).toBe(ANALYTICS_OFF);
    expect(ANALYTICS_OFF).toContain("ANALYTICS_ENABLED=1");
    expect(dailyAsked()).toEqual([]);
  });

  it("asks for a sign-in without a session, and the button opens the wallet's sign-in", async () => {
    api.answer("/getAnalyticsConfig", 200, { isAnalyticsEnabled: true });
    api.answer("/admin/analytics/daily", 401, { statusCode: 401, message: "Sign in as an admin" });
    api.answer("/auth/session", 401, { error: "No session" });
    await show(true);
    const prompt = await within(section()).findByTestId("analytics-sign-in", {}, { timeout: 10_000 });
    expect(within(prompt).getByText(ANALYTICS_SIGN_IN)).toBeTruthy();
    expect(dailyAsked()).toEqual(["/admin/analytics/daily?days=30"]);
    await userEvent.click(within(prompt).getByRole("button", { name: "Sign in" }));
    const dialog = await screen.findByRole("dialog", {}, { timeout: 10_000 });
    expect(await within(dialog).findByText(ANALYTICS_SIGN_IN_REASON)).toBeTruthy();
  });

  it("shows the API's sentence for an account without the admin role", async () => {
    api.answer("/getAnalyticsConfig", 200, { isAnalyticsEnabled: true });
    api.answer("/admin/analytics/daily", 403, {
      statusCode: 403,
      error: "Forbidden",
      message: "This account does not hold the fund's admin role",
    });
    await show();
    expect((await within(section()).findByRole("alert", {}, { timeout: 10_000 })).textContent).toBe(
      "This account does not hold the fund's admin role",
    );
    expect(within(section()).queryByRole("button", { name: "Sign in" })).toBeNull();
  });

  it("says there are no events yet when every day is empty", async () => {
    api.answer("/getAnalyticsConfig", 200, { isAnalyticsEnabled: true });
    api.answer("/admin/analytics/daily", 200, {
      enabled: true,
      days: [
        { day: "2026-11-22", counts: {} },
        { day: "2026-11-23", counts: {} },
      ],
    });
    await show();
    expect((await within(section()).findByTestId("analytics-empty", {}, { timeout: 10_000 })).textContent).toBe(
      "No events yet",
    );
  });

  it("charts the counts per day, with the totals per event and a table per day", async () => {
    api.answer("/getAnalyticsConfig", 200, { isAnalyticsEnabled: true });
    api.answer("/admin/analytics/daily", 200, {
      enabled: true,
      days: [
        { day: "2026-11-22", counts: { MODAL_OPEN: 3, CONNECT_SUCCESS: 1 } },
        { day: "2026-11-23", counts: { MODAL_OPEN: 2, INVEST_SUCCESS: 1 } },
      ],
    });
    await show();
    const totals = await within(section()).findByTestId("analytics-totals", {}, { timeout: 10_000 });
    const rows = within(totals)
      .getAllByRole("row")
      .slice(1)
      .map((row) => row.textContent);
    // In words (issue 32), the stored name kept on the row.
    expect(rows).toEqual(["Wallet window opened5", "Wallet connected1", "Investment made1"]);
    const chart = await within(section()).findByRole("img", { name: /Wallet events per day/ }, { timeout: 10_000 });
    expect(chart.getAttribute("aria-label")).toBe(
      "Wallet events per day over the last 30 days: Wallet window opened 5, Wallet connected 1, Investment made 1",
    );
    const days = within(section()).getByTestId("analytics-days");
    expect(
      within(days)
        .getAllByRole("row")
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ["Day (UTC)", "Wallet window opened", "Wallet connected", "Investment made"],
      ["2026-11-22", "3", "1", "0"],
      ["2026-11-23", "2", "0", "1"],
    ]);
  });

  it("shows a failed read with a retry", async () => {
    api.answer("/getAnalyticsConfig", 200, { isAnalyticsEnabled: true });
    api.answer("/admin/analytics/daily", 500, { statusCode: 500, message: "Internal Server Error" });
    await show();
    await waitFor(
      () => expect(within(section()).getByTestId("analytics-error").textContent).toBe("Internal Server Error"),
      {
        timeout: 10_000,
      },
    );
    expect(within(section()).getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

describe("analytics series", () => {
  const days: AnalyticsDay[] = [
    { day: "2026-11-23", counts: { B: 1 } },
    { day: "2026-11-22", counts: { A: 2, B: 0 } },
  ];
  it("totals each event, largest first, leaving out events that never happened", () => {
    expect(eventTotals(days)).toEqual([
      { event: "A", total: 2 },
      { event: "B", total: 1 },
    ]);
    expect(eventTotals([{ day: "2026-11-22", counts: { A: 0 } }])).toEqual([]);
  });
  it("gives every event a point on every day, oldest first, at UTC midnight", () => {
    const day22 = Date.UTC(2026, 10, 22) / 1000;
    const day23 = Date.UTC(2026, 10, 23) / 1000;
    expect(eventSeries(days)).toEqual([
      {
        event: "A",
        points: [
          { time: day22, value: 2 },
          { time: day23, value: 0 },
        ],
      },
      {
        event: "B",
        points: [
          { time: day22, value: 0 },
          { time: day23, value: 1 },
        ],
      },
    ]);
  });
});
