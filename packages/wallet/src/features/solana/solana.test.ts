import { describe, expect, it } from "vitest";
import { isCaipAddress, parseCaipAddress } from "../../core/caip.js";
import { createWalletState } from "../../core/createWalletState.js";
import { anvilNetwork } from "../../core/testNetworks.js";
import { validateSend } from "../send/validateSend.js";
import { isSolanaAddress } from "./address.js";
import {
  isSameSolanaChain,
  SOLANA_DEVNET_ID,
  SOLANA_MAINNET_ID,
  SOLANA_TESTNET_ID,
  solanaDevnet,
  solanaLocal,
  solanaMainnet,
  solanaReference,
  solanaTestnet,
  walletStandardChain,
} from "./networks.js";

const SYSTEM_PROGRAM = "11111111111111111111111111111111";
const ADDRESS = "GmaDrppBC7P5ARKV8g3djiwP89vz1jLK23V2GBjuAEGB";
const GENESIS = "3yDmJvx5AsV2mQyBkh8Bx5pGF9pkwnJvuQjXz7wGy5Xt";

describe("Solana addresses", () => {
  it.each([
    [ADDRESS, true],
    [SYSTEM_PROGRAM, true],
    ["7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv", true],
    // 32 base58 characters that decode to fewer than 32 bytes: the spec's pattern passes, the key length does not.
    ["7S3P4HxJpyyigGzodYwHtCxZyUQe9JiB", false],
    ["7S3P4HxJpyyigGzodYwHtCxZyUQe9Ji", false],
    ["0S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv", false],
    ["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", false],
    ["", false],
    [undefined, false],
  ])("%s → %s", (value, expected) => {
    expect(isSolanaAddress(value)).toBe(expected);
  });

  it("Solana send validation: amount and receiver, else the spec's text", () => {
    const token = { symbol: "SOL", decimals: 9 };
    const base = { chainNamespace: "solana", token };
    expect(validateSend({ ...base, sendTokenAmount: "1", receiverAddress: ADDRESS })).toEqual({
      valid: true,
      kind: "solana",
    });
    for (const bad of [
      { sendTokenAmount: "", receiverAddress: ADDRESS },
      { sendTokenAmount: "0", receiverAddress: ADDRESS },
      { sendTokenAmount: "1", receiverAddress: "" },
    ]) {
      const r = validateSend({ ...base, ...bad });
      expect(r.valid).toBe(false);
      if (!r.valid) expect(r.message).toBe("Please enter a valid amount and receiver address");
    }
  });
});

describe("Solana networks (CAIP-2)", () => {
  it("the public clusters", () => {
    expect(solanaMainnet().caipNetworkId).toBe(SOLANA_MAINNET_ID);
    expect(solanaDevnet().caipNetworkId).toBe(SOLANA_DEVNET_ID);
    expect(solanaTestnet().caipNetworkId).toBe(SOLANA_TESTNET_ID);
    expect(SOLANA_MAINNET_ID).toBe("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp");
    for (const n of [solanaMainnet(), solanaDevnet(), solanaTestnet()]) {
      expect(n.chainNamespace).toBe("solana");
      expect(n.nativeCurrency).toEqual({ name: "Solana", symbol: "SOL", decimals: 9 });
    }
    expect(solanaDevnet().testnet).toBe(true);
    expect(solanaMainnet().testnet).toBe(false);
  });

  it("the local RPC: solana:<first 32 characters of the genesis hash>", () => {
    const local = solanaLocal({ genesisHash: GENESIS, rpcUrl: "http://127.0.0.1:9999" });
    expect(solanaReference(GENESIS)).toHaveLength(32);
    expect(local.caipNetworkId).toBe(`solana:${GENESIS.slice(0, 32)}`);
    expect(local.rpcUrls.default.http).toEqual(["http://127.0.0.1:9999"]);
    expect(walletStandardChain(local)).toBe(local.caipNetworkId);
  });

  it("Wallet Standard chain names of the clusters", () => {
    expect(walletStandardChain(solanaMainnet())).toBe("solana:mainnet");
    expect(walletStandardChain(solanaDevnet())).toBe("solana:devnet");
    expect(walletStandardChain(solanaTestnet())).toBe("solana:testnet");
    expect(isSameSolanaChain("solana:devnet", solanaDevnet())).toBe(true);
    expect(isSameSolanaChain(SOLANA_DEVNET_ID, solanaDevnet())).toBe(true);
    expect(isSameSolanaChain("solana:mainnet", solanaDevnet())).toBe(false);
  });

  it("a connected Solana account has the CAIP address solana:<ref>:<address>", () => {
    const local = solanaLocal({ genesisHash: GENESIS });
    const state = createWalletState({ networks: [anvilNetwork, local, solanaDevnet()] });
    state.setConnected("solana", ADDRESS);
    const caip = state.chain("solana").account.caipAddress;
    expect(caip).toBe(`solana:${GENESIS.slice(0, 32)}:${ADDRESS}`);
    expect(isCaipAddress(caip)).toBe(true);
    expect(parseCaipAddress(caip as string)).toEqual({
      chainNamespace: "solana",
      chainId: GENESIS.slice(0, 32),
      address: ADDRESS,
    });
    state.setActiveNetwork(solanaDevnet());
    expect(state.chain("solana").account.caipAddress).toBe(`${SOLANA_DEVNET_ID}:${ADDRESS}`);
    expect(state.getState().activeChain).toBe("solana");
  });

  it("switching families (spec section 4): the switching flag; removing the active family or network", () => {
    const local = solanaLocal({ genesisHash: GENESIS });
    const devnet = solanaDevnet();
    const state = createWalletState({ networks: [anvilNetwork, local, devnet] });
    const flags: boolean[] = [];
    state.subscribe((s) => flags.push(s.isSwitchingNamespace));
    state.switchNamespace("solana");
    expect(flags[0]).toBe(true);
    expect(state.getState()).toMatchObject({ activeChain: "solana", isSwitchingNamespace: false });
    expect(state.activeNetwork()?.caipNetworkId).toBe(local.caipNetworkId);
    // Removing the active network: the first remaining network of its family.
    state.setActiveNetwork(devnet);
    state.removeNetwork(devnet);
    expect(state.activeNetwork()?.caipNetworkId).toBe(local.caipNetworkId);
    // Removing the active family: the first network of another family.
    state.removeNamespace("solana");
    expect(state.getState().activeChain).toBe("eip155");
    expect(state.activeNetwork()?.caipNetworkId).toBe("eip155:31337");
  });
});
