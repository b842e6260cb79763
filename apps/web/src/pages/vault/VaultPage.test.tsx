import { actionMessages } from "@fundament/sdk";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { PROMPT_METHODS as PROMPTS, withSnapshot } from "../../../test/chain";
import { createTestVault, fundRead, fundWrite, investIn, positionOf, runRound, usdc } from "../../../test/fund";
import { DEV_ACCOUNTS, recordRpcMethods, renderApp } from "../../../test/render";
import { findToast } from "../../../test/toasts";

let recorder: ReturnType<typeof recordRpcMethods> | undefined;
afterEach(() => recorder?.restore());

const cells = (row: HTMLElement) => [...row.querySelectorAll("th, td")].map((c) => c.textContent?.trim());
const figure = (root: HTMLElement, term: string) =>
  within(root).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;

/**
 * The historical APY of settled pools, in percent, computed here from the chain's own figures: each round's return net
 * of fees, (postLockupTotal − preLockupTotal) / preLockupTotal, compounded and annualised over the lockups' days
 * (lockupEndTime − lockupStartTime, at least 1): (Π(1 + r))^(365 / Σ days) − 1.
 */
async function historicalApyOf(poolIds: readonly bigint[]): Promise<number> {
  let growth = 1;
  let days = 0;
  for (const poolId of poolIds) {
    const pool = (await fundRead("getPoolInfo", [poolId])) as {
      preLockupTotal: bigint;
      postLockupTotal: bigint;
      lockupStartTime: bigint;
      lockupEndTime: bigint;
    };
    growth *= Number(pool.postLockupTotal) / Number(pool.preLockupTotal);
    days += Math.max(Number(pool.lockupEndTime - pool.lockupStartTime) / 86_400, 1);
  }
  return (growth ** (365 / days) - 1) * 100;
}

