import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { withSnapshot } from "../../../test/chain";
import { DEV_ACCOUNTS, renderApp } from "../../../test/render";

const stat = (term: string) => screen.getByText(term, { selector: "dt" }).nextElementSibling?.textContent;

describe("Portfolio", () => {
  it("asks for a wallet when none is connected", async () => {
    await renderApp({ path: "/portfolio" });
    expect(await screen.findByRole("heading", { name: "Connect a wallet to see your portfolio" })).toBeTruthy();
  });

  it("shows the investor view of a pool-2 investor", async () => {
    await renderApp({ path: "/portfolio", account: DEV_ACCOUNTS[5] });
    await screen.findByText("Invested amount", {}, { timeout: 10_000 });
    expect(stat("Invested amount")).toMatch(/^\$[\d,]+\.\d{2}$/);
    expect(Number(stat("Voting power")?.replaceAll(",", ""))).toBeGreaterThan(0);
    expect(stat("DAO ranking")).toMatch(/^\d+\.\d{3}%$/);
    expect(
      screen.getByText("Withdrawal opens once your pool's lockup has ended and the pool is settled."),
    ).toBeTruthy();
  });

  it("shows the empty state for a wallet with nothing invested", async () => {
    await renderApp({ path: "/portfolio", account: DEV_ACCOUNTS[6] });
    expect(await screen.findByRole("heading", { name: "Nothing invested yet" }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(/not whitelisted yet/)).toBeTruthy();
  });

  it("withdraws a settled pool's payout after a confirmation", async () => {
    await withSnapshot(async () => {
      await renderApp({ path: "/portfolio", account: DEV_ACCOUNTS[3] });
      const section = (await screen.findByRole("heading", { name: "Withdraw" }, { timeout: 10_000 })).closest(
        "section",
      ) as HTMLElement;
      await userEvent.click(await within(section).findByRole("button", { name: "Withdraw" }, { timeout: 10_000 }));
      expect(within(section).getByText(/Your wallet will ask you to confirm the transaction/)).toBeTruthy();
      await userEvent.click(within(section).getByRole("button", { name: "Confirm withdrawal" }));
      expect(
        await within(section).findByText("Withdrawal transaction submitted successfully!", {}, { timeout: 15_000 }),
      ).toBeTruthy();
      expect(await within(section).findByText("There is nothing to withdraw.", {}, { timeout: 10_000 })).toBeTruthy();
    });
  });
});
