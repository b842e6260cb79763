import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { ADMIN_ROLE } from "@fundament/sdk";
import { foundryBin } from "@fundament/test-chain";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, inject, it } from "vitest";
import { withSnapshot } from "../../../test/chain";
import {
  ADMIN,
  createTestVault,
  currentPoolId,
  fundRead,
  fundWrite,
  increaseTime,
  investIn,
  lockVault,
  tokenAddress,
  traderOf,
  usdc,
} from "../../../test/fund";
import { DEV_ACCOUNTS, recordRpcMethods, renderApp } from "../../../test/render";
import { rpcUrl } from "../../../test/testChain.js";
import { findToast } from "../../../test/toasts";
import { shortenAddress } from "../../shared/lib/format";

let recorder: ReturnType<typeof recordRpcMethods> | undefined;
afterEach(() => recorder?.restore());

const sent = () => (recorder?.methods ?? []).filter((m) => m === "eth_sendTransaction");
const section = (name: string, level = 2) =>
  screen.getByRole("heading", { name, level }).closest("section") as HTMLElement;
const run = promisify(execFile);
/** The seed's timelock delay (the fund's top role is the FundTimelock's): a day. */
const TIMELOCK_DELAY = 86_400;

/** The pending change whose summary matches `summary`, once it is listed; its row. */
async function pendingChange(summary: RegExp): Promise<HTMLElement> {
  const pending = screen.getByTestId("pending-changes");
  return (await within(pending).findByText(summary, {}, { timeout: 15_000 })).closest("li") as HTMLElement;
}

/**
 * Moves the clock past the timelock's delay, opens Admin again (it reads the chain's clock as it opens) and presses
 * Execute on the change whose summary matches `summary`; resolves with its row.
 */
async function executeChange(summary: RegExp): Promise<HTMLElement> {
  await increaseTime(TIMELOCK_DELAY + 1);
  cleanup();
  await renderApp({ path: "/admin", account: DEV_ACCOUNTS[0] });
  await screen.findByTestId("pending-changes", {}, { timeout: 10_000 });
  const row = await pendingChange(summary);
  const execute = within(row).getByRole("button", { name: "Execute" }) as HTMLButtonElement;
  await waitFor(() => expect(execute.disabled).toBe(false), { timeout: 15_000 });
  await userEvent.click(execute);
  return row;
}

/** Renders Admin as the admin and selects the vault tab whose name starts with `name`; resolves with its `title` card. */
async function vaultCard(name: string, title: string, { render = true }: { render?: boolean } = {}) {
  if (render) await renderApp({ path: "/admin", account: DEV_ACCOUNTS[0] });
  const tab = await screen.findByRole("tab", { name: new RegExp(`^${name}`) }, { timeout: 10_000 });
  await userEvent.click(tab);
  return within(screen.getByRole("tabpanel"))
    .getByRole("heading", { name: title, level: 3 })
    .closest("section") as HTMLElement;
}

/** The ERC-20 allowance `owner` gave the fund, read from the chain. */
async function allowanceOf(owner: string): Promise<bigint> {
  const fund = inject("deployment").investmentFund;
  const data = `0xdd62ed3e${owner.slice(2).toLowerCase().padStart(64, "0")}${fund.slice(2).toLowerCase().padStart(64, "0")}`;
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "eth_call",
      params: [{ to: tokenAddress(), data }, "latest"],
    }),
  });
  return BigInt(((await response.json()) as { result: string }).result);
}

