import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { withSnapshot } from "../../../test/chain";
import { createTestVault, fundWrite, investIn, lockVault, usdc } from "../../../test/fund";
import { DEV_ACCOUNTS, renderApp } from "../../../test/render";

const usd = (text: string | null | undefined) => Number(String(text).replace(/[$,]/g, ""));

describe("live figures: the page follows the fund's per-vault events without a reload", () => {
  it("updates a vault's TVL when another investor invests in it (Invested)", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Live vault");
      await renderApp({ path: `/vaults/${vaultId}` });
      const tvl = await screen.findByTestId("vault-tvl", {}, { timeout: 10_000 });
      expect(usd(tvl.textContent)).toBe(0);
      await investIn(DEV_ACCOUNTS[2] as `0x${string}`, vaultId, usdc(2_500));
      await waitFor(() => expect(usd(screen.getByTestId("vault-tvl").textContent)).toBe(2_500), { timeout: 15_000 });
    });
  });

  it("follows a roll-over choice made in another tab (RollOverSet) and an admin's lockup of the vault (LockupStarted)", async () => {
    await withSnapshot(async () => {
      const investor = DEV_ACCOUNTS[4] as `0x${string}`;
      const vaultId = await createTestVault("Live roll vault");
      await investIn(investor, vaultId, usdc(1_000));
      await renderApp({ path: `/vaults/${vaultId}`, account: investor });
      const position = await screen.findByTestId("vault-position", {}, { timeout: 10_000 });
      const toggle = (await within(position).findByRole("switch", {}, { timeout: 10_000 })) as HTMLInputElement;
      expect(toggle.checked).toBe(false);
      await fundWrite(investor, "setRollOver", [BigInt(vaultId), true]);
      await waitFor(() => expect(toggle.checked).toBe(true), { timeout: 15_000 });
      expect(screen.getByTestId("vault-round").nextElementSibling?.textContent).toBe("Open");
      await lockVault(vaultId);
      await waitFor(
        () => expect(screen.getByTestId("vault-round").nextElementSibling?.textContent).toMatch(/^Locked until /),
        { timeout: 15_000 },
      );
    });
  });
});
