import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { PROMPT_METHODS as PROMPTS, withSnapshot } from "../../../test/chain";
import { createTestVault, investIn, lockVault, positionOf, usdc } from "../../../test/fund";
import { DEV_ACCOUNTS, recordRpcMethods, renderApp } from "../../../test/render";

let recorder: ReturnType<typeof recordRpcMethods> | undefined;
afterEach(() => recorder?.restore());

const investWidget = () => screen.getByRole("region", { name: "Invest" });

describe("the invest widget shows errors before any wallet prompt", () => {
  it("asks for a wallet when none is connected, and offers to connect", async () => {
    recorder = recordRpcMethods();
    await renderApp({ path: "/vaults/futures-trading-vault" });
    await screen.findByRole("heading", { level: 1, name: "Crypto futures trading vault" }, { timeout: 10_000 });
    const widget = investWidget();
    expect(within(widget).getByRole("alert").textContent).toBe("Connect a wallet first.");
    expect(within(widget).getByRole("button", { name: "Connect Wallet" })).toBeTruthy();
    await userEvent.click(within(widget).getByRole("button", { name: "Approve and invest" }));
    expect(within(widget).getByRole("alert").textContent).toBe("Connect a wallet first.");
    expect(recorder.methods.filter((m) => PROMPTS.includes(m))).toEqual([]);
  });

  it("tells a wallet that is not whitelisted, whatever the amount", async () => {
    recorder = recordRpcMethods();
    await renderApp({ path: "/vaults/futures-trading-vault", account: DEV_ACCOUNTS[6] });
    await screen.findByRole("heading", { level: 1, name: "Crypto futures trading vault" }, { timeout: 10_000 });
    const widget = investWidget();
    await within(widget).findByText(
      "This wallet is not whitelisted to invest. Ask the fund's admin to whitelist it.",
      {},
      { timeout: 10_000 },
    );
    await userEvent.type(within(widget).getByLabelText(/Amount/), "250");
    await userEvent.click(within(widget).getByRole("button", { name: "Approve and invest" }));
    expect(within(widget).getByRole("alert").textContent).toBe(
      "This wallet is not whitelisted to invest. Ask the fund's admin to whitelist it.",
    );
    expect(recorder.methods.filter((m) => PROMPTS.includes(m))).toEqual([]);
  });

  it("shows the vault's own minimum investment, its round, the balance and an amount below the minimum", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Minimum vault", { minimum: usdc(250) });
      recorder = recordRpcMethods();
      await renderApp({ path: `/vaults/${vaultId}`, account: DEV_ACCOUNTS[1] });
      await screen.findByRole("heading", { level: 1, name: "Minimum vault" }, { timeout: 10_000 });
      const widget = investWidget();
      await within(widget).findByText("250 mUSDC", {}, { timeout: 10_000 });
      expect(within(widget).getByText("Round 1, open")).toBeTruthy();
      await within(widget).findByText(/^Balance: [\d,.]+ mUSDC$/, {}, { timeout: 10_000 });
      await userEvent.click(within(widget).getByRole("button", { name: "Approve and invest" }));
      expect(within(widget).getByRole("alert").textContent).toBe("Enter an amount to invest.");
      await userEvent.type(within(widget).getByLabelText(/Amount/), "249.5");
      expect(within(widget).getByRole("alert").textContent).toBe("The minimum investment is 250 mUSDC.");
      await userEvent.click(within(widget).getByRole("button", { name: "Approve and invest" }));
      expect(recorder.methods.filter((m) => PROMPTS.includes(m))).toEqual([]);
    });
  });

  it("says a locked vault's round takes no deposits", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Locked vault");
      await investIn(DEV_ACCOUNTS[3] as `0x${string}`, vaultId, usdc(1_000));
      await lockVault(vaultId);
      await renderApp({ path: `/vaults/${vaultId}`, account: DEV_ACCOUNTS[1] });
      await screen.findByRole("heading", { level: 1, name: "Locked vault" }, { timeout: 10_000 });
      expect(within(investWidget()).getByRole("alert").textContent).toBe(
        "This vault's pool is locked until its lockup period ends: its funds are with the traders.",
      );
      expect(within(investWidget()).getByText("Round 1, locked")).toBeTruthy();
    });
  });
});

describe("the two-step investment", () => {
  it("approves, invests in this vault, shows both steps done and the transaction, and refreshes TVL and position", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Invest vault");
      const investor = DEV_ACCOUNTS[2] as `0x${string}`;
      await renderApp({ path: `/vaults/${vaultId}`, account: investor });
      await screen.findByRole("heading", { level: 1, name: "Invest vault" }, { timeout: 10_000 });
      expect((await screen.findByTestId("vault-tvl")).textContent).toBe("$0.00");
      const widget = investWidget();
      await within(widget).findByText("100 mUSDC", {}, { timeout: 10_000 });
      await userEvent.type(within(widget).getByLabelText(/Amount/), "1,500");
      await userEvent.click(within(widget).getByRole("button", { name: /^(Approve and invest|Invest)$/ }));
      await within(widget).findByText("Investment transaction submitted successfully!", {}, { timeout: 20_000 });
      const steps = within(widget).getByRole("list", { name: "Investment steps" });
      expect(steps.textContent).toMatch(/Step 1: Approve — (done|not needed, allowance covers it)/);
      expect(steps.textContent).toContain("Step 2: Invest — done");
      expect(within(widget).getByTestId("tx-hash").textContent).toMatch(/^0x[0-9a-f]{64}$/);
      await waitFor(() => expect(screen.getByTestId("vault-tvl").textContent).toBe("$1,500.00"), { timeout: 10_000 });
      await waitFor(() => expect(screen.getByTestId("position-value").textContent).toBe("1,500 mUSDC"), {
        timeout: 10_000,
      });
      const position = await positionOf(investor, vaultId);
      expect(position.principal).toBe(usdc(1_500));
    });
  });
});
