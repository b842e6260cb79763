// @ts-check
/**
 * The stack's local Solana RPC as a child process: it answers on its port, the derived dev accounts are the funded
 * ones, a taken port fails clearly, and stop() ends the process.
 */
import assert from "node:assert/strict";
import { createServer } from "node:net";
import { after, before, describe, test } from "node:test";
import { freePort } from "@fundament/test-chain";
import { base58, solanaDevAccount, startSolanaRpc } from "./solana.mjs";

/**
 * @param {string} url
 * @param {string} method
 * @param {unknown[]} [params]
 */
async function rpc(url, method, params = []) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = /** @type {{ result?: any, error?: { message: string } }} */ (await response.json());
  if (body.error) throw new Error(body.error.message);
  return body.result;
}

describe("startSolanaRpc (the stack's local Solana RPC)", { timeout: 60_000 }, () => {
  /** @type {import("./solana.mjs").SolanaRpc} */
  let solana;
  before(async () => {
    solana = await startSolanaRpc({ port: await freePort() });
  });
  after(async () => {
    await solana?.stop();
  });

  test("answers JSON-RPC with the fixed genesis hash; the derived dev accounts hold 1,000 SOL and the mint's mUSDC", async () => {
    assert.equal(solana.genesisHash, "CKzSJtA56Nm5gFMGL4L9eQoRjRjsT9FstQuPsWmQg55E");
    assert.equal(await rpc(solana.url, "getGenesisHash"), solana.genesisHash);
    assert.equal(solana.wsUrl, solana.url.replace("http://", "ws://"));
    assert.equal(solana.accounts.length, 10);
    const account = solana.accounts[3];
    assert.ok(account);
    assert.equal(account.secretKey.length, 64);
    assert.equal(base58(Uint8Array.from(account.secretKey.slice(32))), account.address);
    assert.equal((await rpc(solana.url, "getBalance", [account.address])).value, 1_000_000_000_000);
    const tokens = await rpc(solana.url, "getTokenAccountsByOwner", [
      account.address,
      { mint: solana.mint.address },
      { encoding: "jsonParsed" },
    ]);
    assert.equal(tokens.value[0].account.data.parsed.info.tokenAmount.amount, "100000000000");
    assert.deepEqual(solanaDevAccount(3), account);
  });

  test("base58 keeps leading zero bytes as '1'", () => {
    assert.equal(base58(new Uint8Array([0, 0, 1])), "112");
    assert.equal(base58(new Uint8Array(32)), "11111111111111111111111111111111");
  });

  test("a taken port fails with a clear error, naming SOLANA_RPC_PORT", async () => {
    const server = createServer();
    const port = await freePort();
    await new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(undefined)));
    try {
      await assert.rejects(startSolanaRpc({ port }), /127\.0\.0\.1:\d+ is already in use.*SOLANA_RPC_PORT/);
    } finally {
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    }
  });

  test("stop() ends the process (exited resolves) and the port is free again", async () => {
    const port = await freePort();
    const other = await startSolanaRpc({ port });
    await other.stop();
    assert.equal(typeof (await other.exited), "number");
    await assert.rejects(fetch(other.url));
  });
});
