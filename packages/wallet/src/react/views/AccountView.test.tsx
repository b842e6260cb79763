// @vitest-environment happy-dom
import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mock } from "wagmi";
import { connect } from "wagmi/actions";
import { renderWallet } from "../testUtils.js";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe("Account view", () => {
  it("a failed balance fetch shows the toast 'Token Balance Unavailable'", async () => {
    // The dev accounts connect without the RPC; the balance read then fails (nothing listens on port 9).
    const rendered = renderWallet({ rpcUrl: "http://127.0.0.1:9" });
    const connector = rendered.wagmiConfig.connectors.find((c) => c.id === "devAccounts");
    if (!connector) throw new Error("no dev connector");
    await act(() => connect(rendered.wagmiConfig, { connector }));
    act(() => rendered.core.open());
    expect(await screen.findByRole("dialog", { name: "Account" })).toBeTruthy();
    expect(await screen.findByText("Token Balance Unavailable", {}, { timeout: 5000 })).toBeTruthy();
    expect(rendered.runtime.balances.state().lastRetry).toBeTypeOf("number");
  });
});

describe("disconnect", () => {
  it("a failing disconnect shows 'Failed to disconnect' and tracks DISCONNECT_ERROR", async () => {
    const rendered = renderWallet({
      rpcUrl: "http://127.0.0.1:9",
      devAccounts: false,
      connectors: [mock({ accounts: ["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"] })],
    });
    const connector = rendered.wagmiConfig.connectors.find((c) => c.id === "mock");
    if (!connector) throw new Error("no mock connector");
    await act(() => connect(rendered.wagmiConfig, { connector }));
    connector.disconnect = async () => {
      throw new Error("the wallet refused");
    };
    act(() => rendered.core.open());
    const dialog = await screen.findByRole("dialog", { name: "Account" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Disconnect" }));
    expect(await screen.findByText("Failed to disconnect")).toBeTruthy();
    expect(rendered.core.bus.history().map((e) => e.event)).toContain("DISCONNECT_ERROR");
  });
});
