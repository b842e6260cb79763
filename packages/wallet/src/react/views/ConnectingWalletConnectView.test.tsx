// @vitest-environment happy-dom
import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createConnector } from "wagmi";
import { renderWallet } from "../testUtils.js";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const URI =
  "wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303";

/** A stand-in for wagmi's WalletConnect connector: announces a pairing URI and waits for a wallet that never scans. */
function fakeWalletConnect() {
  return createConnector((config) => ({
    id: "walletConnect",
    name: "WalletConnect",
    type: "walletConnect",
    async connect() {
      config.emitter.emit("message", { type: "display_uri", data: URI });
      return new Promise<never>(() => undefined);
    },
    async disconnect() {},
    async getAccounts() {
      return [];
    },
    async getChainId() {
      return 31337;
    },
    async getProvider() {
      return {};
    },
    async isAuthorized() {
      return false;
    },
    onAccountsChanged() {},
    onChainChanged() {},
    onDisconnect() {},
  }));
}

describe("WalletConnect views", () => {
  it("WalletConnect draws the pairing URI as our own QR code, with copy and the picked wallet's link", async () => {
    renderWallet({ rpcUrl: "http://127.0.0.1:9", devAccounts: false, connectors: [fakeWalletConnect()] });
    await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
    let dialog = await screen.findByRole("dialog", { name: "Connect Wallet" });
    expect(within(dialog).getByRole("button", { name: /WalletConnect.*QR code/ })).toBeTruthy();
    // A featured wallet without an installed extension pairs through WalletConnect.
    await userEvent.click(within(dialog).getByRole("button", { name: /MetaMask.*QR code/ }));
    dialog = await screen.findByRole("dialog", { name: "WalletConnect" });
    expect(await within(dialog).findByRole("img", { name: "WalletConnect QR code for MetaMask" })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Copy link" })).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "Open MetaMask" }).getAttribute("href")).toMatch(/^https?:\/\//);
  });

  it("without a project id, ConnectingWalletConnectBasic says 'Project ID Not Configured'", async () => {
    const { core } = renderWallet({ rpcUrl: "http://127.0.0.1:9" });
    act(() => core.open({ view: "ConnectingWalletConnectBasic" }));
    const dialog = await screen.findByRole("dialog", { name: "Connect Wallet" });
    expect(await within(dialog).findByText("Project ID Not Configured")).toBeTruthy();
  });
});
