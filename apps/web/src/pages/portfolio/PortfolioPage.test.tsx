import { ADMIN_ROLE } from "@fundament/sdk";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { rpc, withSnapshot } from "../../../test/chain";
import {
  ADMIN,
  createTestVault,
  currentPoolId,
  fundAddress,
  fundRead,
  fundWrite,
  investIn,
  lockVault,
  positionOf,
  runRound,
  usdc,
} from "../../../test/fund";
import { DEV_ACCOUNTS, renderApp } from "../../../test/render";
import { findToast } from "../../../test/toasts";
import { formatDate } from "../../shared/lib/format";

/** Reads the statement CSV the Download button builds (the download itself is stubbed). */
async function downloadStatement(card: HTMLElement): Promise<string[]> {
  const blobs: Blob[] = [];
  const createObjectURL = vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return "blob:fundament-test";
  });
  const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
  try {
    await userEvent.click(within(card).getByRole("button", { name: "Download statement (CSV)" }));
    expect(blobs).toHaveLength(1);
    return (await (blobs[0] as Blob).text()).trim().split("\r\n");
  } finally {
    createObjectURL.mockRestore();
    click.mockRestore();
  }
}

const stat = (term: string) => screen.getByText(term, { selector: "dt" }).nextElementSibling?.textContent;
const figure = (root: HTMLElement, term: string) =>
  within(root).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;
const cells = (row: HTMLElement) => [...row.querySelectorAll("th, td")].map((c) => c.textContent?.trim());
/** The app's one date format: "Nov 29, 2026". */
const DATE = expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

