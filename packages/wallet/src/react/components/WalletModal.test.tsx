// @vitest-environment happy-dom

import { testChainForFile } from "@fundament/test-chain/vitest";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Config } from "wagmi";
import { connect, getConnection } from "wagmi/actions";
import { installTestWallet } from "../../testing/installTestWallet.js";
import { renderWallet } from "../testUtils.js";

const { rpcUrl } = testChainForFile();
beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

async function connectDev(config: Config) {
  const connector = config.connectors.find((c) => c.id === "devAccounts");
  if (!connector) throw new Error("no dev connector");
  await act(() => connect(config, { connector }));
  await screen.findByRole("button", { name: /^Account 0x/ });
}

const modalEvents = (core: ReturnType<typeof renderWallet>["core"]) =>
  core.bus
    .history()
    .filter((e) => e.event === "MODAL_OPEN" || e.event === "MODAL_CLOSE")
    .map((e) => `${e.event}:${e.properties.connected}`);

describe("wallet modal", () => {
  it("opens on Connect when disconnected and on Account when connected; Escape closes; events carry connected", async () => {
    const { wagmiConfig, core } = renderWallet({ rpcUrl });
    await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
    const connectDialog = await screen.findByRole("dialog", { name: "Connect Wallet" });
    expect(document.activeElement && connectDialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // Issue 32: the focus is back on the button that opened the dialog, not lost to the page.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Connect Wallet" })));

    await connectDev(wagmiConfig);
    await userEvent.click(screen.getByRole("button", { name: /^Account 0x/ }));
    const dialog = await screen.findByRole("dialog", { name: "Account" });
    expect(within(dialog).getByRole("button", { name: "Disconnect" })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: /^Account 0x/ })));
    expect(modalEvents(core)).toEqual(["MODAL_OPEN:false", "MODAL_CLOSE:false", "MODAL_OPEN:true", "MODAL_CLOSE:true"]);
  });

  it("back goes one view back, and closes when one view remains", async () => {
    const { wagmiConfig } = renderWallet({ rpcUrl });
    await connectDev(wagmiConfig);
    await userEvent.click(screen.getByRole("button", { name: /^Account 0x/ }));
    let dialog = await screen.findByRole("dialog", { name: "Account" });
    expect(within(dialog).queryByRole("button", { name: "Back" })).toBeNull();
    await userEvent.click(within(dialog).getByRole("button", { name: "Receive" }));
    dialog = await screen.findByRole("dialog", { name: "Receive" });
    expect(await within(dialog).findByRole("img", { name: /QR code of 0xf39F/i })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Back" }));
    dialog = await screen.findByRole("dialog", { name: "Account" });
    expect(within(dialog).queryByRole("button", { name: "Back" })).toBeNull();
  });

  it("back closes when UnsupportedChain is in the history", async () => {
    const { wagmiConfig, core } = renderWallet({ rpcUrl });
    await connectDev(wagmiConfig);
    act(() => core.open({ view: "UnsupportedChain" }));
    act(() => core.router.push("Networks"));
    const dialog = await screen.findByRole("dialog", { name: "Choose Network" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Back" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("a wallet on a network the app did not request gets UnsupportedChain; switching fixes it and closes", async () => {
    const wallet = installTestWallet({
      rpcUrl,
      chainId: 1,
      rdns: "org.test.unsupported",
      uuid: "00000000-0000-4000-8000-0000000000a1",
      name: "Wrong Chain Wallet",
    });
    const { wagmiConfig } = renderWallet({ rpcUrl, devAccounts: false });
    await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
    let dialog = await screen.findByRole("dialog", { name: "Connect Wallet" });
    await userEvent.click(within(dialog).getByRole("button", { name: /Wrong Chain Wallet/ }));
    dialog = await screen.findByRole("dialog", { name: "Switch Network" });
    expect((await within(dialog).findByRole("alert")).textContent).toMatch(/doesn.t support your current network/);
    await userEvent.click(await within(dialog).findByRole("button", { name: /Foundry/ }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(getConnection(wagmiConfig).chainId).toBe(31337);
    expect(wallet.requests).toContain("wallet_switchEthereumChain");

    // The wallet moves to an unsupported network on its own: the prompt comes back.
    act(() => wallet.setChainId(1));
    expect(await screen.findByRole("dialog", { name: "Switch Network" })).toBeTruthy();
  });

  it("the list of wallets is keyboard navigable", async () => {
    renderWallet({ rpcUrl });
    await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
    const dialog = await screen.findByRole("dialog", { name: "Connect Wallet" });
    const list = within(dialog).getByRole("list", { name: "Wallets" });
    const buttons = within(list).getAllByRole("button");
    buttons[0]?.focus();
    await userEvent.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(buttons[1]);
    await userEvent.keyboard("{End}");
    expect(document.activeElement?.textContent).toContain("All Wallets");
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByRole("dialog", { name: "All Wallets" })).toBeTruthy();
  });
});
