// @vitest-environment happy-dom
import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mock } from "wagmi";
import { connect, getConnection } from "wagmi/actions";
import { memoryStorage, renderWallet } from "../testUtils.js";

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

const rendered = (r: ReturnType<typeof renderWallet>) => getConnection(r.wagmiConfig);

describe("dev account picker", () => {
  it("switches the dev-accounts connector to another anvil account, and a reload keeps it", async () => {
    const storage = memoryStorage();
    const first = renderWallet({ rpcUrl: "http://127.0.0.1:9", storage });
    const connector = first.wagmiConfig.connectors.find((c) => c.id === "devAccounts");
    if (!connector) throw new Error("no dev connector");
    await act(() => connect(first.wagmiConfig, { connector }));
    expect(await screen.findByRole("button", { name: /^Account 0xf39F/ })).toBeTruthy();
    act(() => first.core.open());
    const dialog = await screen.findByRole("dialog", { name: "Account" });
    await userEvent.selectOptions(within(dialog).getByLabelText("Dev account"), "3");
    expect(await within(dialog).findByText("0x90F7…b906")).toBeTruthy();
    expect(rendered(first).address).toBe("0x90F79bf6EB2c4f870365E785982E1f101E93b906");
    cleanup();

    // A new page load with the same storage restores the connection on account 3.
    renderWallet({ rpcUrl: "http://127.0.0.1:9", storage });
    expect(
      await screen.findByRole(
        "button",
        { name: /^Account 0x90F79bf6EB2c4f870365E785982E1f101E93b906$/ },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
  });
});
