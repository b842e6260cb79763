// @vitest-environment happy-dom
import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { encode } from "uqr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mock } from "wagmi";
import { connect } from "wagmi/actions";
import { renderWallet } from "../testUtils.js";

const ADDRESS = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe("Receive view", () => {
  it("shows the address as a QR code of that address, and copies it", async () => {
    const rendered = renderWallet({
      rpcUrl: "http://127.0.0.1:9",
      devAccounts: false,
      connectors: [mock({ accounts: [ADDRESS] })],
    });
    const connector = rendered.wagmiConfig.connectors.find((c) => c.id === "mock");
    if (!connector) throw new Error("no mock connector");
    await act(() => connect(rendered.wagmiConfig, { connector }));
    act(() => rendered.core.open({ view: "Receive" }));
    const dialog = await screen.findByRole("dialog", { name: "Receive" }, { timeout: 5000 });
    const qr = await within(dialog).findByRole("img", { name: `QR code of ${ADDRESS}` });
    // The drawn modules are exactly those of the address's QR code (uqr, error correction M, border 2).
    const { data, size } = encode(ADDRESS, { ecc: "M", border: 2 });
    expect(qr.getAttribute("viewBox")).toBe(`0 0 ${size} ${size}`);
    const drawn = (qr.querySelector("path")?.getAttribute("d")?.match(/M/g) ?? []).length;
    expect(drawn).toBe(data.flat().filter(Boolean).length);
    expect(within(dialog).getByText(ADDRESS)).toBeTruthy();

    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await userEvent.click(within(dialog).getByRole("button", { name: "Copy address" }));
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    expect(await within(dialog).findByText("Copied")).toBeTruthy();
  });
});
