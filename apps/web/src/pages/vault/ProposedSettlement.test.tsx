import { actionMessages, formatChangeTime } from "@fundament/sdk";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { withSnapshot } from "../../../test/chain";
import {
  ADMIN,
  createTestVault,
  fundRead,
  fundWrite,
  increaseTime,
  investIn,
  runRound,
  usdc,
} from "../../../test/fund";
import { DEV_ACCOUNTS, renderApp } from "../../../test/render";
import { findToast } from "../../../test/toasts";

const DAY = 86_400;
const cells = (row: HTMLElement) => [...row.querySelectorAll("th, td")].map((c) => c.textContent?.trim());

/** A vault whose settlements wait a day; its round 1 (1,000 in, 1,100 back) proposed. Returns its id and pool. */
async function proposedRound(name: string) {
  const vaultId = await createTestVault(name);
  await fundWrite(ADMIN, "setChallengeWindow", [BigInt(vaultId), BigInt(DAY)]);
  await investIn(DEV_ACCOUNTS[1] as `0x${string}`, vaultId, usdc(1_000));
  const { poolId } = await runRound(vaultId, usdc(1_100));
  const pool = (await fundRead("getPoolInfo", [poolId])) as { finalAt: bigint; state: number };
  return { vaultId, poolId, finalAt: Number(pool.finalAt), state: pool.state };
}

describe("a settlement waiting its challenge window, on the vault page", () => {
  it("shows the proposed result, its report and when it becomes final; the rounds table says it is proposed", async () => {
    await withSnapshot(async () => {
      const { vaultId, poolId, finalAt, state } = await proposedRound("Challenge vault");
      expect(state).toBe(2); // still locked: only proposed

      await renderApp({ path: `/vaults/${vaultId}`, account: DEV_ACCOUNTS[1] });
      const banner = await screen.findByRole("region", { name: "Proposed settlement" }, { timeout: 10_000 });
      await waitFor(
        () => {
          expect(banner.textContent).toContain("Round 1's settlement is proposed: 1,100 mUSDC returned.");
          expect(banner.textContent).toContain(
            `Final from ${formatChangeTime(finalAt)} (in 1 d 0 h) unless a guardian vetoes it.`,
          );
        },
        { timeout: 10_000 },
      );
      expect(screen.getByText("Locked, settlement proposed")).toBeTruthy();
      await screen.findByText(
        `Round 1's settlement is proposed: deposits open in round 2 once it is final, from ${formatChangeTime(finalAt)}.`,
        {},
        { timeout: 10_000 },
      );
      // The investor's position says when it comes back: once the proposal is final, not at the lockup's end.
      await within(screen.getByTestId("vault-position")).findByText(
        `Your position is with the traders until round 1 settles (its settlement is proposed: final from ${formatChangeTime(finalAt)}, unless a guardian vetoes it). At settlement its payout becomes withdrawable.`,
        {},
        { timeout: 10_000 },
      );
      const report = within(banner).getByRole("link", { name: "Read its report" });
      expect(report.getAttribute("href")).toBe(`/vaults/${vaultId}/rounds/${poolId}/report`);
      expect(within(banner).queryByRole("button")).toBeNull();

      const table = await screen.findByRole("table", { name: /^Rounds of the Challenge vault/ }, { timeout: 10_000 });
      const [row] = within(table).getAllByRole("row").slice(1) as HTMLElement[];
      expect(cells(row as HTMLElement).slice(2)).toEqual([
        "1,000.00",
        "1,100.00 proposed",
        "—",
        "—",
        "Settlement proposed Report",
      ]);
      const link = within(row as HTMLElement).getByRole("link", { name: "Report of round 1" });
      expect(link.getAttribute("href")).toBe(`/vaults/${vaultId}/rounds/${poolId}/report`);
    });
  });

  it("once the window has ended, anyone connected makes it final from the banner", async () => {
    await withSnapshot(async () => {
      const { vaultId, poolId } = await proposedRound("Finalise vault");
      await increaseTime(DAY);
      const anyone = DEV_ACCOUNTS[4] as `0x${string}`;
      await renderApp({ path: `/vaults/${vaultId}`, account: anyone });
      const banner = await screen.findByRole("region", { name: "Proposed settlement" }, { timeout: 10_000 });
      await within(banner).findByText(
        "Its challenge window has ended: anyone can make it final.",
        {},
        { timeout: 10_000 },
      );
      await userEvent.click(
        await within(banner).findByRole("button", { name: "Finalise settlement" }, { timeout: 10_000 }),
      );
      await findToast(actionMessages.finalizeSettlement);
      const pool = (await fundRead("getPoolInfo", [poolId])) as { state: number; postLockupTotal: bigint };
      expect(pool.state).toBe(3);
      expect(pool.postLockupTotal).toBe(usdc(1_080)); // 1,100 less 20% of the 100 profit
      await screen.findByText("Settled", {}, { timeout: 10_000 });
      expect(screen.queryByRole("region", { name: "Proposed settlement" })).toBeNull();
    });
  });

  it("once the window has ended, without a wallet, says that connecting one lets you finalise it", async () => {
    await withSnapshot(async () => {
      const { vaultId, poolId } = await proposedRound("Watched vault");
      await increaseTime(DAY);
      await renderApp({ path: `/vaults/${vaultId}` });
      const banner = await screen.findByRole("region", { name: "Proposed settlement" }, { timeout: 10_000 });
      await within(banner).findByText("Connecting a wallet lets you finalise it.", {}, { timeout: 10_000 });
      expect(banner.textContent).toContain("Its challenge window has ended: anyone can make it final.");
      expect(within(banner).queryByRole("button")).toBeNull();
      expect(((await fundRead("getPoolInfo", [poolId])) as { state: number }).state).toBe(2);
    });
  });

  it("is shown in Portfolio too, naming the vault", async () => {
    await withSnapshot(async () => {
      await proposedRound("Portfolio vault");
      await renderApp({ path: "/portfolio", account: DEV_ACCOUNTS[1] });
      const banner = await screen.findByRole(
        "region",
        { name: "Portfolio vault: proposed settlement" },
        { timeout: 10_000 },
      );
      await waitFor(() =>
        expect(banner.textContent).toContain(
          "Portfolio vault: round 1's settlement is proposed: 1,100 mUSDC returned.",
        ),
      );
    });
  });
});
