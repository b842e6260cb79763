/**
 * A settlement waiting its challenge window, where the admin and the guardian act on it (seeded test chain; the
 * window and the bounds set through the timelock): the admin vetoes a wrong figure and the end-of-round form comes
 * back; a corrected proposal is made final after the window; a proposal outside the vault's bounds waits for the
 * guardian's co-signature.
 */
import { actionMessages } from "@fundament/sdk";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { withSnapshot } from "../../../test/chain";
import {
  ADMIN,
  approveReturn,
  createTestVault,
  fundRead,
  fundWrite,
  increaseTime,
  investIn,
  lockVault,
  returnFunds,
  settleRound,
  traderOf,
  usdc,
} from "../../../test/fund";
import { DEV_ACCOUNTS, renderApp } from "../../../test/render";
import { findToast } from "../../../test/toasts";

const DAY = 86_400;
/** The seeded fund's guardian (deploy.mjs: dev account 6). */
const GUARDIAN = DEV_ACCOUNTS[6] as `0x${string}`;

type Pool = { state: number; finalAt: bigint; collected: bigint; postLockupTotal: bigint; needsCosign: boolean };
const pool = (poolId: bigint) => fundRead("getPoolInfo", [poolId]) as Promise<Pool>;

/** A vault whose settlements wait a day; 2,000 in, `returned` collected back after its lockup, then proposed. */
async function proposedVault(name: string, returned: bigint, bounds?: [bigint, bigint]) {
  const vaultId = await createTestVault(name);
  await fundWrite(ADMIN, "setChallengeWindow", [BigInt(vaultId), BigInt(DAY)]);
  if (bounds) await fundWrite(ADMIN, "setSettlementBounds", [BigInt(vaultId), ...bounds]);
  await investIn(DEV_ACCOUNTS[1] as `0x${string}`, vaultId, usdc(2_000));
  await lockVault(vaultId);
  await returnFunds(vaultId, returned);
  const { poolId } = await settleRound(vaultId);
  return { vaultId, poolId };
}

/** The vault's "Round and lockup" card in the admin's vault tab. */
async function roundCard(name: string) {
  await renderApp({ path: "/admin", account: ADMIN });
  await userEvent.click(await screen.findByRole("tab", { name: new RegExp(`^${name}`) }, { timeout: 10_000 }));
  return within(screen.getByRole("tabpanel"))
    .getByRole("heading", { name: "Round and lockup", level: 3 })
    .closest("section") as HTMLElement;
}

