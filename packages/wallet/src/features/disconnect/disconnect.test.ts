import { describe, expect, it, vi } from "vitest";
import { createWalletCore } from "../../core/createWalletCore.js";
import { anvilNetwork, solanaNetwork } from "../../core/testNetworks.js";
import { disconnect } from "./disconnect.js";

const evm = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const sol = "7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv";

function setup() {
  const core = createWalletCore({ networks: [anvilNetwork, solanaNetwork] });
  core.state.setConnected("eip155", evm);
  core.state.setConnected("solana", sol);
  core.walletConnect.setState({ uri: "wc:x", pairingExpiry: 1 });
  return core;
}

describe("disconnect", () => {
  it("disconnects every family with an address, resets them and tracks success", async () => {
    const core = setup();
    const evmClient = { disconnect: vi.fn(async () => undefined) };
    const solClient = { disconnect: vi.fn(async () => undefined) };
    await disconnect({ core, clients: { eip155: evmClient, solana: solClient } });
    expect(evmClient.disconnect).toHaveBeenCalledTimes(1);
    expect(solClient.disconnect).toHaveBeenCalledTimes(1);
    expect(core.state.chain("eip155").account.status).toBe("disconnected");
    expect(core.state.chain("solana").account.status).toBe("disconnected");
    expect(core.walletConnect.getState()).toEqual({ uri: undefined, pairingExpiry: undefined });
    expect(core.bus.history().at(-1)?.event).toBe("DISCONNECT_SUCCESS");
  });

  it("skips the client call for a family without an address", async () => {
    const core = setup();
    core.state.resetAccount("solana");
    const solClient = { disconnect: vi.fn(async () => undefined) };
    await disconnect({ core, clients: { eip155: { disconnect: async () => undefined }, solana: solClient } });
    expect(solClient.disconnect).not.toHaveBeenCalled();
  });

  it("one family only", async () => {
    const core = setup();
    await disconnect({ core, clients: { eip155: { disconnect: async () => undefined } }, namespace: "eip155" });
    expect(core.state.chain("eip155").account.status).toBe("disconnected");
    expect(core.state.chain("solana").account.status).toBe("connected");
  });

  it("collects and logs failures, resets the others, tracks the error and says 'Failed to disconnect'", async () => {
    const core = setup();
    const log = vi.fn();
    const failing = { disconnect: vi.fn(async () => Promise.reject(new Error("wallet gone"))) };
    const error = await disconnect({
      core,
      log,
      clients: { eip155: failing, solana: { disconnect: async () => undefined } },
    }).catch((e: unknown) => e);
    expect((error as { shortMessage: string }).shortMessage).toBe("Failed to disconnect");
    expect(log).toHaveBeenCalledWith("[wallet] disconnect eip155 failed", expect.any(Error));
    expect(core.state.chain("solana").account.status).toBe("disconnected");
    expect(core.state.chain("eip155").account.status).toBe("connected");
    expect(core.bus.history().at(-1)).toMatchObject({
      event: "DISCONNECT_ERROR",
      properties: { namespaces: ["eip155"] },
    });
    expect(core.toasts.getState().toasts.map((t) => t.message)).toEqual(["Failed to disconnect"]);
  });
});
