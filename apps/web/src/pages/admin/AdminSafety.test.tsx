import { ADMIN_ROLE, actionMessages, resultMessages } from "@fundament/sdk";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { withSnapshot } from "../../../test/chain";
import {
  ADMIN,
  approveReturn,
  createTestVault,
  endLockupTime,
  fundRead,
  fundWrite,
  investIn,
  lockVault,
  traderOf,
  usdc,
} from "../../../test/fund";
import { DEV_ACCOUNTS, recordRpcMethods, renderApp } from "../../../test/render";
import { startReportApi } from "../../../test/reportApi";
import { findToast } from "../../../test/toasts";
import { shortenAddress } from "../../shared/lib/format";

let recorder: ReturnType<typeof recordRpcMethods> | undefined;
afterEach(() => recorder?.restore());
// The API's round-report routes: every settlement carries the hash of the report the API builds first.
let reportApi: Awaited<ReturnType<typeof startReportApi>>;
beforeAll(async () => {
  reportApi = await startReportApi();
});
afterAll(() => reportApi.close());

const sent = () => (recorder?.methods ?? []).filter((m) => m === "eth_sendTransaction");
const section = (name: string, level = 2) =>
  screen.getByRole("heading", { name, level }).closest("section") as HTMLElement;

async function openAdmin() {
  await renderApp({ path: "/admin", account: DEV_ACCOUNTS[0] });
  await screen.findByRole("heading", { name: "Investor whitelist" }, { timeout: 10_000 });
}

/** Renders Admin and selects the vault tab whose name starts with `name`; resolves with its panel's `title` card. */
async function vaultCard(name: string, title: string) {
  await renderApp({ path: "/admin", account: DEV_ACCOUNTS[0], apiUrl: reportApi.url });
  const tab = await screen.findByRole("tab", { name: new RegExp(`^${name}`) }, { timeout: 10_000 });
  await userEvent.click(tab);
  return within(screen.getByRole("tabpanel"))
    .getByRole("heading", { name: title, level: 3 })
    .closest("section") as HTMLElement;
}