describe("a proposed settlement in the admin's and the guardian's hands", () => {
  it("the admin vetoes a wrong figure, the form comes back, and a corrected proposal is finalised after the window", async () => {
    await withSnapshot(async () => {
      const { vaultId, poolId } = await proposedVault("Veto vault", usdc(2_000));
      const card = await roundCard("Veto vault");
      const panel = await within(card).findByTestId(`proposed-settlement-${vaultId}`, {}, { timeout: 10_000 });
      await waitFor(() =>
        expect(panel.textContent).toContain("Round 1's settlement is proposed: 2,000 mUSDC returned."),
      );
      expect(within(card).getByText("Settlement proposed")).toBeTruthy();
      const finalise = within(panel).getByRole("button", { name: "Finalise settlement" }) as HTMLButtonElement;
      expect(finalise.disabled).toBe(true);
      expect(within(card).queryByRole("button", { name: "End lockup period" })).toBeNull();

      await userEvent.click(within(panel).getByRole("button", { name: "Veto settlement" }));
      await userEvent.click(await within(panel).findByRole("button", { name: "Confirm veto" }));
      await findToast(actionMessages.vetoSettlement);
      expect((await pool(poolId)).finalAt).toBe(0n);
      // The end-of-round form is back: the desk collects the 300 it missed, and proposes again.
      await within(card).findByRole("button", { name: "End lockup period" }, { timeout: 10_000 });
      await approveReturn(vaultId, usdc(300));
      await fundWrite(ADMIN, "collectFundsFromTradingWallet", [BigInt(vaultId), traderOf(vaultId), usdc(300)]);
      await settleRound(vaultId);
      await increaseTime(DAY);
      const again = await within(card).findByTestId(`proposed-settlement-${vaultId}`, {}, { timeout: 15_000 });
      const button = within(again).getByRole("button", { name: "Finalise settlement" }) as HTMLButtonElement;
      await waitFor(() => expect(button.disabled).toBe(false), { timeout: 40_000 });
      await userEvent.click(button);
      await findToast(actionMessages.finalizeSettlement);
      const settled = await pool(poolId);
      expect(settled.state).toBe(3);
      expect(settled.postLockupTotal).toBe(usdc(2_240)); // 2,300 less 20% of the 300 profit
    });
  }, 90_000);

  it("the guardian sees each waiting settlement in the Guardian section, says veto is one of its powers, and vetoes", async () => {
    await withSnapshot(async () => {
      const { poolId } = await proposedVault("Guarded vault", usdc(2_100));
      await renderApp({ path: "/admin", account: GUARDIAN });
      const guardian = await screen.findByTestId("guardian-section", {}, { timeout: 15_000 });
      expect(guardian.textContent).toContain(
        "As a guardian you can only make the fund safer: veto a proposed settlement before it is final",
      );
      const section = await within(guardian).findByRole(
        "region",
        { name: "Guarded vault: proposed settlement" },
        { timeout: 15_000 },
      );
      await waitFor(() =>
        expect(section.textContent).toContain("Round 1's settlement is proposed: 2,100 mUSDC returned."),
      );
      expect(section.textContent).toMatch(/Final from .* \(in 1 d 0 h\), unless it is vetoed before\./);
      expect((within(section).getByRole("button", { name: "Finalise settlement" }) as HTMLButtonElement).disabled).toBe(
        true,
      );
      await userEvent.click(within(section).getByRole("button", { name: "Veto settlement" }));
      await userEvent.click(await within(section).findByRole("button", { name: "Confirm veto" }));
      await findToast(actionMessages.vetoSettlement);
      const vetoed = await pool(poolId);
      expect([vetoed.state, vetoed.finalAt]).toEqual([2, 0n]); // still locked, no proposal
      await waitFor(
        () => expect(screen.queryByRole("region", { name: "Guarded vault: proposed settlement" })).toBeNull(),
        { timeout: 15_000 },
      );
    });
  }, 60_000);

  it("outside the vault's bounds, the guardian co-signs, then anyone finalises after the window", async () => {
    await withSnapshot(async () => {
      // At most 10% lost or gained per round; this round lost 25%.
      const { poolId } = await proposedVault("Bounded vault", usdc(1_500), [1_000n, 1_000n]);
      expect((await pool(poolId)).needsCosign).toBe(true);
      await increaseTime(DAY);
      await renderApp({ path: "/admin", account: GUARDIAN });
      const section = await screen.findByRole(
        "region",
        { name: "Bounded vault: proposed settlement" },
        { timeout: 15_000 },
      );
      await waitFor(() =>
        expect(section.textContent).toContain(
          "It lies outside the vault's bounds: it becomes final only once a guardian co-signs it.",
        ),
      );
      const finalise = within(section).getByRole("button", { name: "Finalise settlement" }) as HTMLButtonElement;
      expect(finalise.disabled).toBe(true);
      await userEvent.click(within(section).getByRole("button", { name: "Co-sign settlement" }));
      await findToast(actionMessages.cosignSettlement);
      await waitFor(() => expect(finalise.disabled).toBe(false), { timeout: 15_000 });
      await userEvent.click(finalise);
      await findToast(actionMessages.finalizeSettlement);
      expect((await pool(poolId)).state).toBe(3);
    });
  }, 90_000);
});