describe("the vault page of a vault that runs rounds", () => {
  it("opens at the vault's numeric id and shows its own rounds as a table, newest first", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Test rounds vault");
      await investIn(DEV_ACCOUNTS[1] as `0x${string}`, vaultId, usdc(1_000));
      await investIn(DEV_ACCOUNTS[2] as `0x${string}`, vaultId, usdc(500));
      // Round 1: 1,500 in, 1,650 back: 150 gross, the fund's 20% is 30, the investors' net 120 (8%).
      const settled = await runRound(vaultId, usdc(1_650));
      await investIn(DEV_ACCOUNTS[3] as `0x${string}`, vaultId, usdc(700));

      await renderApp({ path: `/vaults/${vaultId}` });
      await screen.findByRole("heading", { level: 1, name: "Test rounds vault" }, { timeout: 10_000 });
      expect(screen.getByTestId("vault-round").textContent).toBe("Round 2");
      expect(screen.getByTestId("vault-tvl").textContent).toBe("$700.00");
      expect(screen.getByTestId("vault-rewards").textContent).toBe("$120.00");
      expect(screen.getByText("Net over 1 round; $150.00 before fees")).toBeTruthy();

      const table = await screen.findByRole(
        "table",
        { name: "Rounds of the Test rounds vault, newest first" },
        { timeout: 10_000 },
      );
      expect(cells(within(table).getAllByRole("row")[0] as HTMLElement)).toEqual([
        "Round",
        "Dates",
        "Principal",
        "Returned",
        "Fees",
        "Profit",
        "Status",
      ]);
      expect(screen.getByText(/^Amounts in mUSDC\./)).toBeTruthy();
      const [current, first, ...rest] = within(table).getAllByRole("row").slice(1) as HTMLElement[];
      expect(rest).toEqual([]);
      expect(cells(current as HTMLElement)).toEqual(["Round 2", "Taking deposits", "700.00", "—", "—", "—", "Open"]);
      const settledCells = cells(first as HTMLElement);
      expect(settledCells[0]).toBe("Round 1");
      expect(settledCells[1]).toMatch(/^[A-Z][a-z]{2} \d{1,2}(, \d{4})? – [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      expect(settledCells.slice(2)).toEqual(["1,500.00", "1,650.00", "30.00", "+120.00 (+8%)", "Settled Report"]);
      // The settled round links to its report (the open one has none yet).
      expect(within(current as HTMLElement).queryByRole("link")).toBeNull();
      const link = within(first as HTMLElement).getByRole("link", { name: "Report of round 1" });
      expect(link.getAttribute("href")).toBe(`/vaults/${vaultId}/rounds/${settled.poolId}/report`);
    });
  });

  it("headlines the vault's own historical APY net of fees, and calls a loss over its rounds a net result, not rewards", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Loss rounds vault");
      // Round 1: 1,000 in, 1,100 back (+10%): the fund's 20% of the 100 is 20, the investors get 1,080 (+8% net).
      await investIn(DEV_ACCOUNTS[1] as `0x${string}`, vaultId, usdc(1_000));
      const first = await runRound(vaultId, usdc(1_100));
      // Round 2: 3,000 in, 2,700 back (−10%): no fee on a loss, the investors get 2,700.
      await investIn(DEV_ACCOUNTS[2] as `0x${string}`, vaultId, usdc(3_000));
      const second = await runRound(vaultId, usdc(2_700));
      // Net of fees: 80 − 300 = −220; before fees (net + the 20 of fees): 100 − 300 = −200.
      const apy = await historicalApyOf([first.poolId, second.poolId]);
      // 1.08 × 0.9 = 0.972 over 7 + 7 days: 0.972^(365 / 14) − 1
      expect(apy).toBeCloseTo(-52.3084, 3);

      await renderApp({ path: `/vaults/${vaultId}` });
      await screen.findByRole("heading", { level: 1, name: "Loss rounds vault" }, { timeout: 10_000 });
      const figures = screen.getByTestId("vault-tvl").closest("dl") as HTMLElement;
      // 14 days of rounds are too few to annualise: the headline is their compounded return, 0.972 − 1.
      expect(screen.getByTestId("vault-historical-apy").textContent).toBe("-2.8%");
      expect(figure(figures, "Historical return")).toBe(
        "-2.8%net of fees, over 2 settled rounds (14 days: too short to annualise)",
      );
      expect(apy).toBeLessThan(-50); // what an annualised 14 days would have headlined
      // A test vault has no performance feed and a fallback yield of 0.
      expect(figure(figures, "Estimated APY")).toBe("0% (fallback)");
      expect(figure(figures, "Fallback yield")).toBe("0%");
      expect(within(figures).queryByText("Rewards", { selector: "dt" })).toBeNull();
      expect(figure(figures, "Net result")).toBe("-$220.00Net over 2 rounds; -$200.00 before fees");
      expect(screen.getByTestId("vault-rewards").textContent).toBe("-$220.00");

      // The card is the trading account's (this vault has no feed); the vault's own rounds follow, net of fees.
      const account = screen
        .getByRole("heading", { level: 2, name: "Trading account" })
        .closest("section") as HTMLElement;
      expect(
        within(account).getByText(
          "This vault has no trading account feed yet: the vault's own results are its rounds below.",
        ),
      ).toBeTruthy();
      expect(within(account).getByTestId("vault-round-returns").textContent).toBe(
        "The vault's rounds, net of fees: Round 1 +8% in 7 days · Round 2 −10% in 7 days",
      );
    });
  });

  it("sets the roll-over choice with a labelled switch (keyboard), and the position rolls into the next round", async () => {
    await withSnapshot(async () => {
      const investor = DEV_ACCOUNTS[1] as `0x${string}`;
      const vaultId = await createTestVault("Roll-over vault");
      await investIn(investor, vaultId, usdc(1_000));
      await renderApp({ path: `/vaults/${vaultId}`, account: investor });
      const position = await screen.findByTestId("vault-position", {}, { timeout: 10_000 });
      const toggle = (await within(position).findByRole(
        "switch",
        { name: "Roll over into the next round" },
        { timeout: 10_000 },
      )) as HTMLInputElement;
      expect(toggle.checked).toBe(false);
      expect(figure(position, "Value")).toBe("1,000 mUSDC");
      expect(figure(position, "Round")).toMatch(/^Round 1, open/);
      // Open round: the deposit can be taken back (nothing earned).
      expect(figure(position, "Withdrawable")).toBe("1,000 mUSDC");

      toggle.focus();
      await userEvent.keyboard(" ");
      expect(await findToast(actionMessages.rollOverOn)).toBeTruthy();
      await waitFor(() => expect(toggle.checked).toBe(true), { timeout: 10_000 });
      // After the change focus is back on the switch, whose state and hint show the result.
      await waitFor(() => expect(document.activeElement).toBe(toggle), { timeout: 10_000 });
      expect((await positionOf(investor, vaultId)).rollOver).toBe(true);

      // Another admin runs the round (1,000 in, 1,100 back: 80 net): the page follows the fund's events.
      await runRound(vaultId, usdc(1_100));
      await waitFor(() => expect(figure(position, "Round")).toMatch(/^Round 2, open/), { timeout: 20_000 });
      expect(figure(position, "Value")).toBe("1,080 mUSDC");
      expect(toggle.checked).toBe(true);
    });
  });

  it("explains a settled payout before any prompt, and withdraws it after a confirmation stating the amount", async () => {
    await withSnapshot(async () => {
      const investor = DEV_ACCOUNTS[2] as `0x${string}`;
      const vaultId = await createTestVault("Payout vault");
      await investIn(investor, vaultId, usdc(2_000));
      await runRound(vaultId, usdc(2_200)); // 200 gross, 40 to the fund: a payout of 2,160
      recorder = recordRpcMethods();
      await renderApp({ path: `/vaults/${vaultId}`, account: investor });
      const position = await screen.findByTestId("vault-position", {}, { timeout: 10_000 });
      expect((await within(position).findByTestId("unwithdrawn-rule", {}, { timeout: 10_000 })).textContent).toContain(
        "Round 1 has settled. Withdraw its payout of 2,160 mUSDC before you invest in this vault again",
      );
      const toggle = within(position).getByRole("switch", {
        name: "Roll over into the next round",
      }) as HTMLInputElement;
      expect(toggle.disabled).toBe(true);
      expect(
        within(position).getByText(
          "Round 1 has settled and its payout of 2,160 mUSDC waits for you: withdraw it first, then choose again.",
        ),
      ).toBeTruthy();

      const widget = screen.getByRole("region", { name: "Invest" });
      const rule =
        "Withdraw your payout of 2,160 mUSDC from round 1 first: a settled payout waiting in this vault must be withdrawn before you invest in it again.";
      expect((await within(widget).findByRole("alert", {}, { timeout: 10_000 })).textContent).toBe(rule);
      await userEvent.type(within(widget).getByLabelText(/Amount/), "500");
      const button = within(widget).getByRole("button", { name: "Withdraw your payout first" }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      expect(within(widget).getByRole("alert").textContent).toBe(rule);
      expect(recorder.methods.filter((m) => PROMPTS.includes(m))).toEqual([]);

      await userEvent.click(within(position).getByRole("button", { name: "Withdraw" }));
      expect(within(position).getByRole("group").textContent).toMatch(
        /^Withdraw 2,160 mUSDC from the Payout vault to your wallet\? This is round 1's payout/,
      );
      expect(recorder.methods.filter((m) => PROMPTS.includes(m))).toEqual([]);
      await userEvent.click(within(position).getByRole("button", { name: "Confirm withdrawal" }));
      expect(await findToast("Withdrawal transaction submitted successfully!")).toBeTruthy();
      expect(
        await within(position).findByText("You hold nothing in this vault now.", {}, { timeout: 10_000 }),
      ).toBeTruthy();
      await waitFor(() => expect(within(widget).queryByText(rule)).toBeNull(), { timeout: 10_000 });
      // Focus lands on the position's heading, over its updated figures.
      expect(document.activeElement).toBe(within(position).getByRole("heading", { name: "Your position" }));
      expect((await positionOf(investor, vaultId)).withdrawable).toBe(0n);
    });
  });

  it("shows the position of this vault only", async () => {
    await withSnapshot(async () => {
      const investor = DEV_ACCOUNTS[6] as `0x${string}`;
      const first = await createTestVault("First own vault");
      const second = await createTestVault("Second own vault");
      await investIn(investor, first, usdc(300));
      await investIn(investor, second, usdc(900));
      await fundWrite(investor, "setRollOver", [BigInt(second), true]);
      await renderApp({ path: `/vaults/${second}`, account: investor });
      const position = await screen.findByTestId("vault-position", {}, { timeout: 10_000 });
      await waitFor(() => expect(figure(position, "Value")).toBe("900 mUSDC"), { timeout: 10_000 });
      expect(figure(position, "Principal")).toBe("900 mUSDC");
      expect((within(position).getByRole("switch") as HTMLInputElement).checked).toBe(true);
    });
  });
});