describe("Admin round tools: the trading wallet's approval and collecting", () => {
  it("gives each trading wallet a cast command that runs as pasted (the app's RPC, the amount in units, 2,000 mUSDC beside it), then says Collected once nothing is left", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Cast vault");
      await investIn(DEV_ACCOUNTS[1] as `0x${string}`, vaultId, usdc(2_000));
      await lockVault(vaultId);
      const round = await vaultCard("Cast vault", "Round and lockup");
      const command = await within(round).findByTestId("approve-command-0", {}, { timeout: 15_000 });
      const fund = inject("deployment").investmentFund;
      const trader = traderOf(vaultId);
      expect(command.textContent).toBe(
        `cast send ${tokenAddress()} "approve(address,uint256)" ${fund} 2000000000 --rpc-url ${rpcUrl} --from ${trader} --unlocked`,
      );
      expect(within(round).getByTestId("approve-amount-0").textContent).toBe("2,000 mUSDC");
      const user = userEvent.setup();
      await user.click(within(round).getByRole("button", { name: "Copy command" }));
      expect(await navigator.clipboard.readText()).toBe(command.textContent);

      // Pasted into a shell as it is, with Foundry's cast: the trading wallet approves the fund for 2,000 mUSDC.
      const cast = foundryBin("cast");
      await run("sh", ["-c", command.textContent as string], {
        env: { ...process.env, PATH: `${dirname(cast)}:${process.env.PATH ?? ""}` },
      });
      expect(await allowanceOf(trader)).toBe(usdc(2_000));
      await waitFor(() => expect(within(round).getByTestId("approved-0").textContent).toBe("2,000 mUSDC"), {
        timeout: 20_000,
      });

      // The trader holds the 2,000 it was sent: all of it is collected, and the row then says so.
      const collect = await within(round).findByRole(
        "button",
        { name: `Collect 2,000 mUSDC from Test desk (${shortenAddress(trader)})` },
        { timeout: 20_000 },
      );
      await user.click(collect);
      expect(await findToast("Funds collected from the trading wallet.")).toBeTruthy();
      await waitFor(() => expect(within(round).getByTestId("collected-0").textContent).toBe("Collected"), {
        timeout: 15_000,
      });
      expect(within(round).getByTestId("collectable-0").textContent).toBe("None left");
      expect(within(round).getByTestId("approved-0").textContent).toBe("Used up");
      expect(within(round).queryByRole("button", { name: /^Collect / })).toBeNull();
    });
  });
});

