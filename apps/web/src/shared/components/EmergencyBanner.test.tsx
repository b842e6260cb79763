import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, it } from "vitest";
import { withSnapshot } from "../../../test/chain";
import { ADMIN, fundWrite } from "../../../test/fund";
import { DEV_ACCOUNTS, renderApp } from "../../../test/render";

it("shows the emergency banner on every page while the emergency state is on, following the chain live", async () => {
  await withSnapshot(async () => {
    await renderApp({ path: "/governance" });
    await screen.findByRole("heading", { level: 1, name: "Governance" }, { timeout: 10_000 });
    expect(screen.queryByTestId("emergency-banner")).toBeNull();
    // The admin turns it on outside the app: the open page follows the EmergencyStateChanged event.
    await fundWrite(ADMIN, "setEmergencyState", [true]);
    const banner = await screen.findByTestId("emergency-banner", {}, { timeout: 20_000 });
    expect(banner.getAttribute("role")).toBe("alert");
    expect(banner.textContent).toContain("The fund is in an emergency state.");
    for (const name of ["Vaults", "Portfolio", "Performance", "History"]) {
      await userEvent.click(screen.getByRole("link", { name }));
      expect(screen.getByTestId("emergency-banner")).toBeTruthy();
    }
    // One link, to where investors withdraw; none on that page itself.
    await userEvent.click(screen.getByRole("link", { name: "Withdraw in Portfolio" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Portfolio" }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId("emergency-banner")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Withdraw in Portfolio" })).toBeNull();
    await fundWrite(ADMIN, "setEmergencyState", [false]);
    await expect.poll(() => screen.queryByTestId("emergency-banner"), { timeout: 20_000 }).toBeNull();
  });
});

it("says the emergency once on a vault page, with one link to withdraw: the invest box says only when deposits reopen", async () => {
  await withSnapshot(async () => {
    await fundWrite(ADMIN, "setEmergencyState", [true]);
    await renderApp({ path: "/vaults/futures-trading-vault", account: DEV_ACCOUNTS[1] });
    await screen.findByRole("heading", { level: 1, name: "Crypto futures trading vault" }, { timeout: 10_000 });
    const banner = await screen.findByTestId("emergency-banner", {}, { timeout: 10_000 });
    const invest = screen.getByRole("region", { name: "Invest" });
    const notice = await within(invest).findByTestId("deposits-closed", {}, { timeout: 10_000 });
    expect(notice.textContent).toBe("No deposits now.Deposits reopen when the fund's admin ends the emergency state.");
    // Said once on the page: by the banner.
    expect(screen.getAllByText(/The fund is in an emergency state/)).toEqual([banner.querySelector("strong")]);
    const links = within(banner).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Withdraw in Portfolio", "/portfolio"],
    ]);
  });
});
