import { batchMessages, permitMessages } from "@fundament/sdk";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toFunctionSelector } from "viem";
import { describe, expect, it } from "vitest";
import { rpc, withSnapshot } from "../../../test/chain";
import { createTestVault, positionOf, usdc } from "../../../test/fund";
import { DEV_ACCOUNTS, renderApp } from "../../../test/render";
import { testWalletConnector } from "../../../test/testWallet";
import { investKeys } from "./invest.queries";

// The widget takes the best path the wallet supports (the wallet package's test wallet, batching and typed data on or
// off), against the test anvil.
const INVEST = toFunctionSelector("invest(uint256,uint256)");
const INVEST_WITH_PERMIT = toFunctionSelector("investWithPermit(uint256,uint256,uint256,uint8,bytes32,bytes32)");
const APPROVE = "0x095ea7b3";
const PROMPTS = ["eth_sendTransaction", "eth_signTypedData_v4", "wallet_sendCalls"];
const INVESTOR = 2;
const investWidget = () => screen.getByRole("region", { name: "Invest" });
const stepsText = () => within(investWidget()).getByRole("list", { name: "Investment steps" }).textContent;

async function openVault(name: string, options: { batching?: boolean; typedData?: boolean }) {
  const vaultId = await createTestVault(name);
  const { connector, control } = testWalletConnector(INVESTOR, options);
  const view = await renderApp({ path: `/vaults/${vaultId}`, account: DEV_ACCOUNTS[INVESTOR], connector });
  await screen.findByRole("heading", { level: 1, name }, { timeout: 10_000 });
  await within(investWidget()).findByText("100 mUSDC", {}, { timeout: 10_000 });
  control.requests.length = 0;
  return { vaultId, control, ...view };
}

/** Types `amount` and presses the invest box's button, which names the path the wallet will take (`label`). */
const invest = async (amount: string, label: string) => {
  const widget = investWidget();
  await userEvent.type(within(widget).getByLabelText(/Amount/), amount);
  await userEvent.click(await within(widget).findByRole("button", { name: label }, { timeout: 10_000 }));
};
const BATCH = "Approve and invest in one confirmation";
const PERMIT = "Sign the permit and invest";
const TWO_STEPS = "Approve and invest";