describe("Admin: the whitelist is listed and searchable", () => {
  it("lists the whitelisted wallets, finds one by part of its address, and says when none matches", async () => {
    await openAdmin();
    const whitelist = section("Investor whitelist");
    const list = await within(whitelist).findByRole("list", { name: "Whitelisted wallets" }, { timeout: 10_000 });
    // The seed whitelists accounts 1-5, oldest first.
    // Each shown as the app shows addresses (name or short form), the full address as its accessible label.
    const shownAddresses = () =>
      within(list)
        .getAllByRole("listitem")
        .map((item) => within(item).getByRole("group").getAttribute("aria-label"));
    expect(shownAddresses()).toEqual(DEV_ACCOUNTS.slice(1, 6));
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent?.replace("Remove", "")),
    ).toEqual(DEV_ACCOUNTS.slice(1, 6).map((a) => `${a.slice(0, 6)}…${a.slice(-4)}`));
    expect(within(whitelist).getByTestId("whitelist-count").textContent).toBe("5 whitelisted wallets.");

    const search = within(whitelist).getByLabelText("Search by address");
    await userEvent.type(search, "9965507d");
    expect(shownAddresses()).toEqual([DEV_ACCOUNTS[5]]);
    expect(within(whitelist).getByTestId("whitelist-count").textContent).toBe("1 of 5 whitelisted wallets match.");
    await userEvent.clear(search);
    await userEvent.type(search, "0xdead");
    expect(within(whitelist).queryByRole("list", { name: "Whitelisted wallets" })).toBeNull();
    expect(within(whitelist).getByText("No whitelisted wallet matches “0xdead”.")).toBeTruthy();
  });

  it("speaks to the admin: already listed or not listed is said before any prompt, and the admin's own wallet is named", async () => {
    recorder = recordRpcMethods();
    await openAdmin();
    const whitelist = section("Investor whitelist");
    await within(whitelist).findByRole("list", { name: "Whitelisted wallets" }, { timeout: 10_000 });
    // The admin (account 0) is not whitelisted in the seed: the page says so in admin terms.
    expect(within(whitelist).getByTestId("whitelist-self").textContent).toBe(
      "Your admin wallet is not on the whitelist: whitelist it below to invest from it.",
    );
    expect(document.body.textContent).not.toMatch(/Ask the fund's admin/i);

    const input = within(whitelist).getByLabelText("Investor wallet address");
    await userEvent.type(input, (DEV_ACCOUNTS[1] as string).toLowerCase());
    await userEvent.click(within(whitelist).getByRole("button", { name: "Whitelist investor" }));
    expect(within(whitelist).getByRole("alert").textContent).toBe("0x7099…79C8 is already on the whitelist.");
    await userEvent.clear(input);
    await userEvent.type(input, DEV_ACCOUNTS[6] as string);
    await userEvent.click(within(whitelist).getByRole("button", { name: "Remove from whitelist" }));
    expect(within(whitelist).getByRole("alert").textContent).toBe(
      "0x976E…0aa9 is not on the whitelist: there is nothing to remove.",
    );
    expect(sent()).toEqual([]);
  });

  it("shows a wallet in the list once it is whitelisted, and removes one from its row", async () => {
    await withSnapshot(async () => {
      await openAdmin();
      const whitelist = section("Investor whitelist");
      await within(whitelist).findByRole("list", { name: "Whitelisted wallets" }, { timeout: 10_000 });
      await userEvent.type(within(whitelist).getByLabelText("Investor wallet address"), DEV_ACCOUNTS[6] as string);
      await userEvent.click(within(whitelist).getByRole("button", { name: "Whitelist investor" }));
      await waitFor(
        () => expect(within(whitelist).getByTestId("whitelist-count").textContent).toBe("6 whitelisted wallets."),
        {
          timeout: 15_000,
        },
      );
      await userEvent.click(
        within(whitelist).getByRole("button", { name: `Remove ${DEV_ACCOUNTS[2]} from the whitelist` }),
      );
      expect(await findToast("Wallet removed from whitelist.")).toBeTruthy();
      await waitFor(
        () => expect(within(whitelist).getByTestId("whitelist-count").textContent).toBe("5 whitelisted wallets."),
        {
          timeout: 15_000,
        },
      );
      expect(await fundRead("isWhitelisted", [DEV_ACCOUNTS[2] as `0x${string}`])).toBe(false);
    });
  });
});