describe("Admin: trading wallets in per cent, the allocation edited in place", () => {
  it("adds a wallet with its allocation in per cent (the contract gets basis points) and edits it in its row: errors under the field, Escape cancels, Enter saves", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Edit vault");
      recorder = recordRpcMethods();
      let wallets = await vaultCard("Edit vault", "Trading wallets");
      const name = `Test desk (${shortenAddress(traderOf(vaultId))})`;
      const edit = await within(wallets).findByRole(
        "button",
        { name: `Edit allocation of ${name}` },
        { timeout: 10_000 },
      );
      expect(edit.closest("td")?.textContent).toBe("100%Edit");

      await userEvent.click(edit);
      const field = within(wallets).getByLabelText(`Allocation of ${name} (%)`) as HTMLInputElement;
      expect(field.value).toBe("100");
      await userEvent.clear(field);
      await userEvent.type(field, "150{Enter}");
      const error = within(wallets).getByRole("alert");
      expect(error.textContent).toBe("Enter an allocation from 0.01% to 100%.");
      // Under its own field, in its own cell.
      expect(error.closest("td")).toBe(field.closest("td"));
      expect(field.getAttribute("aria-invalid")).toBe("true");
      await userEvent.keyboard("{Escape}");
      expect(within(wallets).queryByLabelText(`Allocation of ${name} (%)`)).toBeNull();
      await waitFor(() =>
        expect(document.activeElement).toBe(
          within(wallets).getByRole("button", { name: `Edit allocation of ${name}` }),
        ),
      );
      expect(sent()).toEqual([]);

      await userEvent.click(within(wallets).getByRole("button", { name: `Edit allocation of ${name}` }));
      const again = within(wallets).getByLabelText(`Allocation of ${name} (%)`);
      await userEvent.clear(again);
      await userEvent.type(again, "60{Enter}");
      // The contract has no update: the wallet is removed at once and added back with 60%, which the timelock holds.
      expect(await findToast(/^Change scheduled: /, 20_000)).toBeTruthy();
      expect((await within(wallets).findByTestId("allocation-edit-notice")).textContent).toMatch(
        new RegExp(`^New allocation of ${name.replace(/[()]/g, "\\$&")}: 60%\\. Change scheduled: `),
      );
      const pool = await currentPoolId(vaultId);
      const allocations = async () =>
        ((await fundRead("getTradingWallets", [pool])) as readonly [readonly string[], readonly bigint[]])[1];
      expect(await allocations()).toEqual([]);
      const joins = /a trading wallet joins: 0x7e\S+ \(Test desk, 60% of each lockup\)/;
      await pendingChange(joins);
      await executeChange(joins);
      expect(await findToast("Change executed.")).toBeTruthy();
      expect(await allocations()).toEqual([6_000n]);
      wallets = await vaultCard("Edit vault", "Trading wallets", { render: false });
      await waitFor(
        () =>
          expect(
            within(wallets)
              .getByRole("button", { name: `Edit allocation of ${name}` })
              .closest("td")?.textContent,
          ).toBe("60%Edit"),
        { timeout: 15_000 },
      );

      // The add form takes per cent too: 40 more makes 100%; 50 more would be refused before any prompt.
      expect(within(wallets).queryByText(/basis points/)).toBeNull();
      const before = sent().length;
      await userEvent.type(within(wallets).getByLabelText("Trading wallet address"), DEV_ACCOUNTS[5] as string);
      await userEvent.type(within(wallets).getByLabelText("Wallet type"), "Options");
      await userEvent.type(within(wallets).getByLabelText("Allocation (%)"), "50");
      await userEvent.click(within(wallets).getByRole("button", { name: "Add trading wallet" }));
      expect(within(wallets).getByRole("alert").textContent).toBe(
        "With the other wallets' 60% that makes 110%; the allocations can add up to 100% at most.",
      );
      expect(sent().length).toBe(before);
      await userEvent.clear(within(wallets).getByLabelText("Allocation (%)"));
      await userEvent.type(within(wallets).getByLabelText("Allocation (%)"), "40");
      await userEvent.click(within(wallets).getByRole("button", { name: "Add trading wallet" }));
      // 40% reaches the contract as 4,000 basis points: the timelock's change says 40% of each lockup.
      await pendingChange(/\(Options, 40% of each lockup\)/);
    });
  });

  it("shows a refused write under the control that asked (here a pending change's Execute), not only in a toast", async () => {
    await withSnapshot(async () => {
      // The first vault's trader serves it; adding it to the second vault is scheduled, and refused when executed (a
      // wallet serves one vault at a time).
      const first = await createTestVault("First vault");
      const second = await createTestVault("Second vault");
      await fundWrite(ADMIN, "removeTradingWallet", [BigInt(second), 0n]);
      const wallets = await vaultCard("Second vault", "Trading wallets");
      await within(wallets).findByText("This vault has no trading wallets yet.", {}, { timeout: 10_000 });
      await userEvent.type(within(wallets).getByLabelText("Trading wallet address"), traderOf(first));
      await userEvent.type(within(wallets).getByLabelText("Wallet type"), "Shared desk");
      await userEvent.type(within(wallets).getByLabelText("Allocation (%)"), "100");
      await userEvent.click(within(wallets).getByRole("button", { name: "Add trading wallet" }));
      expect(await findToast(/^Change scheduled: /, 20_000)).toBeTruthy();
      await pendingChange(/\(Shared desk, 100% of each lockup\)/);
      const row = await executeChange(/\(Shared desk, 100% of each lockup\)/);
      // In the change's own row, under its buttons.
      const error = await within(row).findByRole("alert", {}, { timeout: 15_000 });
      expect(error.textContent).toMatch(/^The change was not executed: ./);
      expect(error.previousElementSibling?.contains(within(row).getByRole("button", { name: "Execute" }))).toBe(true);
    });
  });
});

