// A minimal RFC 6455 WebSocket server connection (text messages, ping/pong, close), on node:http's upgrade event,
// so the subscriptions need no extra package.
import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";

/** The largest message accepted from a client (bytes). */
export const MAX_WS_MESSAGE_BYTES = 1024 * 1024;

const GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

/** One open WebSocket: send text, get text messages, learn when it closed. */
export type WebSocketConnection = {
  send(text: string): void;
  close(code?: number, reason?: string): void;
  onMessage(listener: (text: string) => void): void;
  onClose(listener: () => void): void;
};

function frame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  let header: Buffer;
  if (length < 126) {
    header = Buffer.from([0x80 | opcode, length]);
  } else if (length < 65_536) {
    header = Buffer.alloc(4);
    header[0] = 0x80 | opcode;
    header[1] = 126;
    header.writeUInt16BE(length, 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = 0x80 | opcode;
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  return Buffer.concat([header, payload]);
}

/** Complete the handshake; undefined (and the socket answered with 400) when it is not a WebSocket upgrade. */
export function acceptWebSocket(
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer = Buffer.alloc(0),
): WebSocketConnection | undefined {
  const key = req.headers["sec-websocket-key"];
  if (String(req.headers.upgrade ?? "").toLowerCase() !== "websocket" || typeof key !== "string") {
    socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n");
    return undefined;
  }
  const accept = createHash("sha1")
    .update(key + GUID)
    .digest("base64");
  socket.write(
    "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
      `Sec-WebSocket-Accept: ${accept}\r\n\r\n`,
  );
  const messageListeners: ((text: string) => void)[] = [];
  const closeListeners: (() => void)[] = [];
  let buffered: Buffer = Buffer.alloc(0);
  let fragments: Buffer[] = [];
  let fragmentsSize = 0;
  let closed = false;

  const finish = () => {
    if (closed) return;
    closed = true;
    for (const listener of closeListeners) listener();
  };
  const write = (data: Buffer) => {
    if (!closed && socket.writable) socket.write(data);
  };
  const close = (code = 1000, reason = "") => {
    if (closed) return;
    const payload = Buffer.alloc(2 + Buffer.byteLength(reason));
    payload.writeUInt16BE(code, 0);
    payload.write(reason, 2);
    write(frame(0x8, payload));
    socket.end();
    finish();
  };

  const parse = () => {
    for (;;) {
      if (buffered.length < 2) return;
      const first = buffered[0] ?? 0;
      const second = buffered[1] ?? 0;
      const fin = (first & 0x80) !== 0;
      const opcode = first & 0x0f;
      const masked = (second & 0x80) !== 0;
      let length = second & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (buffered.length < 4) return;
        length = buffered.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (buffered.length < 10) return;
        const big = buffered.readBigUInt64BE(2);
        if (big > BigInt(MAX_WS_MESSAGE_BYTES)) return close(1009, "message too big");
        length = Number(big);
        offset = 10;
      }
      if (!masked) return close(1002, "client frames must be masked");
      if (length > MAX_WS_MESSAGE_BYTES) return close(1009, "message too big");
      if (buffered.length < offset + 4 + length) return;
      const mask = buffered.subarray(offset, offset + 4);
      const payload = Buffer.from(buffered.subarray(offset + 4, offset + 4 + length));
      for (let i = 0; i < payload.length; i++) payload[i] = (payload[i] ?? 0) ^ (mask[i % 4] ?? 0);
      buffered = buffered.subarray(offset + 4 + length);
      if (opcode === 0x8) return close(1000);
      if (opcode === 0x9) {
        write(frame(0xa, payload));
        continue;
      }
      if (opcode === 0xa) continue;
      if (opcode !== 0x0 && opcode !== 0x1) return close(1003, "only text messages are accepted");
      fragmentsSize += payload.length;
      if (fragmentsSize > MAX_WS_MESSAGE_BYTES) return close(1009, "message too big");
      fragments.push(payload);
      if (!fin) continue;
      const text = Buffer.concat(fragments).toString("utf8");
      fragments = [];
      fragmentsSize = 0;
      for (const listener of messageListeners) listener(text);
    }
  };

  const receive = (chunk: Buffer) => {
    if (closed) return;
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    try {
      parse();
    } catch {
      close(1011, "internal error");
    }
  };
  socket.on("data", receive);
  // Bytes that arrived with the handshake (a client may send its first message at once) are the first frames.
  if (head.length > 0) setImmediate(() => receive(head));
  socket.on("close", finish);
  socket.on("end", () => {
    // The HTTP server keeps sockets half-open: end our side too, or the server can never close.
    socket.end();
    finish();
  });
  socket.on("error", finish);

  return {
    send: (text) => write(frame(0x1, Buffer.from(text, "utf8"))),
    close,
    onMessage: (listener) => messageListeners.push(listener),
    onClose: (listener) => closeListeners.push(listener),
  };
}
