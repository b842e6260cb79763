import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createWalletCore, type WalletCoreOptions } from "./createWalletCore.js";
import { anvilNetwork, mainnetNetwork, sepoliaNetwork } from "./testNetworks.js";

const address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

function setup(options: Partial<WalletCoreOptions> = {}) {
  const core = createWalletCore({ networks: [anvilNetwork, sepoliaNetwork], isMobile: () => false, ...options });
  const events: { event: string; properties: Record<string, unknown> }[] = [];
  core.bus.subscribe((e) => events.push({ event: e.event, properties: e.properties }));
  return { core, events };
}

describe("modal open/close", () => {
  it("open and close carry whether the user is connected", () => {
    const { core, events } = setup();
    core.open();
    expect(core.modal.getState().open).toBe(true);
    expect(core.router.getState().view).toBe("Connect");
    core.close();
    core.state.setConnected("eip155", address);
    core.open();
    expect(core.router.getState().view).toBe("Account");
    core.close();
    expect(events).toEqual([
      { event: "MODAL_OPEN", properties: { connected: false } },
      { event: "MODAL_CLOSE", properties: { connected: false } },
      { event: "MODAL_OPEN", properties: { connected: true } },
      { event: "MODAL_CLOSE", properties: { connected: true } },
    ]);
  });

  it("opens a requested view with its data and resets the history", () => {
    const { core } = setup();
    core.open();
    core.router.push("AllWallets");
    core.open({ view: "ConnectingExternal", data: { connectorId: "injected" } });
    expect(core.router.getState()).toEqual({
      view: "ConnectingExternal",
      data: { connectorId: "injected" },
      history: ["ConnectingExternal"],
    });
  });

  it.each([
    [true, "AllWallets"],
    [false, "ConnectingWalletConnectBasic"],
  ] as const)("no adapters, mobile=%s → %s", (mobile, view) => {
    const { core } = setup({ isMobile: () => mobile });
    core.state.setState({ noAdapters: true });
    core.open();
    expect(core.router.getState().view).toBe(view);
  });

  it("closing a dialog twice emits one close event", () => {
    const { core, events } = setup();
    core.open();
    core.close();
    core.close();
    expect(events.filter((e) => e.event === "MODAL_CLOSE")).toHaveLength(1);
  });

  it.each([
    [false, "Connect"],
    [true, "Account"],
  ] as const)("closing an embedded modal (connected=%s) goes to %s and stays open", (connected, view) => {
    const { core, events } = setup({ embedded: true });
    if (connected) core.state.setConnected("eip155", address);
    core.open({ view: "Networks" });
    core.router.push("Send");
    core.close();
    expect(core.router.getState().history).toEqual([view]);
    expect(core.modal.getState().open).toBe(true);
    expect(events.at(-1)).toEqual({ event: "MODAL_CLOSE", properties: { connected } });
  });

  it("back from the only view closes the modal", () => {
    const { core } = setup();
    core.open();
    core.router.goBack();
    expect(core.modal.getState().open).toBe(false);
  });
});

describe("network changes and UnsupportedChain", () => {
  it("an unsupported active network opens UnsupportedChain; back then closes", () => {
    const { core } = setup();
    core.state.setConnected("eip155", address);
    core.onNetworkChanged(mainnetNetwork);
    expect(core.modal.getState().open).toBe(true);
    expect(core.router.getState().view).toBe("UnsupportedChain");
    core.router.push("Networks");
    core.router.goBack();
    expect(core.modal.getState().open).toBe(false);
  });

  it("returning to a supported network closes the UnsupportedChain prompt", () => {
    const { core } = setup();
    core.state.setConnected("eip155", address);
    core.onNetworkChanged(mainnetNetwork);
    core.onNetworkChanged(anvilNetwork);
    expect(core.modal.getState().open).toBe(false);
    expect(core.state.activeNetwork()?.id).toBe(31337);
  });

  it.each([
    ["network switching disabled", { enableNetworkSwitch: false }],
    ["unsupported chains allowed", { allowUnsupportedChain: true }],
    ["basic mode", { basic: true }],
  ])("%s: no UnsupportedChain", (_, options) => {
    const { core } = setup(options);
    core.state.setConnected("eip155", address);
    core.onNetworkChanged(mainnetNetwork);
    expect(core.modal.getState().open).toBe(false);
    expect(core.state.activeNetwork()?.id).toBe(1);
  });

  it("not connected: no UnsupportedChain", () => {
    const { core } = setup();
    core.onNetworkChanged(mainnetNetwork);
    expect(core.modal.getState().open).toBe(false);
  });
});

describe("shake and loading", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shake resets after 500 ms", () => {
    const { core } = setup();
    core.triggerShake();
    expect(core.modal.getState().shake).toBe(true);
    vi.advanceTimersByTime(499);
    expect(core.modal.getState().shake).toBe(true);
    vi.advanceTimersByTime(1);
    expect(core.modal.getState().shake).toBe(false);
  });

  it("loading is per family", () => {
    const { core } = setup();
    core.setLoading("eip155", true);
    expect(core.modal.getState().loading).toEqual({ eip155: true });
    core.setLoading("solana", true);
    core.setLoading("eip155", false);
    expect(core.modal.getState().loading).toEqual({ eip155: false, solana: true });
  });
});
