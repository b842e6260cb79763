import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, it } from "vitest";
import { withSnapshot } from "../../../test/chain";
import { ADMIN, fundWrite } from "../../../test/fund";
import { renderApp } from "../../../test/render";

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
    await userEvent.click(screen.getByRole("link", { name: "Go to Portfolio" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Portfolio" }, { timeout: 10_000 })).toBeTruthy();
    await fundWrite(ADMIN, "setEmergencyState", [false]);
    await expect.poll(() => screen.queryByTestId("emergency-banner"), { timeout: 20_000 }).toBeNull();
  });
});
