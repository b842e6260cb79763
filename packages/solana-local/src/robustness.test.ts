import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOLANA_LOCAL_METHODS, type SolanaLocal, startSolanaLocal } from "./index.js";
import { call, rawRpc } from "./testing.js";

let local: SolanaLocal;

beforeAll(async () => {
  local = await startSolanaLocal();
});

afterAll(async () => {
  await local?.stop();
});

const JUNK: unknown[][] = [
  [],
  [null],
  ["x"],
  [""],
  [0],
  [-1],
  [1e300],
  [true],
  [{}],
  [[]],
  [["1", 2, null]],
  ["11111111111111111111111111111111", { encoding: 5 }],
  ["11111111111111111111111111111111", "not an object"],
  ["11111111111111111111111111111111", { mint: "x" }],
  ["11111111111111111111111111111111", { programId: "11111111111111111111111111111111" }],
  ["11111111111111111111111111111111", { dataSlice: { offset: -1, length: "a" }, encoding: "base64" }],
  ["A".repeat(10_000)],
  [{ __proto__: { polluted: true } }],
];

describe("never crashes on input", () => {
  it("answers every method with every kind of junk with a result or a -326xx/-320xx error, never an internal error", async () => {
    for (const method of SOLANA_LOCAL_METHODS) {
      for (const params of JUNK) {
        const answer = await call(local.url, method, params);
        expect(answer.jsonrpc, `${method} ${JSON.stringify(params).slice(0, 80)}`).toBe("2.0");
        if (answer.error) {
          expect(
            answer.error.code,
            `${method} ${JSON.stringify(params).slice(0, 80)}: ${answer.error.message}`,
          ).not.toBe(-32603);
          expect(typeof answer.error.message).toBe("string");
        }
      }
    }
    expect((await call(local.url, "getHealth")).result).toBe("ok");
  });

  it("survives odd bodies", async () => {
    for (const body of ["", "null", "1", '"x"', "[1,2]", '{"jsonrpc":"2.0","id":{},"method":"getHealth"}', "\u0000"]) {
      const answer = await rawRpc(local.url, body);
      expect(answer.status, body).toBeLessThan(500);
    }
    const notification = await rawRpc(local.url, { jsonrpc: "2.0", method: "getHealth" });
    expect(notification.status).toBe(204);
    expect((await call(local.url, "getHealth")).result).toBe("ok");
  });
});
