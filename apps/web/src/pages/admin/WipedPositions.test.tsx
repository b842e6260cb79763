/**
 * After a total loss, on the seeded chain: a vault's rolling positions that the loss wiped out still count as voting
 * power until someone brings them up to date. The admin's vault tab says how many (confirmed by simulating the sync),
 * removes that power in one transaction, and the section goes away; checked against the contract's own state.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { rpc, withSnapshot } from "../../../test/chain";
import {
  createTestVault,
  endLockupTime,
  fundRead,
  fundWrite,
  investIn,
  lockVault,
  settleRound,
  usdc,
} from "../../../test/fund";
import { DEV_ACCOUNTS, renderApp } from "../../../test/render";

const ROLLING = "0x00000000000000000000000000000000000a11ce" as const;
const LEAVING = "0x00000000000000000000000000000000000000b0" as const;
const powerOf = async (account: `0x${string}`) =>
  ((await fundRead("getInvestorData", [account])) as readonly bigint[])[4];

describe("voting power after a total loss", () => {
  it("is removed from the admin's vault tab in one transaction, and only where it was stale", async () => {
    await withSnapshot(async () => {
      for (const account of [ROLLING, LEAVING]) {
        await rpc("anvil_impersonateAccount", [account]);
        await rpc("anvil_setBalance", [account, "0x56BC75E2D63100000"]);
      }
      const vaultId = await createTestVault("Wiped vault");
      await investIn(ROLLING, vaultId, usdc(1_000));
      await fundWrite(ROLLING, "setRollOver", [BigInt(vaultId), true]);
      await investIn(LEAVING, vaultId, usdc(500));
      // A total loss: nothing comes back, so nothing is collected; the round settles at zero (with its report).
      await lockVault(vaultId);
      await endLockupTime(vaultId);
      await settleRound(vaultId);
      expect(await powerOf(ROLLING)).toBe(usdc(1_000));

      await renderApp({ path: "/admin", account: DEV_ACCOUNTS[0] });
      await userEvent.click(await screen.findByRole("tab", { name: /^Wiped vault/ }, { timeout: 10_000 }));
      const section = await screen.findByTestId("wiped-positions", {}, { timeout: 15_000 });
      expect(section.textContent).toContain(
        "1 rolling position of this vault holds nothing after a total loss but still counts as its owner's voting power.",
      );
      await userEvent.click(within(section).getByRole("button", { name: "Remove their voting power" }));
      await waitFor(async () => expect(await powerOf(ROLLING)).toBe(0n), { timeout: 20_000 });
      await waitFor(() => expect(screen.queryByTestId("wiped-positions")).toBeNull(), { timeout: 20_000 });
      // The non-rolling investor's power is theirs until they withdraw their (zero) payout: not touched.
      expect(await powerOf(LEAVING)).toBe(usdc(500));
    });
  });
});
