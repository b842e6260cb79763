// @vitest-environment happy-dom

import * as ecc from "@bitcoinerlab/secp256k1";
import { getWallets } from "@wallet-standard/app";
import type { WalletAccount } from "@wallet-standard/base";
import { networks, payments, Transaction } from "bitcoinjs-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BITCOIN_TEST_WALLET_FEE_SATS,
  BITCOIN_TEST_WALLET_NAME,
  bitcoinMessageHash,
  installBitcoinTestWallet,
} from "./installBitcoinTestWallet.js";
import { type BitcoinBalanceServer, startBitcoinBalanceServer } from "./startBitcoinBalanceServer.js";

const KEY = Uint8Array.from({ length: 32 }, (_, i) => i + 7);
type Features = Record<string, Record<string, (...args: never[]) => Promise<unknown>> & { version: string }>;

let api: BitcoinBalanceServer;
beforeAll(async () => {
  api = await startBitcoinBalanceServer({ network: "regtest" });
});
afterAll(async () => {
  await api?.stop();
});

describe("installBitcoinTestWallet (Wallet Standard)", () => {
  it("registers through the window events, offers the bitcoin features and a payment P2WPKH account", async () => {
    const early = installBitcoinTestWallet({ privateKey: KEY, name: "Early" });
    const wallets = getWallets();
    const late = installBitcoinTestWallet({ privateKey: KEY, apiUrl: api.url });
    expect(wallets.get().map((w) => w.name)).toEqual(expect.arrayContaining(["Early", BITCOIN_TEST_WALLET_NAME]));
    expect(late.chain).toBe("bitcoin:regtest");
    expect(late.address).toBe(
      payments.p2wpkh({ pubkey: ecc.pointFromScalar(KEY, true) as Uint8Array, network: networks.regtest }).address,
    );
    expect(Object.keys(late.wallet.features).sort()).toEqual([
      "bitcoin:connect",
      "bitcoin:sendTransfer",
      "bitcoin:signMessage",
      "standard:connect",
      "standard:disconnect",
      "standard:events",
    ]);
    // Without an API there is no send.
    expect(Object.keys(early.wallet.features)).not.toContain("bitcoin:sendTransfer");
    const features = late.wallet.features as unknown as Features;
    const connect = features["bitcoin:connect"]?.connect as unknown as (i: {
      purposes: string[];
    }) => Promise<{ accounts: WalletAccount[] }>;
    expect((await connect({ purposes: ["ordinals"] })).accounts).toEqual([]);
    const { accounts } = await connect({ purposes: ["payment"] });
    expect(accounts.map((a) => a.address)).toEqual([late.address]);
    early.uninstall();
    late.uninstall();
    expect(wallets.get().map((w) => w.name)).not.toContain(BITCOIN_TEST_WALLET_NAME);
  });

  it("signs a BIP-137 message signature and sends a real P2WPKH transaction through the stand-in", async () => {
    const w = installBitcoinTestWallet({ privateKey: KEY, apiUrl: api.url });
    const features = w.wallet.features as unknown as Features;
    const standardConnect = features["standard:connect"]?.connect as unknown as () => Promise<{
      accounts: WalletAccount[];
    }>;
    const account = (await standardConnect()).accounts[0] as WalletAccount;
    const sign = features["bitcoin:signMessage"]?.signMessage as unknown as (i: {
      account: WalletAccount;
      message: Uint8Array;
    }) => Promise<{ signature: Uint8Array }[]>;
    const message = new TextEncoder().encode("gm");
    const [out] = await sign({ account, message });
    const sig = out?.signature as Uint8Array;
    const hash = bitcoinMessageHash(message);
    const pubkey = ecc.recover(hash, sig.slice(1), ((sig[0] as number) - 39) as 0 | 1, true);
    expect(pubkey && Buffer.from(pubkey).toString("hex")).toBe(Buffer.from(w.publicKey).toString("hex"));

    api.fund(w.address, 10_000n);
    api.fund(w.address, 20_000n);
    const send = features["bitcoin:sendTransfer"]?.sendTransfer as unknown as (i: {
      account: WalletAccount;
      recipientAddress: string;
      amount: string;
    }) => Promise<{ txid: string }>;
    const to = payments.p2wpkh({
      pubkey: ecc.pointFromScalar(
        Uint8Array.from({ length: 32 }, () => 9),
        true,
      ) as Uint8Array,
      network: networks.regtest,
    }).address as string;
    const { txid } = await send({ account, recipientAddress: to, amount: "15000" });
    const tx = api.transactions.get(txid) as Transaction;
    expect(tx.getId()).toBe(txid);
    // Segwit inputs, each with a signature and the public key in the witness.
    expect(tx.ins.every((i) => i.witness.length === 2)).toBe(true);
    expect(api.balanceOf(to)).toBe(15_000n);
    expect(api.balanceOf(w.address)).toBe(30_000n - 15_000n - BITCOIN_TEST_WALLET_FEE_SATS);
    // More than it has: refused, nothing moves.
    await expect(send({ account, recipientAddress: to, amount: "1000000" })).rejects.toThrow("Insufficient funds");
    w.rejectNext();
    await expect(send({ account, recipientAddress: to, amount: "100" })).rejects.toMatchObject({ code: 4001 });
    expect(api.balanceOf(to)).toBe(15_000n);
    w.uninstall();
  });
});

describe("startBitcoinBalanceServer (Esplora stand-in)", () => {
  it("answers GET /address/:address, refuses double spends and bad addresses, and can be switched to fail", async () => {
    const address = payments.p2wpkh({ pubkey: ecc.pointFromScalar(KEY, true) as Uint8Array, network: networks.regtest })
      .address as string;
    const fresh = await startBitcoinBalanceServer();
    try {
      fresh.fund(address, 5_000n);
      const res = await fetch(`${fresh.url}/address/${address}`);
      expect(await res.json()).toMatchObject({
        address,
        chain_stats: { funded_txo_sum: 5_000, spent_txo_sum: 0 },
        mempool_stats: { funded_txo_sum: 0, spent_txo_sum: 0 },
      });
      expect((await fetch(`${fresh.url}/address/bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4`)).status).toBe(400);
      expect((await fetch(`${fresh.url}/tx`, { method: "POST", body: "zz" })).status).toBe(400);
      // A transaction spending an unknown output.
      const tx = new Transaction();
      tx.addInput(new Uint8Array(32).fill(1), 0);
      tx.addOutput(payments.p2wpkh({ address, network: networks.regtest }).output as Uint8Array, 1n);
      const refused = await fetch(`${fresh.url}/tx`, { method: "POST", body: tx.toHex() });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toBe("bad-txns-inputs-missingorspent");
      fresh.setFailing(true);
      expect((await fetch(`${fresh.url}/address/${address}`)).status).toBe(503);
    } finally {
      await fresh.stop();
    }
  });
});
