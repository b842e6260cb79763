import { describe, expect, it } from "vitest";
import { createWalletState } from "./createWalletState.js";
import { anvilNetwork, mainnetNetwork, sepoliaNetwork, solanaNetwork } from "./testNetworks.js";

const address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

describe("createWalletState", () => {
  it("starts disconnected, grouped per family, first network active", () => {
    const state = createWalletState({ networks: [anvilNetwork, sepoliaNetwork, solanaNetwork] });
    expect(state.getState().activeChain).toBe("eip155");
    expect(state.chain("eip155").account.status).toBe("disconnected");
    expect(state.chain("eip155").network.requestedNetworks.map((n) => n.id)).toEqual([31337, 11155111]);
    expect(state.chain("solana").network.activeNetwork?.caipNetworkId).toBe(solanaNetwork.caipNetworkId);
    expect(state.isConnected()).toBe(false);
  });

  it("restoring a connection starts as connecting, never disconnected (no flicker)", () => {
    const state = createWalletState({ networks: [anvilNetwork], reconnecting: true });
    const statuses: string[] = [state.activeAccount().status];
    state.subscribe((s) => statuses.push(s.chains.eip155?.account.status ?? "none"));
    state.setConnected("eip155", address);
    expect(statuses).toEqual(["connecting", "connected"]);
  });

  it("setConnected derives the CAIP address and explorer link; network change updates them", () => {
    const state = createWalletState({ networks: [sepoliaNetwork, anvilNetwork] });
    state.setConnected("eip155", address, { name: "Test" });
    expect(state.activeAccount().caipAddress).toBe(`eip155:11155111:${address}`);
    expect(state.activeAccount().addressExplorerUrl).toBe(`https://sepolia.etherscan.io/address/${address}`);
    state.setActiveNetwork(anvilNetwork);
    expect(state.activeAccount().caipAddress).toBe(`eip155:31337:${address}`);
    expect(state.isConnected()).toBe(true);
  });

  it("the active family follows the active network", () => {
    const state = createWalletState({ networks: [anvilNetwork, solanaNetwork] });
    state.setActiveNetwork(solanaNetwork);
    expect(state.getState().activeChain).toBe("solana");
    state.setActiveNetwork(anvilNetwork);
    expect(state.getState().activeChain).toBe("eip155");
  });

  it("switching family sets the switching flag until the network is set", () => {
    const state = createWalletState({ networks: [anvilNetwork, solanaNetwork] });
    const flags: boolean[] = [];
    state.subscribe((s) => flags.push(s.isSwitchingNamespace));
    state.switchNamespace("solana");
    expect(flags[0]).toBe(true);
    expect(state.getState().isSwitchingNamespace).toBe(false);
    expect(state.getState().activeChain).toBe("solana");
  });

  it("reset sets the per-chain account to disconnected and keeps the other family", () => {
    const state = createWalletState({ networks: [anvilNetwork, solanaNetwork] });
    state.setConnected("eip155", address);
    state.setConnected("solana", "7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv");
    state.setApprovedNetworkIds("eip155", [31337]);
    state.resetAccount("eip155");
    expect(state.chain("eip155").account.status).toBe("disconnected");
    expect(state.chain("eip155").account.address).toBeUndefined();
    expect(state.chain("eip155").network.approvedNetworkIds).toEqual([]);
    expect(state.chain("solana").account.status).toBe("connected");
  });

  it("removing the active family switches to the first network of another family", () => {
    const state = createWalletState({ networks: [anvilNetwork, solanaNetwork] });
    state.removeNamespace("eip155");
    expect(state.getState().activeChain).toBe("solana");
    expect(state.activeNetwork()?.caipNetworkId).toBe(solanaNetwork.caipNetworkId);
  });

  it("removing a non-active family keeps the active one", () => {
    const state = createWalletState({ networks: [anvilNetwork, solanaNetwork] });
    state.removeNamespace("solana");
    expect(state.getState().activeChain).toBe("eip155");
    expect(state.getState().chains.solana).toBeUndefined();
  });

  it("removing the active network switches to the first remaining network of its family", () => {
    const state = createWalletState({ networks: [anvilNetwork, sepoliaNetwork, mainnetNetwork] });
    state.setActiveNetwork(sepoliaNetwork);
    state.removeNetwork(sepoliaNetwork);
    expect(state.activeNetwork()?.id).toBe(31337);
    state.removeNetwork(mainnetNetwork);
    expect(state.activeNetwork()?.id).toBe(31337);
    expect(state.chain("eip155").network.requestedNetworks.map((n) => n.id)).toEqual([31337]);
  });
});
