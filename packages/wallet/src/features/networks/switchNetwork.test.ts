import { describe, expect, it, vi } from "vitest";
import { createWalletCore } from "../../core/createWalletCore.js";
import { anvilNetwork, mainnetNetwork, sepoliaNetwork, solanaNetwork } from "../../core/testNetworks.js";
import { switchNetwork } from "./switchNetwork.js";

const address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

function setup() {
  const core = createWalletCore({ networks: [anvilNetwork, sepoliaNetwork, solanaNetwork], isMobile: () => false });
  core.state.setConnected("eip155", address);
  return core;
}

describe("switchNetwork", () => {
  it("switches, follows the network and tracks SWITCH_NETWORK", async () => {
    const core = setup();
    core.open();
    core.router.push("Networks");
    const switchChain = vi.fn(async () => undefined);
    await switchNetwork({ core, network: sepoliaNetwork, switchChain });
    expect(switchChain).toHaveBeenCalledWith(sepoliaNetwork);
    expect(core.state.activeNetwork()?.id).toBe(11155111);
    expect(core.router.getState().history).toEqual(["Account", "Networks"]);
    expect(core.bus.history().at(-1)).toMatchObject({
      event: "SWITCH_NETWORK",
      properties: { network: "eip155:11155111" },
    });
  });

  it("goes back one view first when the network in use is not in the wallet's chain list", async () => {
    const core = setup();
    core.open();
    core.router.push("Networks");
    await switchNetwork({
      core,
      network: sepoliaNetwork,
      switchChain: async () => undefined,
      walletNetworkIds: ["eip155:11155111"],
    });
    expect(core.router.getState().history).toEqual(["Account"]);
  });

  it("from UnsupportedChain: going back closes the modal, and the switch lands on a supported network", async () => {
    const core = setup();
    core.onNetworkChanged(mainnetNetwork);
    expect(core.router.getState().view).toBe("UnsupportedChain");
    await switchNetwork({
      core,
      network: anvilNetwork,
      switchChain: async () => undefined,
      walletNetworkIds: ["eip155:31337"],
    });
    expect(core.modal.getState().open).toBe(false);
    expect(core.state.activeNetwork()?.id).toBe(31337);
  });

  it("switching to another family makes it active", async () => {
    const core = setup();
    await switchNetwork({ core, network: solanaNetwork, switchChain: async () => undefined });
    expect(core.state.getState().activeChain).toBe("solana");
  });

  it("a failed switch shakes the modal and leaves the network", async () => {
    const core = setup();
    await expect(
      switchNetwork({ core, network: sepoliaNetwork, switchChain: () => Promise.reject(new Error("nope")) }),
    ).rejects.toThrow("nope");
    expect(core.modal.getState().shake).toBe(true);
    expect(core.state.activeNetwork()?.id).toBe(31337);
  });
});
