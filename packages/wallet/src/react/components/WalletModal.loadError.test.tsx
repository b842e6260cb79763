// @vitest-environment happy-dom
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWallet } from "../testUtils.js";
import { DIALOG_LOAD_FAILED } from "./WalletModal.js";

// The dialog's chunk cannot be loaded (offline, or replaced by a new deployment).
vi.mock("./WalletDialog.js", () => {
  throw new Error("Failed to fetch dynamically imported module");
});

afterEach(() => cleanup());

describe("wallet modal whose code cannot be loaded", () => {
  it("closes with a plain error toast and leaves the page working", async () => {
    // React reports the caught error on the console; that is expected here.
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { core } = renderWallet({ rpcUrl: "http://127.0.0.1:9", devAccounts: false });
    act(() => core.open());
    expect(await screen.findByText(DIALOG_LOAD_FAILED, {}, { timeout: 5000 })).toBeTruthy();
    expect(core.modal.getState().open).toBe(false);
    expect(screen.getByRole("button", { name: "Connect Wallet" })).toBeTruthy();
    // The next open tries again (and fails again here), without breaking anything.
    act(() => core.open());
    expect(await screen.findAllByText(DIALOG_LOAD_FAILED, {}, { timeout: 5000 })).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Connect Wallet" })).toBeTruthy();
    quiet.mockRestore();
  });
});
