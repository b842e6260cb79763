import { ADMIN_ROLE } from "@fundament/sdk";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { UnsupportedProviderMethodError } from "viem";
import { afterEach, describe, expect, it } from "vitest";
import { mock } from "wagmi";
import { PROMPT_METHODS as PROMPTS, rpc, withSnapshot } from "../../../test/chain";
import { ADMIN, createTestVault, fundWrite, investIn, lockVault, positionOf, runRound, usdc } from "../../../test/fund";
import { DEV_ACCOUNTS, recordRpcMethods, renderApp } from "../../../test/render";

/** wagmi's mock wallet on `account`, one that cannot sign typed data (4200): it can do nothing better than two steps. */
const twoStepWallet = (account: `0x${string}`) =>
  mock({
    accounts: [account],
    features: { signTypedDataError: new UnsupportedProviderMethodError(new Error("eth_signTypedData_v4")) },
  });

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

  it("tells an admin's wallet that is not whitelisted to whitelist itself on the Admin page", async () => {
    await withSnapshot(async () => {
      const account = DEV_ACCOUNTS[6] as `0x${string}`;
      await fundWrite(ADMIN, "grantRole", [ADMIN_ROLE, account]);
      await renderApp({ path: "/vaults/futures-trading-vault", account });
      await screen.findByRole("heading", { level: 1, name: "Crypto futures trading vault" }, { timeout: 10_000 });
      const widget = investWidget();
      await within(widget).findByText(
        "This wallet is not whitelisted to invest. As an admin, you can whitelist it yourself on the Admin page.",
        {},
        { timeout: 10_000 },
      );
      expect(within(widget).getByRole("link", { name: "Open the Admin page" }).getAttribute("href")).toBe("/admin");
      expect(within(widget).queryByText(/Ask the fund's admin/)).toBeNull();
    });
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

  it("says why a locked vault takes no deposits and when it will (its unlock date, chain clock), with no live button", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Locked vault");
      await investIn(DEV_ACCOUNTS[3] as `0x${string}`, vaultId, usdc(1_000));
      await lockVault(vaultId);
      recorder = recordRpcMethods();
      const { unmount } = await renderApp({ path: `/vaults/${vaultId}`, account: DEV_ACCOUNTS[1] });
      await screen.findByRole("heading", { level: 1, name: "Locked vault" }, { timeout: 10_000 });
      const widget = investWidget();
      const notice = within(widget).getByTestId("deposits-closed");
      expect(notice.textContent).toContain(
        "No deposits now. This vault's pool is locked until its lockup period ends: its funds are with the traders.",
      );
      expect(notice.textContent).toMatch(
        /Round 1 unlocks on [A-Z][a-z]{2} \d{1,2}, \d{4}\. Deposits open in round 2 once round 1 is settled after that date\./,
      );
      // The countdown runs on the chain's clock: the lockup is 7 days from the lock.
      await within(notice).findByText(/^\((6d 23h|7d 0h) left on the chain's clock\)$/, {}, { timeout: 10_000 });
      expect(within(widget).getByText("Round 1, locked")).toBeTruthy();
      expect(within(widget).queryAllByRole("button")).toEqual([]);
      expect(within(widget).queryByLabelText(/Amount/)).toBeNull();
      expect(recorder.methods.filter((m) => PROMPTS.includes(m))).toEqual([]);
      unmount();
    });
  });

  it("says deposits are paused during an emergency and until when, with no live button", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Emergency vault");
      await fundWrite(ADMIN, "setEmergencyState", [true]);
      const { unmount } = await renderApp({ path: `/vaults/${vaultId}`, account: DEV_ACCOUNTS[1] });
      await screen.findByRole("heading", { level: 1, name: "Emergency vault" }, { timeout: 10_000 });
      const notice = await within(investWidget()).findByTestId("deposits-closed", {}, { timeout: 10_000 });
      expect(notice.textContent).toBe(
        "No deposits now. The fund is in an emergency state: deposits and lockups are paused.Deposits reopen when the fund's admin ends the emergency state.",
      );
      expect(within(investWidget()).queryAllByRole("button")).toEqual([]);
      unmount();
    });
  });

  it("shows the unwithdrawn-payout rule before submit, with links to where to withdraw, and no prompt", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Payout vault");
      const investor = DEV_ACCOUNTS[4] as `0x${string}`;
      await investIn(investor, vaultId, usdc(1_000));
      await runRound(vaultId, usdc(1_100));
      recorder = recordRpcMethods();
      const { unmount } = await renderApp({ path: `/vaults/${vaultId}`, account: investor });
      await screen.findByRole("heading", { level: 1, name: "Payout vault" }, { timeout: 10_000 });
      const widget = investWidget();
      // Shown at once, before any amount or submit.
      const alert = await within(widget).findByRole("alert", {}, { timeout: 10_000 });
      await waitFor(() =>
        expect(alert.textContent).toMatch(/^Withdraw your payout of 1,0\d\d(\.\d+)? mUSDC from round 1 first/),
      );
      expect(within(widget).getByRole("link", { name: "Withdraw it under Your position" }).getAttribute("href")).toBe(
        "#position-title",
      );
      expect(document.getElementById("position-title")?.textContent).toBe("Your position");
      expect(within(widget).getByRole("link", { name: "Portfolio" }).getAttribute("href")).toBe("/portfolio");
      await userEvent.type(within(widget).getByLabelText(/Amount/), "250");
      await userEvent.click(within(widget).getByRole("button", { name: /^(Approve and invest|Invest)$/ }));
      // Not the amount's problem: focus lands on the error text.
      expect(document.activeElement).toBe(within(widget).getByRole("alert"));
      expect(recorder.methods.filter((m) => PROMPTS.includes(m))).toEqual([]);
      unmount();
    });
  });
});

