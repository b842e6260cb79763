import {
  appendTransactionMessageInstructions,
  assertIsTransactionWithBlockhashLifetime,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  type KeyPairSigner,
  lamports,
  pipe,
  type Rpc,
  type RpcSubscriptions,
  type SolanaRpcApi,
  type SolanaRpcSubscriptionsApi,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SolanaLocal, startSolanaLocal } from "./index.js";
import { rawWebSocket, signedTransaction } from "./testing.js";

let local: SolanaLocal;
let rpc: Rpc<SolanaRpcApi>;
let subscriptions: RpcSubscriptions<SolanaRpcSubscriptionsApi>;
let alice: KeyPairSigner;

beforeAll(async () => {
  local = await startSolanaLocal();
  rpc = createSolanaRpc(local.url);
  subscriptions = createSolanaRpcSubscriptions(local.wsUrl);
  alice = await createKeyPairSignerFromBytes(local.accounts[0]?.secretKey as Uint8Array);
});

afterAll(async () => {
  await local?.stop();
});

describe("subscriptions over WebSocket", () => {
  it("kit's sendAndConfirmTransaction confirms through signatureNotifications", async () => {
    const receiver = await generateKeyPairSigner();
    const { value: lifetime } = await rpc.getLatestBlockhash().send();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(alice, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) =>
        appendTransactionMessageInstructions(
          [getTransferSolInstruction({ source: alice, destination: receiver.address, amount: lamports(1_000_000n) })],
          m,
        ),
    );
    const signed = await signTransactionMessageWithSigners(message);
    assertIsTransactionWithBlockhashLifetime(signed);
    const sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions: subscriptions });
    await sendAndConfirm(signed, { commitment: "confirmed" });
    const status = await rpc.getSignatureStatuses([getSignatureFromTransaction(signed)]).send();
    expect(status.value[0]?.err).toBeNull();
    expect((await rpc.getBalance(receiver.address).send()).value).toBe(1_000_000n);
  });

  it("notifies slots and account changes", async () => {
    const abort = new AbortController();
    try {
      const watched = await generateKeyPairSigner();
      const slots = await subscriptions.slotNotifications().subscribe({ abortSignal: abort.signal });
      const accounts = await subscriptions
        .accountNotifications(watched.address, { encoding: "base64" })
        .subscribe({ abortSignal: abort.signal });
      const wire = await signedTransaction(rpc, alice, [
        getTransferSolInstruction({ source: alice, destination: watched.address, amount: lamports(2_000_000n) }),
      ]);
      const before = await rpc.getSlot().send();
      // kit delivers only what arrives after iteration began: ask for the next ones before sending
      const nextAccount = accounts[Symbol.asyncIterator]().next();
      const nextSlot = slots[Symbol.asyncIterator]().next();
      await rpc.sendTransaction(wire, { encoding: "base64" }).send();
      expect((await nextAccount).value?.value.lamports).toBe(2_000_000n);
      expect((await nextSlot).value?.slot).toBe(before + 1n);
    } finally {
      abort.abort();
    }
  });

  it("answers errors on the socket without closing it", async () => {
    const socket = await rawWebSocket(local.wsUrl);
    try {
      socket.send("{ nope");
      expect(await socket.next()).toMatchObject({ error: { code: -32700 } });
      socket.send(JSON.stringify({ jsonrpc: "2.0", id: 7, method: "accountSubscribe", params: ["bad"] }));
      expect(await socket.next()).toMatchObject({ id: 7, error: { code: -32602 } });
      socket.send(JSON.stringify({ jsonrpc: "2.0", id: 8, method: "fooSubscribe", params: [] }));
      expect(await socket.next()).toMatchObject({ id: 8, error: { code: -32601, message: "Method not found" } });
      socket.send(JSON.stringify({ jsonrpc: "2.0", id: 9, method: "slotSubscribe" }));
      const subscribed = await socket.next();
      expect(typeof subscribed.result).toBe("number");
      await rpc.requestAirdrop(alice.address, lamports(1n)).send();
      expect(await socket.next()).toMatchObject({
        method: "slotNotification",
        params: { subscription: subscribed.result },
      });
      socket.send(JSON.stringify({ jsonrpc: "2.0", id: 10, method: "slotUnsubscribe", params: [subscribed.result] }));
      expect(await socket.next()).toMatchObject({ id: 10, result: true });
      socket.send(JSON.stringify({ jsonrpc: "2.0", id: 11, method: "slotUnsubscribe", params: [subscribed.result] }));
      expect(await socket.next()).toMatchObject({ id: 11, error: { code: -32602 } });
    } finally {
      socket.close();
    }
  });

  it("notifies an already-landed signature at once", async () => {
    const signature = await rpc.requestAirdrop(alice.address, lamports(5n)).send();
    const socket = await rawWebSocket(local.wsUrl);
    try {
      socket.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "signatureSubscribe", params: [signature] }));
      const subscribed = await socket.next();
      expect(await socket.next()).toMatchObject({
        method: "signatureNotification",
        params: { subscription: subscribed.result, result: { value: { err: null } } },
      });
    } finally {
      socket.close();
    }
  });
});
