import { actionMessages } from "@fundament/sdk";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { withSnapshot } from "../../../test/chain";
import {
  approveReturn,
  createTestVault,
  endLockupTime,
  fundRead,
  investIn,
  lockVault,
  returnFunds,
  traderOf,
  usdc,
} from "../../../test/fund";
import { DEV_ACCOUNTS, recordRpcMethods, renderApp } from "../../../test/render";
import { startReportApi } from "../../../test/reportApi";
import { findToast } from "../../../test/toasts";
import { shortenAddress } from "../../shared/lib/format";
import tabStyles from "./VaultTabs.module.css";

let recorder: ReturnType<typeof recordRpcMethods> | undefined;
afterEach(() => recorder?.restore());
// The API's round-report routes: every settlement carries the hash of the report the API builds first.
let reportApi: Awaited<ReturnType<typeof startReportApi>>;
beforeAll(async () => {
  reportApi = await startReportApi();
});
afterAll(() => reportApi.close());

const section = (name: string, level = 2) =>
  screen.getByRole("heading", { name, level }).closest("section") as HTMLElement;
const sent = () => (recorder?.methods ?? []).filter((m) => m === "eth_sendTransaction");

/** Renders Admin as the admin (with the API at `apiUrl`) and selects the vault tab whose name starts with `name`. */
async function openVaultTab(name: string, apiUrl?: string) {
  await renderApp({ path: "/admin", account: DEV_ACCOUNTS[0], ...(apiUrl ? { apiUrl } : {}) });
  const tab = await screen.findByRole("tab", { name: new RegExp(`^${name}`) }, { timeout: 10_000 });
  await userEvent.click(tab);
  expect(tab.getAttribute("aria-selected")).toBe("true");
  return screen.getByRole("tabpanel");
}