// A wallet that can do nothing better (no EIP-5792, no typed data): the spec's two steps, after the refused permit.
// The permit and batch paths and the fallbacks are in InvestPaths.test.tsx.
describe("the two-step investment", () => {
  it("approves, invests in this vault, shows both steps done and the transaction, and refreshes TVL and position", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Invest vault");
      const investor = DEV_ACCOUNTS[2] as `0x${string}`;
      const { walletCore } = await renderApp({
        path: `/vaults/${vaultId}`,
        account: investor,
        connector: twoStepWallet(investor),
      });
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
      expect(within(widget).getByTestId("tx-hash").getAttribute("data-hash")).toMatch(/^0x[0-9a-f]{64}$/);
      await waitFor(() => expect(screen.getByTestId("vault-tvl").textContent).toBe("$1,500.00"), { timeout: 10_000 });
      await waitFor(() => expect(screen.getByTestId("position-value").textContent).toBe("1,500 mUSDC"), {
        timeout: 10_000,
      });
      const position = await positionOf(investor, vaultId);
      expect(position.principal).toBe(usdc(1_500));
      // After the success, focus lands on the result.
      expect(document.activeElement).toBe(within(widget).getByTestId("invest-result"));
      // The mined investment went to the wallet layer's event bus (the operator's analytics): vault and path only.
      const invested = walletCore()
        .bus.history()
        .filter((e) => e.event === "INVEST_SUCCESS");
      expect(invested.map((e) => e.properties)).toEqual([{ vaultId, path: "twoStep" }]);
    });
  });

  it("follows the real state in its status text and reads the allowance again once the approval is mined", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Steps vault");
      const investor = DEV_ACCOUNTS[5] as `0x${string}`;
      await investIn(investor, vaultId, usdc(100)); // whitelisted, with tokens; allowance used up
      const { unmount } = await renderApp({
        path: `/vaults/${vaultId}`,
        account: investor,
        connector: twoStepWallet(investor),
      });
      await screen.findByRole("heading", { level: 1, name: "Steps vault" }, { timeout: 10_000 });
      const widget = investWidget();
      const allowance = () => within(widget).getByText("Allowance", { selector: "dt" }).nextElementSibling?.textContent;
      await waitFor(() => expect(allowance()).toBe("0 mUSDC"), { timeout: 10_000 });
      const texts: string[] = [];
      const observer = new MutationObserver(() => {
        const text = widget.querySelector('[data-testid="invest-status"]')?.firstChild?.textContent ?? null;
        if (text && texts.at(-1) !== text) texts.push(text);
      });
      observer.observe(widget, { subtree: true, childList: true, characterData: true });
      // Transactions wait in the mempool until the test mines them.
      await rpc("evm_setAutomine", [false]);
      try {
        await userEvent.type(within(widget).getByLabelText(/Amount/), "150");
        await userEvent.click(within(widget).getByRole("button", { name: "Approve and invest" }));
        const status = () => within(widget).queryByTestId("invest-status")?.firstChild?.textContent;
        await waitFor(() => expect(status()).toBe("Waiting for the approval to be mined"), { timeout: 10_000 });
        expect(within(widget).getByRole("list", { name: "Investment steps" }).textContent).toContain(
          "Step 1: Approve — waiting for the approval to be mined",
        );
        await rpc("evm_mine");
        await waitFor(() => expect(status()).toBe("Waiting for the investment to be mined"), { timeout: 10_000 });
        // The approval is mined: the allowance shown is the new one, before the investment is.
        await waitFor(() => expect(allowance()).toBe("150 mUSDC"), { timeout: 10_000 });
        expect(within(widget).getByRole("list", { name: "Investment steps" }).textContent).toContain(
          "Step 2: Invest — waiting for the investment to be mined",
        );
        await rpc("evm_mine");
        await within(widget).findByTestId("invest-result", {}, { timeout: 20_000 });
      } finally {
        await rpc("evm_setAutomine", [true]);
        observer.disconnect();
      }
      // The permit is asked for first and refused at once (its status may not even be drawn): then the two steps.
      const twoSteps = texts.filter((t) => !t.startsWith("Sign the permit"));
      expect(twoSteps.filter((t, i, all) => t !== all[i - 1])).toEqual([
        "Checking the investment before your wallet asks…",
        "Confirm the approval in your wallet",
        "Waiting for the approval to be mined",
        "Confirm the investment in your wallet",
        "Waiting for the investment to be mined",
      ]);
      unmount();
    });
  });

  it("puts focus on the error text after a failure, and clears it when the account changes", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Error vault");
      const investor = DEV_ACCOUNTS[2] as `0x${string}`;
      const { wagmiConfig, unmount } = await renderApp({ path: `/vaults/${vaultId}`, account: investor });
      await screen.findByRole("heading", { level: 1, name: "Error vault" }, { timeout: 10_000 });
      const widget = investWidget();
      await within(widget).findByText("100 mUSDC", {}, { timeout: 10_000 });
      // The round locks behind the page's back: the contract refuses, after the checks the page could make.
      await investIn(DEV_ACCOUNTS[3] as `0x${string}`, vaultId, usdc(1_000));
      await lockVault(vaultId);
      await userEvent.type(within(widget).getByLabelText(/Amount/), "150");
      await userEvent.click(within(widget).getByRole("button", { name: /^(Approve and invest|Invest)$/ }));
      const failure = await within(widget).findByTestId("invest-failure", {}, { timeout: 20_000 });
      expect(failure.textContent).toBe(
        "This vault's pool is locked until its lockup period ends: its funds are with the traders.",
      );
      expect(document.activeElement).toBe(failure);
      // The wallet switches to another account: the last account's error no longer applies.
      const connector = wagmiConfig.connectors.find((c) => c.type === "mock");
      await act(async () => connector?.emitter.emit("change", { accounts: [DEV_ACCOUNTS[1] as `0x${string}`] }));
      await waitFor(() => expect(within(widget).queryByTestId("invest-failure")).toBeNull());
      unmount();
    });
  });
});