describe("Admin: every irreversible action asks the same confirmation, stating its effect", () => {
  it("removes a trading wallet only after a confirmation that states its share in tokens; Cancel gives the focus back", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Removal vault");
      await investIn(DEV_ACCOUNTS[1] as `0x${string}`, vaultId, usdc(1_250.5));
      recorder = recordRpcMethods();
      const wallets = await vaultCard("Removal vault", "Trading wallets");
      const remove = (await within(wallets).findByRole(
        "button",
        { name: `Remove trading wallet Test desk (${shortenAddress(traderOf(vaultId))})` },
        { timeout: 10_000 },
      )) as HTMLButtonElement;
      await waitFor(() => expect(remove.disabled).toBe(false), { timeout: 10_000 });
      await userEvent.click(remove);
      const confirmation = within(wallets).getByRole("group", {
        name: `Remove trading wallet Test desk (${shortenAddress(traderOf(vaultId))}) from the Removal vault: at the next lockup it receives nothing instead of 100% (1,250.5 mUSDC of round 1's 1,250.5 mUSDC so far).`,
      });
      expect(confirmation.textContent).toContain(
        "The remaining wallets add up to 0%; they must add up to 100% before the next lockup.",
      );
      expect(document.activeElement).toBe(within(confirmation).getByRole("button", { name: "Cancel" }));
      await userEvent.click(within(confirmation).getByRole("button", { name: "Cancel" }));
      expect(within(wallets).queryByRole("group", { name: /^Remove trading wallet/ })).toBeNull();
      await waitFor(() => expect(document.activeElement).toBe(remove));
      // Escape cancels too.
      await userEvent.click(remove);
      await userEvent.keyboard("{Escape}");
      expect(within(wallets).queryByRole("group", { name: /^Remove trading wallet/ })).toBeNull();
      expect(sent()).toEqual([]);

      await userEvent.click(remove);
      await userEvent.click(within(wallets).getByRole("button", { name: "Confirm removal" }));
      expect(await findToast("Trading wallet removed successfully.")).toBeTruthy();
      expect(sent()).toHaveLength(1);
      const pool = ((await fundRead("getCurrentPoolData", [BigInt(vaultId)])) as readonly [bigint])[0];
      expect(((await fundRead("getTradingWallets", [pool])) as readonly [readonly string[]])[0]).toEqual([]);
    });
  });

  it("revokes an admin only after a confirmation naming it; the only admin cannot be revoked", async () => {
    await withSnapshot(async () => {
      await openAdmin();
      const admins = section("Admins");
      const own = (await within(admins).findByRole(
        "button",
        { name: "Revoke admin Admin 1 (0xf39F…2266)" },
        { timeout: 10_000 },
      )) as HTMLButtonElement;
      expect(own.disabled).toBe(true);
      expect(within(admins).getByText(/The fund's only admin cannot be revoked/)).toBeTruthy();

      const second = DEV_ACCOUNTS[6] as `0x${string}`;
      await fundWrite(ADMIN, "grantRole", [ADMIN_ROLE, second]);
      recorder = recordRpcMethods();
      const revoke = await within(admins).findByRole(
        "button",
        { name: "Revoke admin Admin 2 (0x976E…0aa9)" },
        { timeout: 15_000 },
      );
      await userEvent.click(revoke);
      const confirmation = within(admins).getByRole("group", {
        name: "Revoke the admin role of Admin 2 (0x976E…0aa9).",
      });
      expect(sent()).toEqual([]);
      await userEvent.click(within(confirmation).getByRole("button", { name: "Confirm revocation" }));
      expect(await findToast(resultMessages.revokeAdmin)).toBeTruthy();
      expect(await fundRead("hasRole", [ADMIN_ROLE, second])).toBe(false);
    });
  });

  it("turns the emergency state on only after a confirmation stating the tokens investors can take out", async () => {
    await withSnapshot(async () => {
      recorder = recordRpcMethods();
      await openAdmin();
      const emergency = section("Emergency state");
      const button = await within(emergency).findByRole(
        "button",
        { name: "Turn emergency state on" },
        { timeout: 10_000 },
      );
      // What the open rounds hold now, read from the chain.
      const count = Number(await fundRead("vaultCount", []));
      let open = 0n;
      for (let id = 1; id <= count; id++) {
        const [pool, , isLocked] = (await fundRead("getCurrentPoolData", [BigInt(id)])) as readonly [
          bigint,
          bigint,
          boolean,
        ];
        if (!isLocked) open += ((await fundRead("getPoolInfo", [pool])) as { totalFunds: bigint }).totalFunds;
      }
      const figure = `${(Number(open) / 1e6).toLocaleString("en-US", { maximumFractionDigits: 2 })} mUSDC`;
      await userEvent.click(button);
      const confirmation = within(emergency).getByRole("group", {
        name: `Turn the emergency state on for all ${count} vaults: investors can take the ${figure} in open rounds out at once.`,
      });
      expect(confirmation.textContent).toMatch(/with the traders in 1 locked round stays there until it settles/);
      expect(sent()).toEqual([]);
      await userEvent.click(within(confirmation).getByRole("button", { name: "Confirm: turn on" }));
      await waitFor(() => expect(within(emergency).getByTestId("emergency-state").textContent).toBe("on"), {
        timeout: 15_000,
      });
      expect(await fundRead("emergencyState", [])).toBe(true);
    });
  });
});

