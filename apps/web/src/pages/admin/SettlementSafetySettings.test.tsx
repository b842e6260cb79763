import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { withSnapshot } from "../../../test/chain";
import { fundRead } from "../../../test/fund";
import { DEV_ACCOUNTS, renderApp } from "../../../test/render";
import { findToast } from "../../../test/toasts";
import {
  challengeWindowText,
  parsePercentBps,
  parseWindowHours,
  settlementBoundsText,
} from "./settlementSafety.helpers";

describe("settlement safety in words", () => {
  it("says the window and the bounds as a person reads them", () => {
    expect(challengeWindowText(86_400)).toBe("24 hours");
    expect(challengeWindowText(3 * 86_400)).toBe("3 days");
    expect(challengeWindowText(0)).toBe("None: settlements are final at once (local chain only)");
    expect(settlementBoundsText({ maxLossBps: 10_000, maxGainBps: null })).toBe(
      "None: no result needs the guardian's co-signature",
    );
    expect(settlementBoundsText({ maxLossBps: 2_000, maxGainBps: 1_500 })).toBe(
      "a loss above 20% or a gain above 15% of a round's principal needs the guardian's co-signature",
    );
  });

  it("parses hours and percents, refusing what the contract would", () => {
    expect(parseWindowHours("24")).toEqual({ seconds: 86_400 });
    expect(parseWindowHours("337")).toEqual({ error: "The challenge window can be at most 14 days (336 hours)." });
    expect(parseWindowHours("soon")).toEqual({ error: "Enter the challenge window in hours, e.g. 24." });
    expect(parsePercentBps("12.5", 10_000)).toBe(1_250);
    expect(parsePercentBps("101", 10_000)).toBeNull();
    expect(parsePercentBps("", 10_000)).toBeNull();
  });
});

describe("the admin's settlement safety settings", () => {
  it("shows the vault's window and bounds, and schedules a new window in the timelock", async () => {
    await withSnapshot(async () => {
      await renderApp({ path: "/admin", account: DEV_ACCOUNTS[0] });
      await userEvent.click(await screen.findByRole("tab", { name: /^NFT lending/ }, { timeout: 10_000 }));
      const panel = screen.getByRole("tabpanel");
      const card = within(panel).getByRole("heading", { name: "Settlement safety" }).closest("section") as HTMLElement;
      await waitFor(() => expect(within(card).getByTestId("vault-challenge-window").textContent).toBe("24 hours"), {
        timeout: 10_000,
      });
      const input = within(card).getByLabelText("New challenge window (hours)");
      await userEvent.click(within(card).getByRole("button", { name: "Set challenge window" }));
      expect(within(card).getByRole("alert").textContent).toBe("Enter the challenge window in hours, e.g. 24.");
      await userEvent.type(input, "48");
      await userEvent.click(within(card).getByRole("button", { name: "Set challenge window" }));
      expect(await findToast(/^Change scheduled: anyone can execute it from /)).toBeTruthy();
      // Scheduled, not applied: the window is still a day until the timelock's delay has passed.
      expect(((await fundRead("getVault", [2n])) as { challengeWindow: bigint }).challengeWindow).toBe(86_400n);
      const pending = screen.getByTestId("pending-changes");
      await within(pending).findByText(
        /settlements wait 2 days, open to a veto, before they are final/,
        {},
        {
          timeout: 40_000,
        },
      );
    });
  });
});
