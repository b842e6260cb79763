import { describe, expect, it } from "vitest";
import { getInitialView } from "./getInitialView.js";
import { shouldShowUnsupportedChain } from "./shouldShowUnsupportedChain.js";
import type { View } from "./views.js";

describe("getInitialView (opening rules)", () => {
  it.each<[View | undefined, boolean, boolean, boolean, View]>([
    // view, connected, noAdapters, mobile → expected
    [undefined, false, true, true, "AllWallets"],
    [undefined, false, true, false, "ConnectingWalletConnectBasic"],
    ["Networks", false, true, true, "AllWallets"],
    ["Networks", false, true, false, "ConnectingWalletConnectBasic"],
    [undefined, true, true, true, "Account"],
    [undefined, true, true, false, "Account"],
    ["Networks", true, true, false, "Networks"],
    ["Networks", false, false, false, "Networks"],
    ["Send", true, false, true, "Send"],
    [undefined, true, false, false, "Account"],
    [undefined, true, false, true, "Account"],
    [undefined, false, false, false, "Connect"],
    [undefined, false, false, true, "Connect"],
  ])("view=%s connected=%s noAdapters=%s mobile=%s → %s", (view, isConnected, noAdapters, isMobile, expected) => {
    expect(getInitialView({ view, isConnected, noAdapters, isMobile })).toBe(expected);
  });
});

describe("shouldShowUnsupportedChain", () => {
  const base: Parameters<typeof shouldShowUnsupportedChain>[0] = {
    activeNetworkId: 1,
    requestedNetworkIds: [31337, 11155111],
    enableNetworkSwitch: true,
    allowUnsupportedChain: false,
    basic: false,
  };
  it.each<[string, Partial<typeof base>, boolean]>([
    ["unsupported network, all conditions met", {}, true],
    ["supported network", { activeNetworkId: 31337 }, false],
    ["supported network given as string", { activeNetworkId: "11155111" }, false],
    ["network switching disabled", { enableNetworkSwitch: false }, false],
    ["unsupported chains allowed", { allowUnsupportedChain: true }, false],
    ["basic mode", { basic: true }, false],
    ["not connected", { activeNetworkId: undefined }, false],
  ])("%s", (_, patch, expected) => {
    expect(shouldShowUnsupportedChain({ ...base, ...patch })).toBe(expected);
  });
});