describe("Admin: collecting returns", () => {
  it("explains what the trading wallet must do first (the fund's address and the exact call) and shows its approval as it arrives", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Collect vault");
      await investIn(DEV_ACCOUNTS[1] as `0x${string}`, vaultId, usdc(2_000));
      await lockVault(vaultId);
      const round = await vaultCard("Collect vault", "Round and lockup");
      const howto = await within(round).findByTestId("collect-howto", {}, { timeout: 15_000 });
      const fund = inject("deployment").investmentFund;
      expect(howto.textContent).toContain("First, each trading wallet approves the fund for the amount it returns.");
      expect(within(howto).getByTestId("fund-address").textContent).toBe(fund);
      expect(within(howto).getByTestId("approve-call-0").textContent).toBe(`approve(${fund}, 2000000000)`);
      expect(within(round).getByTestId("approved-0").textContent).toBe("Waiting for approval");
      expect(within(round).getByTestId("collectable-0").textContent).toBe("0 mUSDC");

      // The trading wallet approves outside the app: the row shows it without any click.
      await approveReturn(vaultId, usdc(2_100));
      await waitFor(() => expect(within(round).getByTestId("approved-0").textContent).toBe("2,100 mUSDC"), {
        timeout: 20_000,
      });
      expect(within(round).getByTestId("collectable-0").textContent).toContain("2,100 mUSDC");
      expect(
        within(round).getByRole("button", {
          name: `Collect 2,100 mUSDC from Test desk (${shortenAddress(traderOf(vaultId))})`,
        }),
      ).toBeTruthy();
    });
  });

  it("settles a round with nothing collected only through the loss confirmation (a loss of 100%)", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Zero vault");
      await investIn(DEV_ACCOUNTS[1] as `0x${string}`, vaultId, usdc(2_000));
      await lockVault(vaultId);
      await endLockupTime(vaultId);
      const pool = ((await fundRead("getCurrentPoolData", [BigInt(vaultId)])) as readonly [bigint])[0];
      recorder = recordRpcMethods();
      const round = await vaultCard("Zero vault", "Round and lockup");
      const input = (await within(round).findByLabelText(
        "Total returned (mUSDC)",
        {},
        { timeout: 10_000 },
      )) as HTMLInputElement;
      expect(input.value).toBe("0");
      const end = within(round).getByRole("button", { name: "End lockup period" }) as HTMLButtonElement;
      await waitFor(() => expect(end.disabled).toBe(false), { timeout: 10_000 });
      await userEvent.click(end);
      await userEvent.click(
        await within(round).findByRole("button", { name: "Confirm settlement" }, { timeout: 15_000 }),
      );
      const loss = within(round).getByRole("group", { name: "Settle round 1 at a loss of 2,000 mUSDC (100%)?" });
      expect(loss.textContent).toContain("get back 0 mUSDC");
      expect(sent()).toEqual([]);
      await userEvent.click(within(loss).getByRole("button", { name: "Confirm loss and settle" }));
      expect(await findToast(actionMessages.settleAtLoss)).toBeTruthy();
      expect(sent()).toHaveLength(1);
      expect(await fundRead("poolState", [pool])).toBe(3); // settled
      expect(((await fundRead("getPoolInfo", [pool])) as { postLockupTotal: bigint }).postLockupTotal).toBe(0n);
    });
  });

  it("does not offer to end a lockup before it ends, and says when it does", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Early vault");
      await investIn(DEV_ACCOUNTS[1] as `0x${string}`, vaultId, usdc(500));
      await lockVault(vaultId);
      const round = await vaultCard("Early vault", "Round and lockup");
      const end = (await within(round).findByRole(
        "button",
        { name: "End lockup period" },
        { timeout: 10_000 },
      )) as HTMLButtonElement;
      await waitFor(() => expect(end.disabled).toBe(true), { timeout: 10_000 });
      expect(within(round).getByText(/^The lockup ends on .+; the round can be settled from then on/)).toBeTruthy();
    });
  });
});
