import * as ecc from "@bitcoinerlab/secp256k1";
import { address as btcAddress, initEccLib, networks, payments } from "bitcoinjs-lib";
import { ECPairFactory } from "ecpair";
import { describe, expect, it } from "vitest";
import { isCaipAddress } from "../../core/caip.js";
import { isMethodAllowed, isUnsafeMethod, NAMESPACE_METHODS } from "../../core/methods.js";
import { bitcoinAddressType, isBitcoinAddress } from "./address.js";
import { esploraBalanceSats } from "./createBitcoinFamily.js";
import {
  BITCOIN_MAINNET_ID,
  BITCOIN_REGTEST_ID,
  BITCOIN_TESTNET_ID,
  bitcoinNetwork,
  bitcoinNetworkName,
  bitcoinWalletStandardChain,
} from "./networks.js";

initEccLib(ecc);
const ECPair = ECPairFactory(ecc);

describe("bitcoin address validation", () => {
  it.each([
    ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "mainnet", "p2wpkh"],
    ["BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", "mainnet", "p2wpkh"],
    ["bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3", "mainnet", "p2wsh"],
    ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", "mainnet", "p2tr"],
    ["1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", "mainnet", "p2pkh"],
    ["3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", "mainnet", "p2sh"],
    ["tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", "testnet", "p2wpkh"],
    ["mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn", "testnet", "p2pkh"],
    ["2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc", "testnet", "p2sh"],
    ["mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn", "regtest", "p2pkh"],
  ] as const)("%s is a %s %s address", (address, network, type) => {
    expect(bitcoinAddressType(address, network)).toBe(type);
    expect(isBitcoinAddress(` ${address} `, network)).toBe(true);
  });

  it.each([
    // Wrong checksum (last character changed).
    ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", "mainnet"],
    // Mixed case.
    ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kV8f3t4", "mainnet"],
    // Taproot with a bech32 (not bech32m) checksum (BIP-350).
    ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd", "mainnet"],
    // Version 0 with a 16-byte program.
    ["BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P", "mainnet"],
    // Another network's prefix.
    ["tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", "mainnet"],
    ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "regtest"],
    ["1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", "testnet"],
    // Base58 with a bad checksum, an EVM address, nothing.
    ["1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3", "mainnet"],
    ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "mainnet"],
    ["", "mainnet"],
  ] as const)("%s is not a %s address", (address, network) => {
    expect(isBitcoinAddress(address, network)).toBe(false);
  });

  it("agrees with bitcoinjs-lib on generated addresses of every type and network", () => {
    const nets = { mainnet: networks.bitcoin, testnet: networks.testnet, regtest: networks.regtest } as const;
    for (const [name, network] of Object.entries(nets) as [keyof typeof nets, (typeof nets)[keyof typeof nets]][]) {
      for (let i = 0; i < 5; i++) {
        const pubkey = ECPair.makeRandom({ network }).publicKey;
        const p2wpkh = payments.p2wpkh({ pubkey, network });
        const all = [
          [payments.p2pkh({ pubkey, network }).address, "p2pkh"],
          [payments.p2sh({ redeem: p2wpkh, network }).address, "p2sh"],
          [p2wpkh.address, "p2wpkh"],
          [payments.p2wsh({ redeem: payments.p2pkh({ pubkey, network }), network }).address, "p2wsh"],
          [payments.p2tr({ internalPubkey: pubkey.slice(1, 33), network }).address, "p2tr"],
        ] as const;
        for (const [address, type] of all) {
          expect(btcAddress.toOutputScript(address as string, network)).toBeTruthy();
          expect(bitcoinAddressType(address, name)).toBe(type);
        }
      }
    }
    const regtest = payments.p2wpkh({ pubkey: ECPair.makeRandom().publicKey, network: networks.regtest }).address;
    expect(regtest?.startsWith("bcrt1q")).toBe(true);
    expect(isBitcoinAddress(regtest, "testnet")).toBe(false);
  });
});

describe("bip122 networks and CAIP ids", () => {
  it("names mainnet, testnet and regtest by the first 32 hex characters of their genesis hash", () => {
    expect(BITCOIN_MAINNET_ID).toBe("bip122:000000000019d6689c085ae165831e93");
    expect(BITCOIN_TESTNET_ID).toBe("bip122:000000000933ea01ad0ee984209779ba");
    // Regtest's genesis block: 0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206.
    expect(BITCOIN_REGTEST_ID).toBe("bip122:0f9188f13cb7b2c71f2a335e3a4fc328");
    const n = bitcoinNetwork("regtest", "http://127.0.0.1:3002");
    expect(n).toMatchObject({
      chainNamespace: "bip122",
      caipNetworkId: BITCOIN_REGTEST_ID,
      name: "Bitcoin Regtest",
      nativeCurrency: { symbol: "BTC", decimals: 8 },
      testnet: true,
    });
    expect(bitcoinNetwork("mainnet").testnet).toBe(false);
    expect(bitcoinNetworkName(BITCOIN_TESTNET_ID)).toBe("testnet");
    expect(bitcoinWalletStandardChain("regtest")).toBe("bitcoin:regtest");
    expect(isCaipAddress(`${BITCOIN_MAINNET_ID}:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4`)).toBe(true);
  });

  it("allows the spec's bip122 methods: send transfer, sign message, sign psbt, get account addresses", () => {
    expect(NAMESPACE_METHODS.bip122).toEqual(["sendTransfer", "signMessage", "signPsbt", "getAccountAddresses"]);
    expect(isMethodAllowed("bip122", "signPsbt")).toBe(true);
    expect(isMethodAllowed("bip122", "eth_sendTransaction")).toBe(false);
    expect(isUnsafeMethod("sendTransfer")).toBe(true);
    expect(isUnsafeMethod("getAccountAddresses")).toBe(false);
  });
});

describe("Esplora balance", () => {
  it("is confirmed plus mempool, funded minus spent", () => {
    expect(
      esploraBalanceSats({
        chain_stats: { funded_txo_sum: 150_000_000, spent_txo_sum: 20_000_000 },
        mempool_stats: { funded_txo_sum: 1_000, spent_txo_sum: 500 },
      }),
    ).toBe(130_000_500n);
    expect(esploraBalanceSats({})).toBe(0n);
  });
});
