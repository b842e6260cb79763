// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { encode } from "uqr";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderWallet } from "../react/testUtils.js";
import { coinbaseConnector, walletConnectConnector } from "./loadOptionalConnectors.js";
import { startFakeRelay } from "./startFakeRelay.js";

const PROJECT_ID = "0123456789abcdef0123456789abcdef";
let relay: Awaited<ReturnType<typeof startFakeRelay>>;
beforeAll(async () => {
  relay = await startFakeRelay();
});
afterAll(async () => {
  await relay?.close();
});
afterEach(() => cleanup());

describe("WalletConnect in the modal, with the real SDK", () => {
  it("the QR code is drawn from the real provider's pairing URI", async () => {
    const { core } = renderWallet({
      rpcUrl: "http://127.0.0.1:9",
      devAccounts: false,
      connectors: [walletConnectConnector({ projectId: PROJECT_ID, relayUrl: relay.url })],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
    const connect = await screen.findByRole("dialog", { name: "Connect Wallet" });
    await userEvent.click(within(connect).getByRole("button", { name: /WalletConnect.*QR code/ }));
    const dialog = await screen.findByRole("dialog", { name: "WalletConnect" });
    const qr = await within(dialog).findByRole("img", { name: "WalletConnect QR code" }, { timeout: 10_000 });
    const uri = core.walletConnect.getState().uri ?? "";
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?.*relay-protocol=irn/);
    expect(uri).toMatch(/symKey=[0-9a-f]{64}/);
    // The drawing is that URI's QR code: as many modules as uqr gives for it.
    expect(qr.getAttribute("viewBox")).toBe(
      `0 0 ${encode(uri, { ecc: "M", border: 2 }).size} ${encode(uri, { ecc: "M", border: 2 }).size}`,
    );
    expect(within(dialog).getByRole("button", { name: "Copy link" })).toBeTruthy();
  });

  it("Coinbase is listed when enabled, and its real SDK loads when picked", async () => {
    const { wagmiConfig } = renderWallet({
      rpcUrl: "http://127.0.0.1:9",
      devAccounts: false,
      connectors: [coinbaseConnector({ appName: "Fundament" })],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
    const connect = await screen.findByRole("dialog", { name: "Connect Wallet" });
    expect(within(connect).getByRole("button", { name: /Coinbase Wallet/ })).toBeTruthy();
    const connector = wagmiConfig.connectors.find((c) => c.id === "coinbaseWalletSDK");
    const provider = (await connector?.getProvider()) as { request?: unknown };
    expect(provider.request).toBeTypeOf("function");
  });
});
