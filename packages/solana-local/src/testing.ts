// Helpers for tests against the local RPC: a raw JSON-RPC call, a kit transaction builder, and a confirmation poll.
import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type Instruction,
  type KeyPairSigner,
  pipe,
  type Rpc,
  type SolanaRpcApi,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";

/** Raw JSON as the tests read it (any shape the server may answer). */
// biome-ignore lint/suspicious/noExplicitAny: untyped JSON from the wire, asserted field by field in tests
export type Json = any;

/** A raw JSON-RPC exchange: the HTTP status and the parsed body (numbers as JS numbers). */
export async function rawRpc(url: string, body: unknown): Promise<{ status: number; body: Json }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** Call one method raw and return the JSON-RPC response object. */
export async function call(url: string, method: string, params: unknown[] = []): Promise<Json> {
  return (await rawRpc(url, { jsonrpc: "2.0", id: 1, method, params })).body;
}

/** Build a v0 transaction with the RPC's latest blockhash, sign it, and return its base64 wire form. */
export async function signedTransaction(
  rpc: Rpc<SolanaRpcApi>,
  feePayer: KeyPairSigner,
  instructions: readonly Instruction[],
) {
  const { value: lifetime } = await rpc.getLatestBlockhash().send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const signed = await signTransactionMessageWithSigners(message);
  return getBase64EncodedWireTransaction(signed);
}

/** Poll getSignatureStatuses until the signature is finalized (or fail after the timeout). */
export async function waitForFinalized(rpc: Rpc<SolanaRpcApi>, signature: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { value } = await rpc.getSignatureStatuses([signature as never]).send();
    const status = value[0];
    if (status?.confirmationStatus === "finalized") return status;
    if (Date.now() > deadline) throw new Error(`${signature} was not finalized within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A bare WebSocket client (node:net, masked text frames) for tests that send what a library would not. */
export async function rawWebSocket(url: string) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await new Promise((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  socket.write(
    `GET / HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  const messages: Json[] = [];
  const waiters: ((message: Json) => void)[] = [];
  let buffer = Buffer.alloc(0);
  let handshakeDone = false;
  socket.on("data", (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    if (!handshakeDone) {
      const end = buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      handshakeDone = true;
      buffer = buffer.subarray(end + 4);
    }
    for (;;) {
      if (buffer.length < 2) return;
      let length = (buffer[1] ?? 0) & 0x7f;
      let offset = 2;
      if (length === 126) {
        length = buffer.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        length = Number(buffer.readBigUInt64BE(2));
        offset = 10;
      }
      if (buffer.length < offset + length) return;
      const opcode = (buffer[0] ?? 0) & 0x0f;
      const payload = buffer.subarray(offset, offset + length).toString("utf8");
      buffer = buffer.subarray(offset + length);
      if (opcode !== 1) continue;
      const message = JSON.parse(payload);
      const waiter = waiters.shift();
      if (waiter) waiter(message);
      else messages.push(message);
    }
  });
  return {
    /** Send a text frame (masked, as a client must). */
    send(text: string) {
      const payload = Buffer.from(text, "utf8");
      const mask = randomBytes(4);
      const header =
        payload.length < 126
          ? Buffer.from([0x81, 0x80 | payload.length])
          : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
      const masked = Buffer.from(payload.map((byte, i) => byte ^ (mask[i % 4] ?? 0)));
      socket.write(Buffer.concat([header, mask, masked]));
    },
    /** The next JSON message from the server. */
    next(): Promise<Json> {
      const queued = messages.shift();
      if (queued !== undefined) return Promise.resolve(queued);
      return new Promise((resolve) => waiters.push(resolve));
    },
    close() {
      socket.destroy();
    },
  };
}
