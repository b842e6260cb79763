// @vitest-environment happy-dom

import { testChainForFile } from "@fundament/test-chain/vitest";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connect } from "wagmi/actions";
import { memoryStorage, renderWallet } from "../testUtils.js";

const { rpcUrl } = testChainForFile();
beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const ACCOUNT_0 = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

describe("ConnectButton", () => {
  it("says 'Connect Wallet' when disconnected and opens Connect", async () => {
    renderWallet({ rpcUrl });
    const button = await screen.findByRole("button", { name: "Connect Wallet" });
    await userEvent.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Connect Wallet" });
    expect(within(dialog).getByRole("button", { name: /Dev accounts \(anvil\)/ })).toBeTruthy();
  });

  it("connecting with the dev accounts against anvil turns it into the address and balance", async () => {
    renderWallet({ rpcUrl });
    await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: /Dev accounts/ }));
    const account = await screen.findByRole("button", { name: `Account ${ACCOUNT_0}` });
    expect(account.textContent).toContain("0xf39F…2266");
    await waitFor(() => expect(account.textContent).toMatch(/ETH/));
    // The modal closed after connecting; opening it again shows Account.
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await userEvent.click(account);
    const again = await screen.findByRole("dialog", { name: "Account" });
    expect(within(again).getByText("0xf39F…2266")).toBeTruthy();
    // Disconnect from the Account view.
    await userEvent.click(within(again).getByRole("button", { name: "Disconnect" }));
    expect(await screen.findByRole("button", { name: "Connect Wallet" })).toBeTruthy();
  });

  it("shows 'Connecting...' while restoring a connection after a reload, never 'Connect Wallet' first", async () => {
    const storage = memoryStorage();
    const first = renderWallet({ rpcUrl, storage });
    const connector = first.wagmiConfig.connectors.find((c) => c.id === "devAccounts");
    if (!connector) throw new Error("no dev connector");
    await act(() => connect(first.wagmiConfig, { connector }));
    await screen.findByRole("button", { name: `Account ${ACCOUNT_0}` });
    cleanup();

    // Reload: the same storage, a new config and provider.
    renderWallet({ rpcUrl, storage });
    expect(screen.queryByRole("button", { name: "Connect Wallet" })).toBeNull();
    expect(screen.getByRole("button", { name: "Connecting..." })).toBeTruthy();
    expect(await screen.findByRole("button", { name: `Account ${ACCOUNT_0}` })).toBeTruthy();
  });
});
