import { actionMessages, fundErrorTexts } from "@fundament/sdk";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, inject, it } from "vitest";
import { withSnapshot } from "../../../test/chain";
import { createTestVault, fundRead, fundWrite, investIn, runRound, usdc } from "../../../test/fund";
import { DEV_ACCOUNTS, renderApp } from "../../../test/render";
import { testWalletConnector } from "../../../test/testWallet";
import { findToast } from "../../../test/toasts";
import {
  capChangeRoute,
  capChangeText,
  feeChangeRoute,
  feeChangeText,
  feesAndCapsTerms,
  parseCapInputs,
  parseFeeInputs,
  percentToBps,
} from "./feesAndCaps.helpers";

const token = { decimals: 6, symbol: "mUSDC" };
const PRICE = 10n ** 18n;

describe("fees and caps in words, and the admin's typed changes", () => {
  it("says the vault's fees, its mark against this round's price and its caps", () => {
    const fees = { managementFeeBps: 0, performanceFeeBps: 2_000, highWaterMark: (PRICE * 108n) / 100n };
    const caps = { depositCap: null, investorCap: usdc(5_000) };
    expect(
      feesAndCapsTerms({ fees, caps, startSharePrice: PRICE }, token).map((t) => [t.label, t.value, t.note]),
    ).toEqual([
      ["Management fee", "0% a year", "Of a round's principal, for the time it is locked."],
      ["Performance fee", "20% of profit above the high-water mark", undefined],
      [
        "High-water mark",
        "1.0800 per share",
        "This round starts at 1.0000 per share: its gains up to 1.0800 win back an earlier loss and pay no performance fee.",
      ],
      ["Round cap", "None", "The most a round may hold in all."],
      ["Per-investor cap", "5,000 mUSDC", "The most one investor may hold in a round."],
    ]);
    // A new vault has no mark yet: its round is measured against its own start price.
    const fresh = feesAndCapsTerms({ fees: { ...fees, highWaterMark: 0n }, caps, startSharePrice: PRICE }, token);
    expect(fresh[2]).toEqual({ label: "High-water mark", value: "1.0000 per share" });
  });

  it("parses percents to whole basis points and caps to token units, refusing what the contract would", () => {
    expect([percentToBps("2"), percentToBps("0.5"), percentToBps(".25"), percentToBps("12.5 %")]).toEqual([
      200, 50, 25, 1_250,
    ]);
    expect([percentToBps(""), percentToBps("0.005"), percentToBps("-1"), percentToBps("1e2")]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(parseFeeInputs("1", "20")).toEqual({ rates: { managementFeeBps: 100, performanceFeeBps: 2_000 } });
    // The limits are the contract's (fundLimits): 5 % a year and 50 %, both allowed, one basis point more refused.
    expect(parseFeeInputs("5", "50")).toEqual({ rates: { managementFeeBps: 500, performanceFeeBps: 5_000 } });
    expect(parseFeeInputs("5.01", "50.01")).toEqual({
      errors: { management: fundErrorTexts.FeeAboveCap(), performance: fundErrorTexts.FeeAboveCap() },
    });
    expect(parseFeeInputs("soon", "20")).toEqual({
      errors: { management: "Enter the management fee as a percent a year, e.g. 1 or 0.5 (at most 5%)." },
    });
    expect(parseCapInputs("250,000", "", token)).toEqual({ caps: { depositCap: usdc(250_000), investorCap: null } });
    expect(parseCapInputs("0", "lots", token)).toEqual({
      errors: {
        depositCap: "Enter a cap above 0 mUSDC, or leave it empty for none.",
        investorCap: "Enter the cap in mUSDC, e.g. 100000, or leave it empty for none.",
      },
    });
  });

  it("says which changes apply at once and which wait in the timelock, as the contract decides", () => {
    const rates = { managementFeeBps: 100, performanceFeeBps: 2_000 };
    expect(feeChangeRoute(rates, rates)).toBe("unchanged");
    expect(feeChangeRoute(rates, { managementFeeBps: 50, performanceFeeBps: 1_000 })).toBe("atOnce");
    expect(feeChangeRoute(rates, { managementFeeBps: 150, performanceFeeBps: 2_000 })).toBe("timelock");
    // A raise with a cut: the contract asks the timelock for the whole call.
    expect(feeChangeRoute(rates, { managementFeeBps: 0, performanceFeeBps: 2_500 })).toBe("timelock");
    const caps = { depositCap: usdc(100_000), investorCap: null };
    expect(capChangeRoute(caps, caps)).toBe("unchanged");
    expect(capChangeRoute(caps, { depositCap: usdc(50_000), investorCap: usdc(5_000) })).toBe("atOnce");
    expect(capChangeRoute(caps, { depositCap: usdc(150_000), investorCap: null })).toBe("timelock");
    expect(capChangeRoute(caps, { depositCap: null, investorCap: null })).toBe("timelock");
    expect(feeChangeText("timelock")).toContain("applies only to rounds locked after it");
    expect(capChangeText("atOnce")).toBe("Adding or lowering a cap applies at once; deposits already made stay.");
  });
});

/** The admin's "Fees and caps" card of the vault `name`, and its two forms. */
async function feesCard(name: string) {
  await userEvent.click(await screen.findByRole("tab", { name: new RegExp(`^${name}`) }, { timeout: 10_000 }));
  const panel = screen.getByRole("tabpanel");
  const card = within(panel).getByRole("heading", { name: "Fees and caps" }).closest("section") as HTMLElement;
  const term = (label: string) =>
    within(card).getByText(label, { selector: "dt" }).parentElement?.querySelector("dd")?.firstChild?.textContent;
  await waitFor(() => expect(term("Management fee")).toBeTruthy(), { timeout: 10_000 });
  return {
    card,
    term,
    fees: within(card).getByRole("form", { name: "Fees" }),
    caps: within(card).getByRole("form", { name: "Caps" }),
  };
}

const vaultRead = async (vaultId: number) =>
  (await fundRead("getVault", [BigInt(vaultId)])) as {
    managementFeeBps: bigint;
    performanceFeeBps: bigint;
    depositCap: bigint;
    investorCap: bigint;
  };

describe("the admin's fees and caps", () => {
  it("shows the vault's terms, cuts a fee at once, schedules a raise, adds caps at once and says a refusal in the form", async () => {
    await withSnapshot(async () => {
      // Round 1 lost 20 % for a rolling investor: round 2 opens at 0.8 a share, below the mark of 1.0.
      const vaultId = await createTestVault("Fee vault");
      await investIn(DEV_ACCOUNTS[1] as `0x${string}`, vaultId, usdc(1_000));
      await fundWrite(DEV_ACCOUNTS[1] as `0x${string}`, "setRollOver", [BigInt(vaultId), true]);
      await runRound(vaultId, usdc(800));
      const { connector, control } = testWalletConnector(0);
      await renderApp({ path: "/admin", account: DEV_ACCOUNTS[0], connector });
      const { card, term, fees, caps } = await feesCard("Fee vault");

      expect(term("Management fee")).toBe("0% a year");
      expect(term("Performance fee")).toBe("20% of profit above the high-water mark");
      expect(term("High-water mark")).toBe("1.0000 per share");
      expect(card.textContent).toContain(
        "This round starts at 0.8000 per share: its gains up to 1.0000 win back an earlier loss and pay no performance fee.",
      );
      expect([term("Round cap"), term("Per-investor cap")]).toEqual(["None", "None"]);

      // Refused at the edge (the contract's cap), with nothing sent; the form is used from the keyboard.
      const management = within(fees).getByLabelText("Management fee (% a year)") as HTMLInputElement;
      const performance = within(fees).getByLabelText(
        "Performance fee (% of profit above the high-water mark)",
      ) as HTMLInputElement;
      expect([management.value, performance.value]).toEqual(["0", "20"]);
      await userEvent.clear(performance);
      await userEvent.type(performance, "60{Enter}");
      expect(within(fees).getByRole("alert").textContent).toBe(fundErrorTexts.FeeAboveCap());
      expect(performance.getAttribute("aria-invalid")).toBe("true");
      expect(control.transactions).toEqual([]);

      // A cut: said before it is sent, then applied at once.
      await userEvent.clear(performance);
      await userEvent.type(performance, "10");
      expect(within(fees).getByTestId("fees-change-route").textContent).toBe(feeChangeText("atOnce"));
      await userEvent.click(within(fees).getByRole("button", { name: "Set fees" }));
      expect(await findToast(actionMessages.setFees)).toBeTruthy();
      expect((await vaultRead(vaultId)).performanceFeeBps).toBe(1_000n);
      await waitFor(() => expect(term("Performance fee")).toBe("10% of profit above the high-water mark"), {
        timeout: 10_000,
      });

      // A raise: said to wait in the timelock and to apply only to rounds locked after it; scheduled, not applied.
      await userEvent.clear(management);
      await userEvent.type(management, "0.5");
      const route = within(fees).getByTestId("fees-change-route");
      expect(route.textContent).toBe(feeChangeText("timelock"));
      expect(route.textContent).toContain("applies only to rounds locked after it");
      await userEvent.click(within(fees).getByRole("button", { name: "Set fees" }));
      expect(await findToast(/^Change scheduled: anyone can execute it from /)).toBeTruthy();
      expect(control.transactions.at(-1)?.to).toBe((inject("deployment").fundTimelock as string).toLowerCase());
      expect((await vaultRead(vaultId)).managementFeeBps).toBe(0n);

      // Caps added: at once.
      const roundCap = within(caps).getByLabelText("Round cap (mUSDC)") as HTMLInputElement;
      const investorCap = within(caps).getByLabelText("Per-investor cap (mUSDC)") as HTMLInputElement;
      expect([roundCap.value, investorCap.value]).toEqual(["", ""]);
      await userEvent.click(within(caps).getByRole("button", { name: "Set caps" }));
      expect(within(caps).getByRole("alert").textContent).toBe(capChangeText("unchanged"));
      await userEvent.type(roundCap, "100,000");
      await userEvent.type(investorCap, "5000");
      expect(within(caps).getByTestId("caps-change-route").textContent).toBe(capChangeText("atOnce"));
      await userEvent.click(within(caps).getByRole("button", { name: "Set caps" }));
      expect(await findToast(actionMessages.setCaps)).toBeTruthy();
      const capped = await vaultRead(vaultId);
      expect([capped.depositCap, capped.investorCap]).toEqual([usdc(100_000), usdc(5_000)]);
      await waitFor(() => expect(term("Per-investor cap")).toBe("5,000 mUSDC"), { timeout: 10_000 });
      expect(term("Round cap")).toBe("100,000 mUSDC");

      // Removing one waits in the timelock; the wallet's refusal is said in the form that asked, and goes on editing.
      await userEvent.clear(investorCap);
      expect(within(caps).getByTestId("caps-change-route").textContent).toBe(capChangeText("timelock"));
      control.rejectNext("eth_sendTransaction");
      // The button is disabled until the last change's refresh is over (a click then does nothing, as for a person).
      const setCaps = within(caps).getByRole("button", { name: "Set caps" }) as HTMLButtonElement;
      await waitFor(() => expect(setCaps.disabled).toBe(false), { timeout: 10_000 });
      await userEvent.click(setCaps);
      const refusal = await within(caps).findByTestId("caps-error", {}, { timeout: 15_000 });
      expect(refusal.textContent).toBe("The caps were not changed: User rejected the transaction.");
      expect(refusal.getAttribute("role")).toBe("alert");
      expect(within(fees).queryByRole("alert")).toBeNull();
      expect((await vaultRead(vaultId)).investorCap).toBe(usdc(5_000));
      await userEvent.type(investorCap, "6000");
      expect(within(caps).queryByTestId("caps-error")).toBeNull();
    });
  });
});
