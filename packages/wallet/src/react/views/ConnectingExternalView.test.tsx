// @vitest-environment happy-dom

import { testChainForFile } from "@fundament/test-chain/vitest";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installTestWallet } from "../../testing/installTestWallet.js";
import { renderWallet } from "../testUtils.js";

const { rpcUrl } = testChainForFile();
beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe("ConnectingExternal view", () => {
  it("a refused connection says so and can be retried; the wallet becomes recent", async () => {
    const wallet = installTestWallet({
      rpcUrl,
      rdns: "org.test.external",
      uuid: "00000000-0000-4000-8000-0000000000d1",
      name: "Extension Wallet",
    });
    const { core } = renderWallet({ rpcUrl });
    // The family's loading flag is up while a connection is under way, and down after.
    const loading: boolean[] = [];
    core.modal.subscribe((s) => loading.push(Boolean(s.loading.eip155)));
    wallet.rejectNext("eth_requestAccounts");
    await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
    let dialog = await screen.findByRole("dialog", { name: "Connect Wallet" });
    await userEvent.click(within(dialog).getByRole("button", { name: /Extension Wallet.*Installed/ }));
    dialog = await screen.findByRole("dialog", { name: "Extension Wallet" });
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Connection declined");
    expect(core.bus.history().map((e) => e.event)).toContain("CONNECT_ERROR");
    expect(loading).toContain(true);
    expect(core.modal.getState().loading.eip155).toBe(false);
    await userEvent.click(within(dialog).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("button", { name: /^Account 0xf39F/ })).toBeTruthy();

    // After a disconnect it is listed first, as recent.
    await userEvent.click(screen.getByRole("button", { name: /^Account 0xf39F/ }));
    dialog = await screen.findByRole("dialog", { name: "Account" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Disconnect" }));
    await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
    dialog = await screen.findByRole("dialog", { name: "Connect Wallet" });
    const first = within(within(dialog).getByRole("list", { name: "Wallets" })).getAllByRole("button")[0];
    expect(first?.textContent).toMatch(/Extension Wallet.*Recent/);
  });
});
