import { ADMIN_ROLE } from "@fundament/sdk";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { encodeFunctionData, erc20Abi, UnsupportedProviderMethodError } from "viem";
import { afterEach, describe, expect, it } from "vitest";
import { mock } from "wagmi";
import { PROMPT_METHODS as PROMPTS, rpc, withSnapshot } from "../../../test/chain";
import {
  ADMIN,
  createTestVault,
  fundAddress,
  fundWrite,
  investIn,
  lockVault,
  positionOf,
  runRound,
  send,
  tokenAddress,
  usdc,
} from "../../../test/fund";
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

/** The invest box's one button, by its exact label. */
const investButton = (name: string) => within(investWidget()).getByRole("button", { name }) as HTMLButtonElement;
/** Waits until the invest box's one button reads `name`. */
const findInvestButton = async (name: string) =>
  (await within(investWidget()).findByRole("button", { name }, { timeout: 10_000 })) as HTMLButtonElement;
const prompts = () => recorder?.methods.filter((m) => PROMPTS.includes(m)) ?? [];
const approveFund = (owner: `0x${string}`, amount: bigint) =>
  send(
    owner,
    tokenAddress(),
    encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [fundAddress(), amount] }),
  );

describe("the invest box's one button says what stops the investment, before any wallet prompt", () => {
  it("not connected: 'Connect wallet' opens the wallet's connect modal, and nothing says 'Approve and invest'", async () => {
    recorder = recordRpcMethods();
    await renderApp({ path: "/vaults/futures-trading-vault" });
    await screen.findByRole("heading", { level: 1, name: "Crypto futures trading vault" }, { timeout: 10_000 });
    const widget = investWidget();
    // One button in the box (besides Max): it connects.
    const button = await findInvestButton("Connect wallet");
    expect(button.disabled).toBe(false);
    expect(within(widget).queryByRole("button", { name: /invest/i })).toBeNull();
    expect(within(widget).queryByRole("alert")).toBeNull();
    await userEvent.click(button);
    expect(await screen.findByRole("dialog", { name: "Connect Wallet" }, { timeout: 10_000 })).toBeTruthy();
    expect(prompts()).toEqual([]);
  });

  it("on another network: 'Switch network' switches the wallet, then the amount is asked for", async () => {
    await renderApp({ path: "/vaults/futures-trading-vault", account: DEV_ACCOUNTS[1], walletChainId: 1 });
    // The wallet layer opens its own unsupported-network view: close it and use the invest box.
    await screen.findByRole("dialog", { name: "Switch Network" }, { timeout: 10_000 });
    await userEvent.keyboard("{Escape}");
    await screen.findByRole("region", { name: "Invest" }, { timeout: 10_000 });
    await userEvent.click(await findInvestButton("Switch network"));
    expect((await findInvestButton("Enter an amount")).disabled).toBe(true);
  });

  it("not whitelisted: says so up front with the address to copy, and the button stays 'Whitelisted investors only'", async () => {
    recorder = recordRpcMethods();
    const account = DEV_ACCOUNTS[6] as `0x${string}`;
    await renderApp({ path: "/vaults/futures-trading-vault", account });
    await screen.findByRole("heading", { level: 1, name: "Crypto futures trading vault" }, { timeout: 10_000 });
    const widget = investWidget();
    // Before any amount: at the top of the box.
    const notice = await within(widget).findByTestId("whitelist-notice", {}, { timeout: 10_000 });
    expect(notice.querySelector("p")?.textContent).toBe(
      "Whitelisted investors only: ask the fund's admin to add 0x976E…0aa9.",
    );
    expect(widget.querySelector("h2")?.nextElementSibling).toBe(notice);
    expect(investButton("Whitelisted investors only").disabled).toBe(true);
    const user = userEvent.setup();
    await user.click(within(notice).getByRole("button", { name: "Copy address" }));
    expect(await navigator.clipboard.readText()).toBe(account);
    expect(within(notice).getByRole("button", { name: "Copied" })).toBeTruthy();
    // Whatever the amount, the same: no red text repeats it, no prompt.
    await user.type(within(widget).getByLabelText(/Amount/), "250");
    expect(investButton("Whitelisted investors only").disabled).toBe(true);
    expect(within(widget).queryByRole("alert")).toBeNull();
    expect(prompts()).toEqual([]);
  });

  it("tells an admin's wallet that is not whitelisted to add itself on the Admin page", async () => {
    await withSnapshot(async () => {
      const account = DEV_ACCOUNTS[6] as `0x${string}`;
      await fundWrite(ADMIN, "grantRole", [ADMIN_ROLE, account]);
      await renderApp({ path: "/vaults/futures-trading-vault", account });
      await screen.findByRole("heading", { level: 1, name: "Crypto futures trading vault" }, { timeout: 10_000 });
      const widget = investWidget();
      const notice = await within(widget).findByTestId("whitelist-notice", {}, { timeout: 10_000 });
      await waitFor(() =>
        expect(notice.querySelector("p")?.textContent).toBe(
          "Whitelisted investors only: as an admin, you can add 0x976E…0aa9 yourself. Open the Admin page and add it under Investor whitelist.",
        ),
      );
      expect(within(notice).getByRole("link", { name: "Open the Admin page" }).getAttribute("href")).toBe("/admin");
      expect(within(notice).getByRole("button", { name: "Copy address" })).toBeTruthy();
      expect(investButton("Whitelisted investors only").disabled).toBe(true);
    });
  });

  it("asks for an amount, then says below the minimum (the vault's own, with its round and the balance)", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Minimum vault", { minimum: usdc(250) });
      recorder = recordRpcMethods();
      await renderApp({ path: `/vaults/${vaultId}`, account: DEV_ACCOUNTS[1] });
      await screen.findByRole("heading", { level: 1, name: "Minimum vault" }, { timeout: 10_000 });
      const widget = investWidget();
      await within(widget).findByText("250 mUSDC", {}, { timeout: 10_000 });
      expect(within(widget).getByText("Round 1, open")).toBeTruthy();
      await within(widget).findByText(/^Balance: [\d,.]+ mUSDC$/, {}, { timeout: 10_000 });
      expect(investButton("Enter an amount").disabled).toBe(true);
      expect(within(widget).queryByRole("alert")).toBeNull();
      await userEvent.type(within(widget).getByLabelText(/Amount/), "249.5");
      expect(investButton("Below minimum (250 mUSDC)").disabled).toBe(true);
      // The detailed text below the field agrees with the button.
      expect(within(widget).getByRole("alert").textContent).toBe("The minimum investment is 250 mUSDC.");
      expect(
        within(widget)
          .getByLabelText(/Amount/)
          .getAttribute("aria-invalid"),
      ).toBe("true");
      expect(prompts()).toEqual([]);
    });
  });

  it("says an amount above the room the vault's caps leave in this round", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Capped vault");
      await fundWrite(ADMIN, "setCaps", [BigInt(vaultId), 0n, usdc(500)]);
      recorder = recordRpcMethods();
      await renderApp({ path: `/vaults/${vaultId}`, account: DEV_ACCOUNTS[1] });
      await screen.findByRole("heading", { level: 1, name: "Capped vault" }, { timeout: 10_000 });
      await userEvent.type(within(investWidget()).getByLabelText(/Amount/), "600");
      expect((await findInvestButton("Above the room in this round")).disabled).toBe(true);
      // The refusal is written with the token's symbol once the token is read (never "at most 500." without it).
      await waitFor(() =>
        expect(within(investWidget()).getByRole("alert").textContent).toBe(
          "This vault caps each investor's funds in a round: you can add at most 500 mUSDC.",
        ),
      );
      expect(prompts()).toEqual([]);
    });
  });

  it("says an amount above the balance", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Balance vault");
      recorder = recordRpcMethods();
      await renderApp({ path: `/vaults/${vaultId}`, account: DEV_ACCOUNTS[1] });
      await screen.findByRole("heading", { level: 1, name: "Balance vault" }, { timeout: 10_000 });
      const widget = investWidget();
      await within(widget).findByText(/^Balance: [\d,.]+ mUSDC$/, {}, { timeout: 10_000 });
      await userEvent.type(within(widget).getByLabelText(/Amount/), "100,000,000");
      expect(investButton("Insufficient mUSDC balance").disabled).toBe(true);
      expect(within(widget).getByRole("alert").textContent).toBe("Your token balance is too low for that amount.");
      expect(prompts()).toEqual([]);
    });
  });

  it("says 'Invest' when the allowance covers the amount, and invests in that one transaction", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Allowance vault");
      const investor = DEV_ACCOUNTS[3] as `0x${string}`;
      await approveFund(investor, usdc(500));
      await renderApp({ path: `/vaults/${vaultId}`, account: investor });
      await screen.findByRole("heading", { level: 1, name: "Allowance vault" }, { timeout: 10_000 });
      const widget = investWidget();
      await waitFor(
        () => expect(within(widget).getByText("Allowance").nextElementSibling?.textContent).toBe("500 mUSDC"),
        { timeout: 10_000 },
      );
      await userEvent.type(within(widget).getByLabelText(/Amount/), "300");
      const button = await findInvestButton("Invest");
      expect(within(widget).queryByRole("alert")).toBeNull();
      // The steps agree: no approval.
      const steps = within(widget).getByRole("list", { name: "Investment steps" });
      expect(steps.textContent).toContain("Step 1: Approve — not needed, allowance covers it");
      // More than the allowance: the approval's path again.
      await userEvent.type(within(widget).getByLabelText(/Amount/), "0");
      expect(within(widget).queryByRole("button", { name: "Invest" })).toBeNull();
      expect(investButton("Sign the permit and invest").disabled).toBe(false);
      await userEvent.type(within(widget).getByLabelText(/Amount/), "{Backspace}");
      await userEvent.click(button);
      const result = await within(widget).findByTestId("invest-result", {}, { timeout: 20_000 });
      expect(result.firstChild?.textContent).toBe("Investment confirmed.");
      expect(within(widget).getByTestId("invest-path").textContent).toBe(
        "Invested in one transaction: your allowance already covered the amount.",
      );
      expect(steps.textContent).toContain("Step 2: Invest — done");
      expect((await positionOf(investor, vaultId)).principal).toBe(usdc(300));
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

  it("during an emergency says when deposits reopen, with no live button (the layout's banner says why)", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Emergency vault");
      await fundWrite(ADMIN, "setEmergencyState", [true]);
      const { unmount } = await renderApp({ path: `/vaults/${vaultId}`, account: DEV_ACCOUNTS[1] });
      await screen.findByRole("heading", { level: 1, name: "Emergency vault" }, { timeout: 10_000 });
      const notice = await within(investWidget()).findByTestId("deposits-closed", {}, { timeout: 10_000 });
      expect(notice.textContent).toBe(
        "No deposits now.Deposits reopen when the fund's admin ends the emergency state.",
      );
      expect(within(investWidget()).queryAllByRole("button")).toEqual([]);
      unmount();
    });
  });

  it("shows the unwithdrawn-payout rule before any amount, with links to where to withdraw, and no prompt", async () => {
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
      // The button says the same, and does nothing.
      expect(investButton("Withdraw your payout first").disabled).toBe(true);
      expect(prompts()).toEqual([]);
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
      // The app cannot know yet that this wallet refuses typed data: the button offers the permit it will ask for.
      await userEvent.click(await findInvestButton("Sign the permit and invest"));
      await within(widget).findByText("Investment confirmed.", {}, { timeout: 20_000 });
      // The steps are those of the path taken (the permit refused: the two steps), and "confirmed" once mined.
      const steps = within(widget).getByRole("list", { name: "Investment steps" });
      expect(steps.textContent).toContain("Step 1: Approve — done");
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
      // The wallet's refusal is remembered: the next investment's button names the two steps it will take.
      await userEvent.type(within(widget).getByLabelText(/Amount/), "200");
      expect((await findInvestButton("Approve and invest")).disabled).toBe(false);
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
        await userEvent.click(await findInvestButton("Sign the permit and invest"));
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
      await userEvent.type(within(widget).getByLabelText(/Amount/), "150");
      const button = await findInvestButton("Sign the permit and invest");
      // The round locks behind the page's back: the contract refuses, after the checks the page could make.
      await investIn(DEV_ACCOUNTS[3] as `0x${string}`, vaultId, usdc(1_000));
      await lockVault(vaultId);
      await userEvent.click(button);
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