describe("Admin: roles and layout", () => {
  it("grants the admin role only after a confirmation naming the wallet and what the role can do", async () => {
    await withSnapshot(async () => {
      recorder = recordRpcMethods();
      await renderApp({ path: "/admin", account: DEV_ACCOUNTS[0] });
      await screen.findByRole("heading", { name: "Admins" }, { timeout: 10_000 });
      const admins = section("Admins");
      const next = DEV_ACCOUNTS[5] as `0x${string}`;
      await userEvent.type(within(admins).getByLabelText("New admin wallet address"), next.toLowerCase());
      await userEvent.click(within(admins).getByRole("button", { name: "Grant admin" }));
      const confirmation = within(admins).getByRole("group", { name: `Grant the admin role to ${next}.` });
      expect(confirmation.textContent).toContain(
        "That wallet can then do everything on this page: run every vault's rounds (start lockups, collect, settle), add and remove trading wallets, whitelist and delist investors, grant and revoke the admin role, and turn the emergency state on or off.",
      );
      expect(document.activeElement).toBe(within(confirmation).getByRole("button", { name: "Cancel" }));
      await userEvent.click(within(confirmation).getByRole("button", { name: "Cancel" }));
      await waitFor(() =>
        expect(document.activeElement).toBe(within(admins).getByRole("button", { name: "Grant admin" })),
      );
      expect(sent()).toEqual([]);
      expect(await fundRead("hasRole", [ADMIN_ROLE, next])).toBe(false);

      await userEvent.click(within(admins).getByRole("button", { name: "Grant admin" }));
      await userEvent.click(within(admins).getByRole("button", { name: "Confirm grant" }));
      // A new admin waits the timelock's delay (the fund's top role is the timelock's).
      expect(await findToast(/^Change scheduled: /, 20_000)).toBeTruthy();
      expect(sent()).toHaveLength(1);
      await pendingChange(/A4dc becomes an admin/);
    });
  });

  it("keeps the fund-wide parts apart from the vaults, behind a sidebar whose links move the focus and carry aria-current", async () => {
    await renderApp({ path: "/admin", account: DEV_ACCOUNTS[0] });
    await screen.findByRole("heading", { name: "Investor whitelist" }, { timeout: 10_000 });
    const nav = screen.getByRole("navigation", { name: "Admin sections" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      "Vaults",
      "Investors",
      "Roles",
      "Emergency",
      "Settings",
      "Analytics",
    ]);
    expect(links.map((link) => link.getAttribute("aria-current"))).toEqual(["location", null, null, null, null, null]);
    // Each link is a real link to its part, which holds that part's sections.
    const part = (label: string) => {
      const href = within(nav).getByRole("link", { name: label }).getAttribute("href") as string;
      return document.getElementById(href.slice(1)) as HTMLElement;
    };
    expect(within(part("Vaults")).getByRole("heading", { name: "Vaults", level: 2 })).toBeTruthy();
    expect(within(part("Investors")).getByRole("heading", { name: "Investor whitelist", level: 2 })).toBeTruthy();
    expect(within(part("Roles")).getByRole("heading", { name: "Admins", level: 2 })).toBeTruthy();
    expect(within(part("Emergency")).getByRole("heading", { name: "Emergency state", level: 2 })).toBeTruthy();
    expect(within(part("Emergency")).getByRole("heading", { name: "Deposits in every vault", level: 2 })).toBeTruthy();
    expect(within(part("Settings")).getByRole("heading", { name: "Fund settings", level: 2 })).toBeTruthy();
    // The fund-wide parts come after the line that says so, the vaults' before it.
    const divider = screen.getByText("The whole fund: the same for every vault.");
    expect(part("Vaults").compareDocumentPosition(divider) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(divider.compareDocumentPosition(part("Investors")) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // Keyboard: Tab reaches the links, Enter follows one; the focus lands on its part's heading.
    const roles = within(nav).getByRole("link", { name: "Roles" });
    roles.focus();
    await userEvent.keyboard("{Enter}");
    expect(roles.getAttribute("aria-current")).toBe("location");
    expect(within(nav).getByRole("link", { name: "Vaults" }).getAttribute("aria-current")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Admins", level: 2 }));
    await userEvent.click(within(nav).getByRole("link", { name: "Settings" }));
    expect(within(nav).getByRole("link", { name: "Settings" }).getAttribute("aria-current")).toBe("location");
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Fund settings", level: 2 }));
  });

  it("lays each part out in one column (no auto-fit grid leaving holes) and turns the sidebar into a row of tabs on a phone", () => {
    const pageCss = readFileSync(join(__dirname, "AdminPage.module.css"), "utf8");
    expect(pageCss).not.toMatch(/auto-fit|auto-fill|masonry/);
    expect(pageCss).toMatch(/\.part,\s*\.grid\s*\{\s*display: flex;\s*flex-direction: column;/);
  });

  it("shows the profit split in per cent, without basis points", async () => {
    await renderApp({ path: "/admin", account: DEV_ACCOUNTS[0] });
    await screen.findByRole("heading", { name: "Fund settings" }, { timeout: 10_000 });
    const settings = section("Fund settings");
    await within(settings).findByText("Profit split", {}, { timeout: 10_000 });
    expect(settings.textContent).not.toMatch(/basis points/);
    expect(within(settings).getByText("Profit split").nextElementSibling?.textContent).toMatch(
      /^Fund \d+(\.\d+)?%, pool \d+(\.\d+)?% of a round's profit$/,
    );
  });
});
