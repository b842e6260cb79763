// @vitest-environment happy-dom

import { type SolanaLocal, startSolanaLocal } from "@fundament/solana-local";
import { address, getPublicKeyFromAddress, type SignatureBytes, verifySignature } from "@solana/kit";
import { getWallets } from "@wallet-standard/app";
import type { WalletAccount } from "@wallet-standard/base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installSolanaTestWallet, SOLANA_TEST_WALLET_NAME } from "./installSolanaTestWallet.js";

let local: SolanaLocal;
beforeAll(async () => {
  local = await startSolanaLocal();
});
afterAll(async () => {
  await local?.stop();
});

type Features = Record<string, Record<string, (...args: never[]) => Promise<unknown>> & { version: string }>;

describe("installSolanaTestWallet (Wallet Standard)", () => {
  it("registers through the window events, before and after the app is ready; uninstall unregisters", async () => {
    const account = local.accounts[0];
    if (!account) throw new Error("no dev account");
    const early = await installSolanaTestWallet({ secretKey: account.secretKey, rpcUrl: local.url, name: "Early" });
    const wallets = getWallets(); // dispatches wallet-standard:app-ready: the early wallet registers now
    const late = await installSolanaTestWallet({ secretKey: account.secretKey, rpcUrl: local.url });
    expect(wallets.get().map((w) => w.name)).toEqual(["Early", SOLANA_TEST_WALLET_NAME]);
    expect(late.chain).toBe(`solana:${local.genesisHash.slice(0, 32)}`);
    expect(late.wallet.chains).toEqual([late.chain, "solana:devnet"]);
    expect(late.address).toBe(account.address);
    expect(Object.keys(late.wallet.features).sort()).toEqual([
      "solana:signAndSendTransaction",
      "solana:signMessage",
      "solana:signTransaction",
      "standard:connect",
      "standard:disconnect",
      "standard:events",
    ]);
    early.uninstall();
    late.uninstall();
    expect(wallets.get()).toEqual([]);
  });

  it("connects, signs a message with the account's ed25519 key, emits change, disconnects; refusals are 4001", async () => {
    const account = local.accounts[1];
    if (!account) throw new Error("no dev account");
    const test = await installSolanaTestWallet({ secretKey: account.secretKey, rpcUrl: local.url });
    const features = test.wallet.features as unknown as Features;
    const changes: (readonly WalletAccount[] | undefined)[] = [];
    const off = (
      features["standard:events"] as unknown as {
        on(e: "change", l: (p: { accounts?: readonly WalletAccount[] }) => void): () => void;
      }
    ).on("change", (p) => changes.push(p.accounts));

    test.rejectNext();
    await expect(
      (features["standard:connect"] as unknown as { connect(): Promise<unknown> }).connect(),
    ).rejects.toMatchObject({ code: 4001 });
    const { accounts } = (await (
      features["standard:connect"] as unknown as { connect(): Promise<{ accounts: WalletAccount[] }> }
    ).connect()) as { accounts: WalletAccount[] };
    expect(accounts.map((a) => a.address)).toEqual([account.address]);
    expect(test.wallet.accounts).toHaveLength(1);

    const message = new TextEncoder().encode("fundament");
    const [out] = (await (
      features["solana:signMessage"] as unknown as {
        signMessage(i: { account: WalletAccount; message: Uint8Array }): Promise<{ signature: Uint8Array }[]>;
      }
    ).signMessage({ account: accounts[0] as WalletAccount, message })) as { signature: Uint8Array }[];
    const key = await getPublicKeyFromAddress(address(account.address));
    expect(await verifySignature(key, out?.signature as SignatureBytes, message)).toBe(true);
    expect(await verifySignature(key, out?.signature as SignatureBytes, new TextEncoder().encode("other"))).toBe(false);

    await (features["standard:disconnect"] as unknown as { disconnect(): Promise<void> }).disconnect();
    expect(test.wallet.accounts).toEqual([]);
    expect(changes.map((c) => c?.length)).toEqual([1, 0]);
    off();
    test.uninstall();
  });
});