describe("Portfolio", () => {
  it("asks for a wallet when none is connected", async () => {
    await renderApp({ path: "/portfolio" });
    expect(await screen.findByRole("heading", { name: "Connect a wallet to see your portfolio" })).toBeTruthy();
  });

  it("shows the fund-wide investor view of a seeded investor", async () => {
    await renderApp({ path: "/portfolio", account: DEV_ACCOUNTS[5] });
    await screen.findByText("Invested amount", {}, { timeout: 10_000 });
    expect(stat("Invested amount")).toMatch(/^\$[\d,]+\.\d{2}$/);
    expect(Number(stat("Voting power")?.replaceAll(",", ""))).toBeGreaterThan(0);
    expect(stat("Share of the fund")).toMatch(/^\d+(\.\d{1,2})?%$/);
    expect(await screen.findByRole("heading", { name: "Your vaults" })).toBeTruthy();
  });

  it("shows the empty state for a wallet with nothing invested", async () => {
    await renderApp({ path: "/portfolio", account: DEV_ACCOUNTS[6] });
    expect(await screen.findByRole("heading", { name: "Nothing invested yet" }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(/not whitelisted yet/)).toBeTruthy();
    expect(screen.getByText(/Ask the fund's admin to whitelist it/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Admin page" })).toBeNull();
  });

  it("tells an admin that is not whitelisted to whitelist itself on the Admin page", async () => {
    await withSnapshot(async () => {
      const account = DEV_ACCOUNTS[6] as `0x${string}`;
      await fundWrite(ADMIN, "grantRole", [ADMIN_ROLE, account]);
      await renderApp({ path: "/portfolio", account });
      const empty = await screen.findByRole("heading", { name: "Nothing invested yet" }, { timeout: 10_000 });
      const text = empty.parentElement as HTMLElement;
      const link = await within(text).findByRole("link", { name: "Admin page" }, { timeout: 10_000 });
      expect(link.getAttribute("href")).toBe("/admin");
      expect(link.closest("p")?.textContent).toBe(
        "Your wallet is not whitelisted yet. As an admin, you can whitelist it yourself on the Admin page, then choose a vault.",
      );
      expect(screen.queryByText(/Ask the fund's admin/)).toBeNull();
    });
  });

  it("lists positions per vault and every round in a statement with its CSV, and withdraws after a confirmation", async () => {
    await withSnapshot(async () => {
      // Account 6 has nothing in the seeded vaults: what it shows comes from this test alone.
      const investor = DEV_ACCOUNTS[6] as `0x${string}`;
      const rolling = await createTestVault("Statement vault");
      const other = await createTestVault("Second vault");
      await investIn(investor, rolling, usdc(1_000));
      await investIn(investor, other, usdc(400));
      await fundWrite(investor, "setRollOver", [BigInt(rolling), true]);
      await runRound(rolling, usdc(1_100)); // +100 gross, +80 net: 1,080 rolls into round 2
      await fundWrite(investor, "setRollOver", [BigInt(rolling), false]);
      await runRound(rolling, usdc(1_000)); // a loss of 80: the payout of 1,000 waits in round 2

      await renderApp({ path: "/portfolio", account: investor });
      const statementCard = (await screen.findByRole("heading", { name: "Statement" }, { timeout: 10_000 })).closest(
        "section",
      ) as HTMLElement;
      const first = await screen.findByTestId(`position-${rolling}`, {}, { timeout: 10_000 });
      // The vaults' names arrive with the vaults' read ("Vault 3" until then).
      expect(await within(first).findByRole("heading", { name: "Statement vault" }, { timeout: 10_000 })).toBeTruthy();
      expect(within(first).getByText("Round 2")).toBeTruthy();
      expect(within(first).getByText("Settled")).toBeTruthy();
      expect(figure(first, "Value")).toBe("1,000 mUSDC");
      expect(figure(first, "Withdrawable")).toBe("1,000 mUSDC");
      // The roll-over choice is the switch on the position's own card.
      expect(
        (within(first).getByRole("switch", { name: "Roll over into the next round" }) as HTMLInputElement).checked,
      ).toBe(false);
      const second = screen.getByTestId(`position-${other}`);
      expect(figure(second, "Value")).toBe("400 mUSDC");
      expect(within(second).getByText("Open")).toBeTruthy();

      const table = await within(statementCard).findByRole("table", {}, { timeout: 10_000 });
      const rows = () =>
        within(table)
          .getAllByRole("row")
          .slice(1)
          .map((r) => cells(r as HTMLElement));
      await waitFor(() => expect(rows()).toHaveLength(3), { timeout: 10_000 });
      expect(rows()).toEqual(
        expect.arrayContaining([
          [
            DATE,
            "Statement vault",
            "Round 2",
            "1,080 mUSDC",
            "1,000 mUSDC",
            "−80 mUSDC",
            "0 mUSDC",
            "Ready to withdraw",
          ],
          [DATE, "Statement vault", "Round 1", "1,000 mUSDC", "1,080 mUSDC", "+80 mUSDC", "20 mUSDC", "Rolled over"],
          [DATE, "Second vault", "Round 1", "400 mUSDC", "—", "—", "—", "In progress"],
        ]),
      );
      // On a phone each row becomes a card of labelled values (as History's): every cell names its column.
      expect(table.classList.contains("table--stack")).toBe(true);
      const headers = [...table.querySelectorAll("thead th")].map((th) => th.textContent?.trim());
      for (const row of table.querySelectorAll("tbody tr"))
        expect([...row.querySelectorAll("td")].map((td) => td.getAttribute("data-label"))).toEqual(headers);

      const blobs: Blob[] = [];
      const createObjectURL = vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
        blobs.push(blob as Blob);
        return "blob:fundament-test";
      });
      const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
      try {
        await userEvent.click(within(statementCard).getByRole("button", { name: "Download statement (CSV)" }));
        expect(blobs).toHaveLength(1);
        const lines = (await (blobs[0] as Blob).text()).trim().split("\r\n");
        expect(lines[0]).toBe(
          "date (UTC),account,account type,vault,vault id,round,pool id,principal (mUSDC),payout (mUSDC),profit or loss (mUSDC),fees (mUSDC),outcome,transaction hash,transactions",
        );
        const start = `^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z,${investor},wallet,`;
        const end = ",0x[0-9a-f]{64},[^,]+$";
        expect(lines.slice(1)).toEqual(
          expect.arrayContaining([
            expect.stringMatching(
              new RegExp(`${start}Statement vault,${rolling},2,\\d+,1080,1000,-80,0,Ready to withdraw${end}`),
            ),
            expect.stringMatching(
              new RegExp(`${start}Statement vault,${rolling},1,\\d+,1000,1080,80,20,Rolled over${end}`),
            ),
            expect.stringMatching(new RegExp(`${start}Second vault,${other},1,\\d+,400,,,,In progress${end}`)),
          ]),
        );
        expect(lines).toHaveLength(4);
        expect(click).toHaveBeenCalledTimes(1);
      } finally {
        createObjectURL.mockRestore();
        click.mockRestore();
      }

      await userEvent.click(within(first).getByRole("button", { name: "Withdraw" }));
      expect(within(first).getByRole("group").textContent).toMatch(
        /^Withdraw 1,000 mUSDC from the Statement vault to your wallet\?/,
      );
      await userEvent.click(within(first).getByRole("button", { name: "Confirm withdrawal" }));
      expect(await findToast("Withdrawal transaction submitted successfully!")).toBeTruthy();
      // Focus lands on the list of positions (a withdrawn position may leave it).
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Your vaults" })), {
        timeout: 10_000,
      });
      await waitFor(
        () =>
          expect(rows()).toContainEqual([
            DATE,
            "Statement vault",
            "Round 2",
            "1,080 mUSDC",
            "1,000 mUSDC",
            "−80 mUSDC",
            "0 mUSDC",
            "Withdrawn",
          ]),
        { timeout: 10_000 },
      );
      expect((await positionOf(investor, rolling)).withdrawable).toBe(0n);
    });
  });

  it("sums the current value and the profit after fees (a loss said so), dates a locked round's unlock, puts the roll-over switch on the position and gives each statement row its date and transaction", async () => {
    await withSnapshot(async () => {
      const investor = DEV_ACCOUNTS[6] as `0x${string}`;
      const profit = await createTestVault("Profit vault");
      const loss = await createTestVault("Loss vault");
      const locked = await createTestVault("Locked vault");
      await investIn(investor, profit, usdc(1_000));
      await runRound(profit, usdc(1_100)); // +100 gross, 20 to the fund: a payout of 1,080
      await fundWrite(investor, "withdraw", [BigInt(profit)]);
      await investIn(investor, loss, usdc(400));
      await runRound(loss, usdc(200)); // a loss of 200 (no fee on a loss): 200 waits
      await investIn(investor, locked, usdc(500));
      await lockVault(locked);
      const pool = (await fundRead("getPoolInfo", [await currentPoolId(locked)])) as { lockupEndTime: bigint };

      await renderApp({ path: "/portfolio", account: investor });
      const summary = await screen.findByTestId("portfolio-summary", {}, { timeout: 10_000 });
      // Value now: 200 waiting + 500 locked; profit: 700 + 1,080 withdrawn − 1,900 deposited.
      await waitFor(() => expect(within(summary).getByTestId("total-value").textContent).toBe("700 mUSDC"), {
        timeout: 10_000,
      });
      expect((await within(summary).findByTestId("total-profit", {}, { timeout: 10_000 })).textContent).toBe(
        "−120 mUSDC",
      );
      expect(figure(summary, "Total profit")).toBe("−120 mUSDC a loss, after fees");
      expect(figure(summary, "Total withdrawn")).toBe("$1,080.00");

      const lockedCard = await screen.findByTestId(`position-${locked}`, {}, { timeout: 10_000 });
      expect(within(lockedCard).getByText("Locked")).toBeTruthy();
      expect(figure(lockedCard, "Unlocks")).toBe(formatDate(pool.lockupEndTime));
      expect(figure(lockedCard, "Unlocks")).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      // Only a locked round has an unlock date.
      expect(within(screen.getByTestId(`position-${loss}`)).queryByText("Unlocks")).toBeNull();

      const statementCard = screen.getByRole("heading", { name: "Statement" }).closest("section") as HTMLElement;
      const table = await within(statementCard).findByRole("table", {}, { timeout: 10_000 });
      await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(4), { timeout: 10_000 });
      const lines = await downloadStatement(statementCard);
      const withdrawn = lines.find((line) => line.includes(",Profit vault,"));
      const match = withdrawn?.match(/^([^,]+),.*,Withdrawn,(0x[0-9a-f]{64}),/);
      expect(match, withdrawn).toBeTruthy();
      const [, date, hash] = match as RegExpMatchArray;
      // The hash is the withdrawal's own transaction: the investor's, to the fund, mined at the row's date.
      const receipt = await rpc<{ status: string; from: string; to: string; blockNumber: string }>(
        "eth_getTransactionReceipt",
        [hash],
      );
      expect(receipt.status).toBe("0x1");
      expect(receipt.from).toBe(investor.toLowerCase());
      expect(receipt.to).toBe(fundAddress().toLowerCase());
      const block = await rpc<{ timestamp: string }>("eth_getBlockByNumber", [receipt.blockNumber, false]);
      expect(date).toBe(new Date(Number(block.timestamp) * 1000).toISOString().replace(/\.\d{3}Z$/, "Z"));

      // The roll-over switch sits on the position it changes.
      const toggle = within(lockedCard).getByRole("switch", {
        name: "Roll over into the next round",
      }) as HTMLInputElement;
      expect(toggle.checked).toBe(false);
      await userEvent.click(toggle);
      await waitFor(async () => expect((await positionOf(investor, locked)).rollOver).toBe(true), {
        timeout: 10_000,
      });
      await waitFor(() => expect(toggle.checked).toBe(true), { timeout: 10_000 });
      expect((await positionOf(investor, loss)).rollOver).toBe(false);
    });
  });

  it("offers an emergency withdrawal per vault, stating the amount, while the fund is in an emergency", async () => {
    await withSnapshot(async () => {
      const investor = DEV_ACCOUNTS[6] as `0x${string}`;
      const vaultId = await createTestVault("Emergency vault");
      await investIn(investor, vaultId, usdc(750));
      await fundWrite(DEV_ACCOUNTS[0] as `0x${string}`, "setEmergencyState", [true]);
      await renderApp({ path: "/portfolio", account: investor });
      const card = await screen.findByTestId(`position-${vaultId}`, {}, { timeout: 10_000 });
      await within(card).findByRole("heading", { name: "Emergency vault" }, { timeout: 10_000 });
      await userEvent.click(within(card).getByRole("button", { name: "Emergency withdraw" }));
      expect(within(card).getByRole("group").textContent).toMatch(
        /^Withdraw 750 mUSDC from the Emergency vault now, in the emergency\?/,
      );
      await userEvent.click(within(card).getByRole("button", { name: "Confirm emergency withdrawal" }));
      expect(await findToast("Emergency withdrawal transaction submitted successfully!")).toBeTruthy();
      expect((await positionOf(investor, vaultId)).shares).toBe(0n);
    });
  });
});
