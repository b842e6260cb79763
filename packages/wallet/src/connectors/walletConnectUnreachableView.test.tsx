// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderWallet } from "../react/testUtils.js";
import { walletConnectConnector } from "./loadOptionalConnectors.js";
import { closedRelayUrl } from "./startFakeRelay.js";
import { WALLETCONNECT_UNREACHABLE } from "./walletConnectRelay.js";

afterEach(() => cleanup());

// Its own file: the WalletConnect SDK keeps one core (and relay connection) per process.
describe("WalletConnect in the modal, relay unreachable", () => {
  it("says so in words, with Try again, instead of spinning or showing a raw error", async () => {
    const relayUrl = await closedRelayUrl();
    renderWallet({
      rpcUrl: "http://127.0.0.1:9",
      devAccounts: false,
      connectors: [
        walletConnectConnector({ projectId: "0123456789abcdef0123456789abcdef", relayUrl, timeoutMs: 1_500 }),
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
    const connect = await screen.findByRole("dialog", { name: "Connect Wallet" });
    await userEvent.click(within(connect).getByRole("button", { name: /WalletConnect.*QR code/ }));
    const dialog = await screen.findByRole("dialog", { name: "WalletConnect" });
    const alert = await within(dialog).findByRole("alert", {}, { timeout: 10_000 });
    expect(alert.textContent).toBe(WALLETCONNECT_UNREACHABLE);
    expect(within(dialog).getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(within(dialog).queryByRole("status", { name: "Generating QR code" })).toBeNull();
  });
});
