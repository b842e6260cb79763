import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, it } from "vitest";
import { DEV_ACCOUNTS, renderApp } from "../../../test/render";

it("warns about the wrong network, blocks investing, and switches the wallet back", async () => {
  await renderApp({ path: "/vaults/futures-trading-vault", account: DEV_ACCOUNTS[1], walletChainId: 1 });
  const banner = await screen.findByText(/^Wrong network: your wallet is connected to another network/);
  expect(banner.textContent).toContain("Fundament runs on Local chain (anvil).");
  // The wallet layer also opens its own unsupported-network view; close it and use the banner.
  expect(await screen.findByRole("dialog", { name: "Switch Network" }, { timeout: 10_000 })).toBeTruthy();
  await userEvent.keyboard("{Escape}");
  const widget = await screen.findByRole("region", { name: "Invest" }, { timeout: 10_000 });
  expect(within(widget).getByRole("alert").textContent).toBe("Switch your wallet to Local chain (anvil) first.");
  await userEvent.click(screen.getByRole("button", { name: "Switch to Local chain (anvil)" }));
  await within(widget).findByText("100 mUSDC", {}, { timeout: 10_000 });
  expect(screen.queryByText(/^Wrong network/)).toBeNull();
  expect(within(widget).queryByRole("alert")).toBeNull();
});
