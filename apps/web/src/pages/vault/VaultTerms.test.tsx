import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { PROMPT_METHODS as PROMPTS, withSnapshot } from "../../../test/chain";
import { ADMIN, createTestVault, fundWrite, investIn, runRound, usdc } from "../../../test/fund";
import { DEV_ACCOUNTS, recordRpcMethods, renderApp } from "../../../test/render";

let recorder: ReturnType<typeof recordRpcMethods> | undefined;
afterEach(() => recorder?.restore());

const INVESTOR = DEV_ACCOUNTS[1] as `0x${string}`;

/**
 * A vault whose rolling investor lost 20 % in round 1 and won back half of it in round 2 (1,000 → 800 → 900): round 2
 * made a profit that only recovers the loss, so it paid no performance fee, and round 3 starts below the mark.
 */
async function vaultBelowItsMark(): Promise<number> {
  const vaultId = await createTestVault("Recovering vault");
  await investIn(INVESTOR, vaultId, usdc(1_000));
  await fundWrite(INVESTOR, "setRollOver", [BigInt(vaultId), true]);
  await runRound(vaultId, usdc(800));
  await runRound(vaultId, usdc(900));
  // Caps: adding them only stops deposits, so an admin does it at once.
  await fundWrite(ADMIN, "setCaps", [BigInt(vaultId), usdc(5_000), usdc(2_000)]);
  return vaultId;
}

describe("a vault's fees, high-water mark and caps on its page", () => {
  it("shows the terms, each round's fees and the round that paid none because it stayed below the mark", async () => {
    await withSnapshot(async () => {
      const vaultId = await vaultBelowItsMark();
      await renderApp({ path: `/vaults/${vaultId}` });
      await screen.findByRole("heading", { level: 1, name: "Recovering vault" }, { timeout: 10_000 });

      const terms = await screen.findByRole("region", { name: "Fees and limits" }, { timeout: 10_000 });
      const term = (label: string) => within(terms).getByText(label).closest("div")?.querySelector("dd")?.textContent;
      expect(term("Management fee")).toBe("None");
      expect(term("Performance fee")).toBe("20% of profitOnly on profit above the high-water mark.");
      expect(term("High-water mark")).toBe(
        "1.0000 per shareThis round starts at 0.9000 per share: its gains up to 1.0000 win back an earlier loss and pay no performance fee.",
      );
      expect(term("Round cap")).toBe("5,000 mUSDC4,100 mUSDC left in this round.");
      expect(term("Cap per investor")).toBe("2,000 mUSDCThe most one investor may hold in a round.");

      const table = await screen.findByTestId("vault-rounds", {}, { timeout: 10_000 });
      const row = (name: string) => within(table).getByRole("rowheader", { name }).closest("tr") as HTMLElement;
      const fees = (name: string) => within(row(name)).getAllByRole("cell")[3];
      expect(within(table).getByRole("columnheader", { name: "Fees" })).toBeTruthy();
      expect(fees("Round 1")?.textContent).toBe("0.00");
      expect(fees("Round 2")?.textContent).toBe("0.00 below the mark");
      expect(fees("Round 2")?.getAttribute("title")).toBe(
        "Management fee 0 mUSDC, performance fee 0 mUSDC (on profit above the high-water mark of 1.0000 per share)",
      );
      expect(fees("Round 3")?.textContent).toBe("—");
    });
  });

  it("says a cap's refusal and the room left in the invest box, before any wallet prompt", async () => {
    await withSnapshot(async () => {
      const vaultId = await vaultBelowItsMark();
      recorder = recordRpcMethods();
      await renderApp({ path: `/vaults/${vaultId}`, account: DEV_ACCOUNTS[2] });
      await screen.findByRole("heading", { level: 1, name: "Recovering vault" }, { timeout: 10_000 });
      const widget = screen.getByRole("region", { name: "Invest" });
      const amount = within(widget).getByLabelText(/Amount/);
      await userEvent.type(amount, "4200");
      await waitFor(
        () =>
          expect(within(widget).getByRole("alert").textContent).toBe(
            "This vault's round is nearly full: at most 4100 mUSDC more fits under its cap.",
          ),
        { timeout: 10_000 },
      );
      await userEvent.clear(amount);
      await userEvent.type(amount, "2500");
      await waitFor(
        () =>
          expect(within(widget).getByRole("alert").textContent).toBe(
            "This vault caps each investor's funds in a round: you can add at most 2000 mUSDC.",
          ),
        { timeout: 10_000 },
      );
      expect(within(widget).getByText("Room in this round").nextElementSibling?.textContent).toBe("2,000 mUSDC");
      // The button says it in short, and cannot be pressed.
      const button = within(widget).getByRole("button", { name: "Above the room in this round" }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      expect(recorder.methods.filter((m) => PROMPTS.includes(m))).toEqual([]);
      await userEvent.clear(amount);
      await userEvent.type(amount, "2000");
      await waitFor(() => expect(within(widget).queryByRole("alert")).toBeNull(), { timeout: 10_000 });
    });
  });
});
