import { describe, expect, it } from "vitest";
import { isMethodAllowed, isUnsafeMethod, NAMESPACE_METHODS, namespaceMethods } from "./methods.js";

describe("wallet RPC methods per namespace (spec section 6)", () => {
  it("solana: sign message, sign transaction, sign all, sign and send, request accounts, get accounts", () => {
    expect(NAMESPACE_METHODS.solana).toEqual([
      "solana_signMessage",
      "solana_signTransaction",
      "solana_signAllTransactions",
      "solana_signAndSendTransaction",
      "solana_requestAccounts",
      "solana_getAccounts",
    ]);
    expect(isMethodAllowed("solana", "solana_signTransaction")).toBe(true);
    expect(isMethodAllowed("solana", "eth_sendTransaction")).toBe(false);
  });

  it("eip155: accounts, signing, typed data, send, switch/add chain, permissions, watch asset, calls, capabilities, assets", () => {
    for (const m of [
      "eth_accounts",
      "eth_sign",
      "eth_signTypedData_v4",
      "eth_sendTransaction",
      "personal_sign",
      "wallet_switchEthereumChain",
      "wallet_addEthereumChain",
      "wallet_getPermissions",
      "wallet_watchAsset",
      "wallet_sendCalls",
      "wallet_getCapabilities",
      "wallet_getAssets",
    ])
      expect(isMethodAllowed("eip155", m), m).toBe(true);
    expect(isMethodAllowed("eip155", "solana_signMessage")).toBe(false);
  });

  it("bip122: send transfer, sign message, sign psbt, get account addresses", () => {
    expect(namespaceMethods("bip122")).toEqual(["sendTransfer", "signMessage", "signPsbt", "getAccountAddresses"]);
    expect(isMethodAllowed("bip122", "personal_sign")).toBe(false);
  });

  it("families without a list allow nothing", () => {
    expect(namespaceMethods("near")).toEqual([]);
    expect(isMethodAllowed("polkadot", "anything")).toBe(false);
  });

  it("signing and sending methods are unsafe; read-only ones are safe", () => {
    expect(isUnsafeMethod("personal_sign")).toBe(true);
    expect(isUnsafeMethod("eth_sendTransaction")).toBe(true);
    expect(isUnsafeMethod("solana_signAndSendTransaction")).toBe(true);
    expect(isUnsafeMethod("wallet_sendCalls")).toBe(true);
    expect(isUnsafeMethod("eth_call")).toBe(false);
    expect(isUnsafeMethod("eth_getBalance")).toBe(false);
    expect(isUnsafeMethod("eth_chainId")).toBe(false);
  });
});