describe("Admin", () => {
  it("is for admins only", async () => {
    await renderApp({ path: "/admin", account: DEV_ACCOUNTS[1] });
    expect(await screen.findByRole("heading", { name: "Admins only" }, { timeout: 10_000 })).toBeTruthy();
  });

  it("keeps the fund-wide sections once, and validates addresses and wallets before any prompt", async () => {
    recorder = recordRpcMethods();
    await renderApp({ path: "/admin", account: DEV_ACCOUNTS[0] });
    await screen.findByRole("heading", { name: "Investor whitelist" }, { timeout: 10_000 });
    for (const name of ["Investor whitelist", "Admins", "Emergency state", "Fund settings", "Vaults"])
      expect(screen.getAllByRole("heading", { name, level: 2 })).toHaveLength(1);
    const admins = section("Admins");
    expect(await within(admins).findByText("Admin 1", {}, { timeout: 10_000 })).toBeTruthy();
    // Each admin's address as the app shows addresses: its name or the short form, the full address as its label.
    expect(within(admins).getByRole("group", { name: DEV_ACCOUNTS[0] as string }).textContent).toBe("0xf39F…2266");
    const settings = section("Fund settings");
    expect((await within(settings).findByTestId("fund-fees-accrued", {}, { timeout: 10_000 })).textContent).toMatch(
      /^[\d,.]+ mUSDC$/,
    );
    expect(within(settings).getByRole("button", { name: "Claim fund fees" })).toBeTruthy();

    const whitelist = section("Investor whitelist");
    await userEvent.type(within(whitelist).getByLabelText("Investor wallet address"), "0x1234");
    await userEvent.click(within(whitelist).getByRole("button", { name: "Whitelist investor" }));
    expect(within(whitelist).getByRole("alert").textContent).toBe(
      "Enter a valid wallet address: 0x followed by 40 hexadecimal characters.",
    );
    // The first vault's tab is selected: its trading wallets, and the form that adds one to it.
    const panel = screen.getByRole("tabpanel");
    const wallets = within(panel)
      .getByRole("heading", { name: "Trading wallets", level: 3 })
      .closest("section") as HTMLElement;
    expect(await within(wallets).findByText("Futures", {}, { timeout: 10_000 })).toBeTruthy();
    await userEvent.click(within(wallets).getByRole("button", { name: "Add trading wallet" }));
    expect(
      within(wallets)
        .getAllByRole("alert")
        .map((a) => a.textContent),
    ).toEqual([
      "Enter a wallet address.",
      "Enter a wallet type of 1 to 31 characters.",
      "Enter the allocation as a percent, e.g. 60 or 12.5 (at most 2 decimals).",
    ]);
    expect(sent()).toEqual([]);
  });

  it("works per vault: the tabs (mouse or keyboard) choose whose wallets, round and settings are shown and changed", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Selector vault", { minimum: usdc(100), lockupSeconds: 7 * 86_400 });
      await renderApp({ path: "/admin", account: DEV_ACCOUNTS[0] });
      const tablist = await screen.findByRole("tablist", { name: "Vault" }, { timeout: 10_000 });
      await waitFor(() => expect(within(tablist).getAllByRole("tab")).toHaveLength(vaultId), { timeout: 10_000 });
      const tabs = within(tablist).getAllByRole("tab");
      expect(tabs.map((t) => t.querySelector(`.${tabStyles.name}`)?.textContent)).toEqual(
        expect.arrayContaining(["Crypto futures trading vault", "NFT lending vault", "Selector vault"]),
      );
      expect(tabs[0]?.getAttribute("aria-selected")).toBe("true");

      const own = within(tablist).getByRole("tab", { name: /^Selector vault/ });
      await userEvent.click(own);
      expect(own.getAttribute("aria-selected")).toBe("true");
      expect(own.textContent).toContain("Round 1 · Open");
      const panel = screen.getByRole("tabpanel", { name: /^Selector vault/ });
      const wallets = within(panel)
        .getByRole("heading", { name: "Trading wallets", level: 3 })
        .closest("section") as HTMLElement;
      expect(await within(wallets).findByText("Test desk", {}, { timeout: 10_000 })).toBeTruthy();
      expect(within(wallets).queryByText("Futures")).toBeNull();
      const vaultSettings = within(panel)
        .getByRole("heading", { name: "Vault settings" })
        .closest("section") as HTMLElement;
      expect(
        (await within(vaultSettings).findByTestId("vault-lockup-duration", {}, { timeout: 10_000 })).textContent,
      ).toBe("7 days");
      expect(within(vaultSettings).getByTestId("vault-minimum").textContent).toBe("100 mUSDC");

      // This vault's minimum changes (a lower one lets more in: it applies at once); the futures vault's stays.
      const futuresMinimumBefore = await fundRead("minimumInvestment", [1n]);
      await userEvent.type(within(vaultSettings).getByLabelText("New minimum investment (mUSDC)"), "50");
      await userEvent.click(within(vaultSettings).getByRole("button", { name: "Set minimum investment" }));
      expect(await findToast(actionMessages.setMinimumInvestment)).toBeTruthy();
      await waitFor(() => expect(within(vaultSettings).getByTestId("vault-minimum").textContent).toBe("50 mUSDC"), {
        timeout: 10_000,
      });
      expect(await fundRead("minimumInvestment", [BigInt(vaultId)])).toBe(usdc(50));
      expect(await fundRead("minimumInvestment", [1n])).toBe(futuresMinimumBefore);

      // Keyboard: ← selects the previous vault and moves the focus to it; Home the first.
      own.focus();
      await userEvent.keyboard("{ArrowLeft}");
      const previous = tabs[tabs.indexOf(own) - 1] as HTMLElement;
      expect(previous.getAttribute("aria-selected")).toBe("true");
      expect(document.activeElement).toBe(previous);
      await userEvent.keyboard("{Home}");
      expect(tabs[0]?.getAttribute("aria-selected")).toBe("true");
      expect(screen.getByRole("tabpanel", { name: /^Crypto futures trading vault/ })).toBeTruthy();
    });
  });

  it("runs one vault's round: starts its lockup, collects from its trading wallet, settles, and the fund claims its fee", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Round vault");
      await investIn(DEV_ACCOUNTS[1] as `0x${string}`, vaultId, usdc(2_000));
      const panel = await openVaultTab("Round vault", reportApi.url);
      const round = within(panel).getByRole("heading", { name: "Round and lockup" }).closest("section") as HTMLElement;
      await waitFor(() => expect(within(round).getByTestId("round-principal").textContent).toBe("2,000 mUSDC"), {
        timeout: 10_000,
      });
      const start = within(round).getByRole("button", { name: "Start lockup period" }) as HTMLButtonElement;
      await waitFor(() => expect(start.disabled).toBe(false), { timeout: 10_000 });
      await userEvent.click(start);
      // The admin confirmation leads with the effect in tokens, then what each wallet receives.
      const lockup = within(round).getByRole("group", {
        name: "Send 2,000 mUSDC to 1 trading wallet and lock round 1 for 7 days.",
      });
      expect(document.activeElement).toBe(within(lockup).getByRole("button", { name: "Cancel" }));
      expect(within(lockup).getByRole("list", { name: "What each trading wallet receives" }).textContent).toBe(
        `Test desk (${shortenAddress(traderOf(vaultId))}): 2,000 mUSDC (100%)`,
      );
      await userEvent.click(within(round).getByRole("button", { name: "Confirm start of lockup" }));
      expect(await findToast("Lockup period started.")).toBeTruthy();
      // Only this vault locked: the futures vault's round stays open.
      const tab = screen.getByRole("tab", { name: /^Round vault/ });
      await waitFor(() => expect(tab.textContent).toContain("Round 1 · Locked"), { timeout: 10_000 });
      expect(screen.getByRole("tab", { name: /^Crypto futures trading vault/ }).textContent).toContain("Open");

      await approveReturn(vaultId, usdc(2_500));
      await endLockupTime(vaultId);
      const collect = await within(round).findByRole(
        "button",
        { name: /^Collect 2,500 mUSDC from Test desk/ },
        { timeout: 20_000 },
      );
      await userEvent.click(collect);
      expect(await findToast("Funds collected from the trading wallet.")).toBeTruthy();
      await waitFor(() => expect(within(round).getByTestId("pool-collected").textContent).toBe("2,500 mUSDC"), {
        timeout: 10_000,
      });
      const input = within(round).getByLabelText("Total returned (mUSDC)") as HTMLInputElement;
      await waitFor(() => expect(input.value).toBe("2500"), { timeout: 10_000 });
      expect(input.readOnly).toBe(true); // what was collected, not typed
      await userEvent.click(within(round).getByRole("button", { name: "End lockup period" }));
      // The API builds the round's report first; the confirmation then shows it.
      await within(round).findByRole(
        "group",
        {
          name: "Settle round 1 with 2,500 mUSDC returned: its investors get 2,400 mUSDC (2,000 mUSDC put in and 400 mUSDC profit) and the fund 100 mUSDC in fees (management fee 0 mUSDC, performance fee 100 mUSDC); round 2 opens.",
        },
        { timeout: 15_000 },
      );
      await userEvent.click(within(round).getByRole("button", { name: "Confirm settlement" }));
      expect(await findToast("Pool settled successfully.")).toBeTruthy();
      await waitFor(() => expect(tab.textContent).toContain("Round 2 · Open"), { timeout: 10_000 });

      // 500 gross profit: 20% (100 mUSDC) accrued for the fund wallet, on top of what had accrued.
      const settings = section("Fund settings");
      const accrued = (await fundRead("fundFeesAccrued", [])) as bigint;
      expect(accrued >= usdc(100)).toBe(true);
      await userEvent.click(within(settings).getByRole("button", { name: "Claim fund fees" }));
      expect(await findToast(actionMessages.claimFundFees)).toBeTruthy();
      await waitFor(() => expect(within(settings).getByTestId("fund-fees-accrued").textContent).toBe("0 mUSDC"), {
        timeout: 10_000,
      });
      expect(await fundRead("fundFeesAccrued", [])).toBe(0n);
    });
  });

  it("settles below the principal only after a second confirmation that states the loss in tokens and per cent", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Loss vault");
      await investIn(DEV_ACCOUNTS[1] as `0x${string}`, vaultId, usdc(2_000));
      await lockVault(vaultId);
      await returnFunds(vaultId, usdc(1_500));
      recorder = recordRpcMethods();
      const panel = await openVaultTab("Loss vault", reportApi.url);
      const round = within(panel).getByRole("heading", { name: "Round and lockup" }).closest("section") as HTMLElement;
      const input = (await within(round).findByLabelText(
        "Total returned (mUSDC)",
        {},
        { timeout: 10_000 },
      )) as HTMLInputElement;
      await waitFor(() => expect(input.value).toBe("1500"), { timeout: 10_000 });

      const end = within(round).getByRole("button", { name: "End lockup period" });
      await userEvent.click(end);
      // First the confirmation every settlement asks (once the API built the round's report), which already states the
      // loss…
      const first = await within(round).findByRole(
        "group",
        {
          name: "Settle round 1 with 1,500 mUSDC returned: a loss of 500 mUSDC (25%) for its investors, who put in 2,000 mUSDC; round 2 opens.",
        },
        { timeout: 15_000 },
      );
      await userEvent.click(within(first).getByRole("button", { name: "Confirm settlement" }));
      expect(sent()).toEqual([]);
      // …then the second, deliberate one: the loss in tokens and per cent.
      const confirmation = within(round).getByRole("group", { name: "Settle round 1 at a loss of 500 mUSDC (25%)?" });
      expect(confirmation.textContent).toContain(
        "Its investors put in 2,000 mUSDC and get back 1,500 mUSDC, shared pro rata; the fund takes no share. This cannot be undone.",
      );
      expect(document.activeElement).toBe(within(confirmation).getByRole("button", { name: "Cancel" }));
      expect(sent()).toEqual([]);
      await userEvent.click(within(confirmation).getByRole("button", { name: "Cancel" }));
      expect(within(round).queryByRole("group", { name: /^Settle round/ })).toBeNull();
      // Cancelling gives the focus back to the button that started it.
      await waitFor(() =>
        expect(document.activeElement).toBe(within(round).getByRole("button", { name: "End lockup period" })),
      );
      expect(sent()).toEqual([]);
      const pool = ((await fundRead("getCurrentPoolData", [BigInt(vaultId)])) as readonly [bigint])[0];
      expect(await fundRead("poolState", [pool])).toBe(2); // still locked

      await userEvent.click(within(round).getByRole("button", { name: "End lockup period" }));
      await userEvent.click(
        await within(round).findByRole("button", { name: "Confirm settlement" }, { timeout: 15_000 }),
      );
      await userEvent.click(within(round).getByRole("button", { name: "Confirm loss and settle" }));
      expect(await findToast(actionMessages.settleAtLoss)).toBeTruthy();
      expect(sent()).toHaveLength(1);
      expect(await fundRead("poolState", [pool])).toBe(3); // settled
      const info = (await fundRead("getPoolInfo", [pool])) as { postLockupTotal: bigint; fundFee: bigint };
      expect(info.postLockupTotal).toBe(usdc(1_500));
      expect(info.fundFee).toBe(0n);
    });
  });

  it("whitelists and delists an investor with the spec's messages", async () => {
    await withSnapshot(async () => {
      await renderApp({ path: "/admin", account: DEV_ACCOUNTS[0] });
      await screen.findByRole("heading", { name: "Investor whitelist" }, { timeout: 10_000 });
      const whitelist = section("Investor whitelist");
      const input = within(whitelist).getByLabelText("Investor wallet address");
      await userEvent.type(input, (DEV_ACCOUNTS[6] as string).toLowerCase());
      await userEvent.click(within(whitelist).getByRole("button", { name: "Whitelist investor" }));
      expect(await findToast("Wallet whitelisted successfully.")).toBeTruthy();
      // Focus lands on the list that changed.
      await waitFor(() =>
        expect(document.activeElement).toBe(within(whitelist).getByRole("heading", { name: "Investor whitelist" })),
      );
      await waitFor(() => expect((input as HTMLInputElement).value).toBe("")); // cleared after the success
      await userEvent.type(input, DEV_ACCOUNTS[6] as string);
      await userEvent.click(within(whitelist).getByRole("button", { name: "Remove from whitelist" }));
      expect(await findToast("Wallet removed from whitelist.")).toBeTruthy();
    });
  });
});
