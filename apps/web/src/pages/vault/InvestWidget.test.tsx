import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { PROMPT_METHODS as PROMPTS, withSnapshot } from "../../../test/chain";
import { DEV_ACCOUNTS, recordRpcMethods, renderApp } from "../../../test/render";

let recorder: ReturnType<typeof recordRpcMethods> | undefined;
afterEach(() => recorder?.restore());

const investWidget = () => screen.getByRole("region", { name: "Invest" });

describe("the invest widget shows errors before any wallet prompt", () => {
  it("asks for a wallet when none is connected, and offers to connect", async () => {
    recorder = recordRpcMethods();
    await renderApp({ path: "/vaults/nft-vault" });
    await screen.findByRole("heading", { level: 1, name: "NFT lending vault" }, { timeout: 10_000 });
    const widget = investWidget();
    expect(within(widget).getByRole("alert").textContent).toBe("Connect a wallet first.");
    expect(within(widget).getByRole("button", { name: "Connect Wallet" })).toBeTruthy();
    await userEvent.click(within(widget).getByRole("button", { name: "Approve and invest" }));
    expect(within(widget).getByRole("alert").textContent).toBe("Connect a wallet first.");
    expect(recorder.methods.filter((m) => PROMPTS.includes(m))).toEqual([]);
  });

  it("tells a wallet that is not whitelisted, whatever the amount", async () => {
    recorder = recordRpcMethods();
    await renderApp({ path: "/vaults/nft-vault", account: DEV_ACCOUNTS[6] });
    await screen.findByRole("heading", { level: 1, name: "NFT lending vault" }, { timeout: 10_000 });
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

  it("shows the minimum investment, the balance and an amount below the minimum", async () => {
    recorder = recordRpcMethods();
    await renderApp({ path: "/vaults/nft-vault", account: DEV_ACCOUNTS[1] });
    await screen.findByRole("heading", { level: 1, name: "NFT lending vault" }, { timeout: 10_000 });
    const widget = investWidget();
    await within(widget).findByText("100 mUSDC", {}, { timeout: 10_000 });
    await within(widget).findByText(/^Balance: [\d,.]+ mUSDC$/, {}, { timeout: 10_000 });
    await userEvent.click(within(widget).getByRole("button", { name: "Approve and invest" }));
    expect(within(widget).getByRole("alert").textContent).toBe("Enter an amount to invest.");
    await userEvent.type(within(widget).getByLabelText(/Amount/), "99.5");
    expect(within(widget).getByRole("alert").textContent).toBe("The minimum investment is 100 mUSDC.");
    await userEvent.click(within(widget).getByRole("button", { name: "Approve and invest" }));
    expect(recorder.methods.filter((m) => PROMPTS.includes(m))).toEqual([]);
  });

  it("says a settled vault's pool takes no deposits", async () => {
    await renderApp({ path: "/vaults/futures-trading-vault", account: DEV_ACCOUNTS[1] });
    await screen.findByRole("heading", { level: 1, name: "Crypto futures trading vault" }, { timeout: 10_000 });
    expect(within(investWidget()).getByRole("alert").textContent).toBe(
      "This vault's pool is not open for deposits now.",
    );
  });
});

describe("the two-step investment", () => {
  it("approves, invests, shows both steps done and the transaction, and refreshes TVL and position", async () => {
    await withSnapshot(async () => {
      await renderApp({ path: "/vaults/nft-vault", account: DEV_ACCOUNTS[2] });
      await screen.findByRole("heading", { level: 1, name: "NFT lending vault" }, { timeout: 10_000 });
      const tvl = await screen.findByTestId("vault-tvl");
      const before = tvl.textContent;
      const widget = investWidget();
      await within(widget).findByText("100 mUSDC", {}, { timeout: 10_000 });
      await userEvent.type(within(widget).getByLabelText(/Amount/), "1,500");
      await userEvent.click(within(widget).getByRole("button", { name: "Approve and invest" }));
      await within(widget).findByText("Investment transaction submitted successfully!", {}, { timeout: 20_000 });
      const steps = within(widget).getByRole("list", { name: "Investment steps" });
      expect(steps.textContent).toContain("Step 1: Approve — done");
      expect(steps.textContent).toContain("Step 2: Invest — done");
      expect(within(widget).getByTestId("tx-hash").textContent).toMatch(/^0x[0-9a-f]{64}$/);
      await waitFor(() => expect(screen.getByTestId("vault-tvl").textContent).not.toBe(before), { timeout: 10_000 });
      const toTvl = (text: string | null) => Number(text?.replace(/[$,]/g, ""));
      expect(toTvl(screen.getByTestId("vault-tvl").textContent) - toTvl(before)).toBe(1500);
    });
  });
});
