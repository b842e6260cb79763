/**
 * The timelock in the app, on the seeded chain (the seed hands the fund's top role to the FundTimelock and leaves one
 * change waiting: the futures vault's lockup becomes 45 days): investors see it where it matters, admins execute or
 * cancel it, a guardian cancels it, and an admin form that touches invested money schedules its change.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { withSnapshot } from "../../../test/chain";
import { fundRead, increaseTime } from "../../../test/fund";
import { DEV_ACCOUNTS, renderApp } from "../../../test/render";
import { findToast } from "../../../test/toasts";

const FORTY_FIVE_DAYS = 45n * 86_400n;

describe("pending changes", () => {
  it("tell the futures vault's investors what changes and when, and that they can withdraw before", async () => {
    await renderApp({ path: "/vaults/futures-trading-vault", account: DEV_ACCOUNTS[2] });
    const banner = await screen.findByTestId("pending-change-banner", {}, { timeout: 10_000 });
    expect(banner.textContent).toMatch(
      /^From \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC \(in [^)]+\) The lockup becomes 45 days\. You can withdraw before then\.$/,
    );
  });

  it("say when a change's delay is over that it may take effect at any moment, and investors can still leave", async () => {
    await withSnapshot(async () => {
      await increaseTime(86_401);
      await renderApp({ path: "/vaults/futures-trading-vault", account: DEV_ACCOUNTS[2] });
      const banner = await screen.findByTestId("pending-change-banner", {}, { timeout: 10_000 });
      await waitFor(
        () =>
          expect(banner.textContent).toMatch(
            /The lockup becomes 45 days\. Its delay is over: it may take effect at any moment\. You can still withdraw until it does\.$/,
          ),
        { timeout: 10_000 },
      );
    });
  });

  it("are not shown on a vault they do not touch", async () => {
    await renderApp({ path: "/vaults/futures-trading-vault", account: DEV_ACCOUNTS[5] });
    await screen.findByTestId("pending-change-banner", {}, { timeout: 10_000 });
    const breadcrumb = screen.getByRole("navigation", { name: "Breadcrumb" });
    await userEvent.click(within(breadcrumb).getByRole("link", { name: "Vaults" }));
    const [nftLink] = await screen.findAllByRole("link", { name: /NFT lending vault/ }, { timeout: 10_000 });
    await userEvent.click(nftLink as HTMLElement);
    await screen.findByRole("heading", { name: "NFT lending vault", level: 1 }, { timeout: 10_000 });
    // The same (already loaded) list of changes, filtered to this vault: nothing concerns it.
    expect(screen.queryByTestId("pending-change-banner")).toBeNull();
  });

  it("are listed for admins, with Execute disabled while the delay runs", async () => {
    await renderApp({ path: "/admin", account: DEV_ACCOUNTS[0] });
    const section = await screen.findByTestId("pending-changes", {}, { timeout: 10_000 });
    const item = await within(section).findByText(/Crypto futures trading vault:/, {}, { timeout: 10_000 });
    const row = item.closest("li") as HTMLElement;
    expect(row.textContent).toMatch(/the lockup becomes 45 days\..*Executable from .* \(in [^)]+\)/);
    expect((within(row).getByRole("button", { name: "Execute" }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(row).getByRole("button", { name: "Cancel change" })).toBeTruthy();
  });

  it("are executed by anyone once the delay has passed, and then change the vault", async () => {
    await withSnapshot(async () => {
      await increaseTime(86_401);
      await renderApp({ path: "/admin", account: DEV_ACCOUNTS[0] });
      const section = await screen.findByTestId("pending-changes", {}, { timeout: 10_000 });
      await within(section).findByText("Ready: anyone can execute it now.", {}, { timeout: 10_000 });
      await userEvent.click(within(section).getByRole("button", { name: "Execute" }));
      expect(await findToast("Change executed.")).toBeTruthy();
      expect(await fundRead("lockupPeriodDuration", [1n])).toBe(FORTY_FIVE_DAYS);
      await waitFor(() => expect(within(section).getByText("No change is waiting.")).toBeTruthy(), { timeout: 10_000 });
    });
  });

  it("can be cancelled by the guardian, whose section holds nothing else", async () => {
    await withSnapshot(async () => {
      await renderApp({ path: "/admin", account: DEV_ACCOUNTS[6] });
      const guardian = await screen.findByTestId("guardian-section", {}, { timeout: 10_000 });
      expect(within(guardian).getByRole("button", { name: "Turn emergency state on" })).toBeTruthy();
      expect(screen.queryByRole("heading", { name: "Investor whitelist" })).toBeNull();
      const section = screen.getByTestId("pending-changes");
      await within(section).findByText(/Crypto futures trading vault:/, {}, { timeout: 10_000 });
      await userEvent.click(within(section).getByRole("button", { name: "Cancel change" }));
      expect(await findToast("Change cancelled.")).toBeTruthy();
      await waitFor(() => expect(within(section).getByText("No change is waiting.")).toBeTruthy(), { timeout: 10_000 });
      expect(await fundRead("lockupPeriodDuration", [1n])).toBe(30n * 86_400n);
    });
  });

  it("are what an admin form that touches invested money makes: the lockup form schedules, it does not apply", async () => {
    await withSnapshot(async () => {
      await renderApp({ path: "/admin", account: DEV_ACCOUNTS[0] });
      const section = await screen.findByTestId("pending-changes", {}, { timeout: 10_000 });
      await within(section).findByText(/Crypto futures trading vault:/, {}, { timeout: 10_000 });
      const tab = await screen.findByRole("tab", { name: /^NFT lending/ }, { timeout: 10_000 });
      await userEvent.click(tab);
      const panel = screen.getByRole("tabpanel");
      // The vault's settings load when its tab opens.
      const lockup = await within(panel).findByLabelText(/New lockup duration/, {}, { timeout: 10_000 });
      await userEvent.clear(lockup);
      await userEvent.type(lockup, "60");
      await userEvent.click(within(panel).getByRole("button", { name: "Set lockup duration" }));
      expect(await findToast(/^Change scheduled: anyone can execute it from /)).toBeTruthy();
      expect(await fundRead("lockupPeriodDuration", [2n])).toBe(30n * 86_400n);
      await within(section).findByText(/NFT lending vault:/, {}, { timeout: 40_000 });
    });
  });
});