describe("the investment path the widget takes", () => {
  it("batches approve + invest in one confirmation, shows the status until both are mined, and names the path", async () => {
    await withSnapshot(async () => {
      const { vaultId, control, unmount } = await openVault("Batch vault", { batching: true });
      await waitFor(() => expect(stepsText()).toContain("Step 1: Approve + invest, in one confirmation"), {
        timeout: 10_000,
      });
      await rpc("evm_setAutomine", [false]);
      try {
        await invest("1,200", BATCH);
        const status = () => within(investWidget()).queryByTestId("invest-status")?.firstChild?.textContent;
        await waitFor(() => expect(status()).toBe("Waiting for both calls (approve and invest) to be mined…"), {
          timeout: 10_000,
        });
        // The wallet sends the approval once the batch is asked for; mine only once it is in the pool (a block
        // mined before would be empty, and the investment would wait for ever).
        await waitFor(() => expect(control.transactions[0]?.hash).toMatch(/^0x/), { timeout: 10_000 });
        await rpc("evm_mine"); // the approval
        await waitFor(() => expect(control.transactions).toHaveLength(2), { timeout: 20_000 });
        expect(status()).toBe("Waiting for both calls (approve and invest) to be mined…");
        await rpc("evm_mine"); // the investment
        await within(investWidget()).findByText("Investment confirmed.", {}, { timeout: 20_000 });
      } finally {
        await rpc("evm_setAutomine", [true]);
      }
      expect(within(investWidget()).getByTestId("invest-path").textContent).toBe(
        "Invested in one confirmation (batched approve + invest).",
      );
      expect(stepsText()).toContain("Step 1: Approve + invest, in one confirmation — done");
      expect(control.requests.filter((m) => PROMPTS.includes(m))).toEqual(["wallet_sendCalls"]);
      expect(control.transactions.map((t) => t.data.slice(0, 10))).toEqual([APPROVE, INVEST]);
      expect((await positionOf(DEV_ACCOUNTS[INVESTOR] as `0x${string}`, vaultId)).principal).toBe(usdc(1_200));
      unmount();
    });
  });

  it("invests with a permit: one signature, one transaction, no approval transaction, and says so", async () => {
    await withSnapshot(async () => {
      const { vaultId, control, unmount } = await openVault("Permit vault", { typedData: true });
      await waitFor(() => expect(stepsText()).toContain("Step 1: Sign the permit"), { timeout: 10_000 });
      await invest("800", PERMIT);
      await within(investWidget()).findByText("Investment confirmed.", {}, { timeout: 20_000 });
      expect(within(investWidget()).getByTestId("invest-path").textContent).toBe(
        "Invested with a signature (permit) and one transaction.",
      );
      expect(stepsText()).toContain("Step 1: Sign the permit — done");
      expect(stepsText()).toContain("Step 2: Invest — done");
      expect(control.requests.filter((m) => PROMPTS.includes(m))).toEqual([
        "eth_signTypedData_v4",
        "eth_sendTransaction",
      ]);
      expect(control.transactions.map((t) => t.data.slice(0, 10))).toEqual([INVEST_WITH_PERMIT]);
      expect((await positionOf(DEV_ACCOUNTS[INVESTOR] as `0x${string}`, vaultId)).principal).toBe(usdc(800));
      unmount();
    });
  });

  it("falls back to the two steps when the wallet cannot sign typed data, says why, and remembers it", async () => {
    await withSnapshot(async () => {
      const { vaultId, control, unmount } = await openVault("Fallback vault", { typedData: false });
      // The app cannot know yet that this wallet refuses typed data: it offers the permit path first. Wait until the
      // widget has read the token's permit support, or a click under load would take the two steps at once.
      await waitFor(() => expect(stepsText()).toContain("Step 1: Sign the permit"), { timeout: 10_000 });
      await invest("300", PERMIT);
      await within(investWidget()).findByText("Investment confirmed.", {}, { timeout: 20_000 });
      expect(within(investWidget()).getByTestId("invest-fallback").textContent).toBe(permitMessages.walletCannotSign);
      expect(within(investWidget()).getByTestId("invest-path").textContent).toBe(
        "Invested in two steps: an approval, then the investment.",
      );
      expect(stepsText()).toContain("Step 1: Approve — done");
      expect(control.transactions.map((t) => t.data.slice(0, 10))).toEqual([APPROVE, INVEST]);
      // The next investment goes straight to the two steps: no second signature request.
      await waitFor(() => expect(stepsText()).toContain("Step 1: Approve"), { timeout: 10_000 });
      // The widget clears the amount once the result is in and the reads are refreshed.
      await waitFor(
        () => expect((within(investWidget()).getByLabelText(/Amount/) as HTMLInputElement).value).toBe(""),
        {
          timeout: 10_000,
        },
      );
      control.requests.length = 0;
      await invest("200", TWO_STEPS);
      await waitFor(
        () =>
          expect(within(investWidget()).getByTestId("invest-path").textContent).toBe(
            "Invested in two steps: an approval, then the investment.",
          ),
        { timeout: 20_000 },
      );
      expect(control.requests.filter((m) => PROMPTS.includes(m))).toEqual([
        "eth_sendTransaction",
        "eth_sendTransaction",
      ]);
      expect(within(investWidget()).queryByTestId("invest-fallback")).toBeNull();
      expect((await positionOf(DEV_ACCOUNTS[INVESTOR] as `0x${string}`, vaultId)).principal).toBe(usdc(500));
      unmount();
    });
  });

  it("falls back from a batch the wallet turns out not to send to the permit, with a clear text", async () => {
    await withSnapshot(async () => {
      const { vaultId, control, unmount, queryClient } = await openVault("Batch fallback vault", { batching: true });
      await waitFor(() => expect(stepsText()).toContain("Approve + invest, in one confirmation"), { timeout: 10_000 });
      // The fallback goes to the permit once the token's permit support is known (read beside the capabilities; on a
      // loaded machine it can come later than they do).
      await waitFor(
        () =>
          expect(
            queryClient.getQueriesData({ queryKey: investKeys.permit(undefined).slice(0, 2) }).map(([, d]) => d),
          ).toContain(true),
        { timeout: 10_000 },
      );
      control.setBatching(false); // the capabilities said yes; wallet_sendCalls now answers 4200
      await invest("400", BATCH);
      await within(investWidget()).findByText("Investment confirmed.", {}, { timeout: 20_000 });
      expect(within(investWidget()).getByTestId("invest-fallback").textContent).toBe(batchMessages.unsupported);
      expect(within(investWidget()).getByTestId("invest-path").textContent).toBe(
        "Invested with a signature (permit) and one transaction.",
      );
      expect(control.transactions.map((t) => t.data.slice(0, 10))).toEqual([INVEST_WITH_PERMIT]);
      expect((await positionOf(DEV_ACCOUNTS[INVESTOR] as `0x${string}`, vaultId)).principal).toBe(usdc(400));
      unmount();
    });
  });

  it("does not fall back after a rejection: a refused signature is the spec's text and nothing is sent", async () => {
    await withSnapshot(async () => {
      const { control, unmount } = await openVault("Rejected permit vault", { typedData: true });
      await waitFor(() => expect(stepsText()).toContain("Step 1: Sign the permit"), { timeout: 10_000 });
      control.rejectNext("eth_signTypedData_v4");
      await invest("300", PERMIT);
      const failure = await within(investWidget()).findByTestId("invest-failure", {}, { timeout: 20_000 });
      expect(failure.textContent).toBe("User rejected the transaction.");
      expect(within(investWidget()).queryByTestId("invest-fallback")).toBeNull();
      expect(stepsText()).toContain("Step 1: Sign the permit — failed");
      expect(control.transactions).toEqual([]);
      unmount();
    });
  });

  it("tells the person when a batch's approval was mined but its investment failed", async () => {
    await withSnapshot(async () => {
      const { vaultId, control, unmount } = await openVault("Half batch vault", { batching: true });
      await waitFor(() => expect(stepsText()).toContain("Approve + invest, in one confirmation"), { timeout: 10_000 });
      control.starveGasNext(INVEST);
      await invest("600", BATCH);
      const failure = await within(investWidget()).findByTestId("invest-failure", {}, { timeout: 20_000 });
      expect(failure.textContent).toBe(batchMessages.approvedNotInvested("600 mUSDC"));
      // The allowance shown is the new one: the approval went through.
      await waitFor(
        () =>
          expect(
            within(investWidget()).getByText("Allowance", { selector: "dt" }).nextElementSibling?.textContent,
          ).toBe("600 mUSDC"),
        { timeout: 10_000 },
      );
      expect((await positionOf(DEV_ACCOUNTS[INVESTOR] as `0x${string}`, vaultId)).principal).toBe(0n);
      unmount();
    });
  });
});
