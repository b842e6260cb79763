// @ts-check
/** The local SOL/USD MockPriceFeed the stack deploys for the API's Solana prices, on a real anvil. */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { DEV_ACCOUNTS, freePort, startAnvil } from "@fundament/test-chain";
import { createPublicClient, http, parseAbi } from "viem";
import { LOCAL_SOL_USD_ANSWER, startSolUsdFeed } from "./solPriceFeed.mjs";

const feedAbi = parseAbi([
  "function decimals() view returns (uint8)",
  "function description() view returns (string)",
  "function owner() view returns (address)",
  "function latestRoundData() view returns (uint80, int256, uint256, uint256, uint80)",
]);

describe("startSolUsdFeed", { timeout: 120_000 }, () => {
  /** @type {import("@fundament/test-chain").Anvil} */
  let anvil;

  before(async () => {
    anvil = await startAnvil({ port: await freePort() });
  });

  after(async () => {
    await anvil?.stop();
  });

  test("deploys SOL / USD at 150.00 with 8 decimals from its own key, and posts the answer again until stopped", async () => {
    const feed = await startSolUsdFeed({ rpcUrl: anvil.url, refreshMs: 300 });
    const client = createPublicClient({ transport: http(anvil.url) });
    /** @param {"decimals" | "description" | "owner" | "latestRoundData"} functionName */
    const read = (functionName) => client.readContract({ address: feed.address, abi: feedAbi, functionName });
    const round = async () => /** @type {readonly bigint[]} */ (await read("latestRoundData"));
    try {
      assert.equal(await read("decimals"), 8);
      assert.equal(await read("description"), "SOL / USD");
      assert.equal(await read("owner"), feed.owner);
      assert.ok(!DEV_ACCOUNTS.some((dev) => dev.address === feed.owner), "the owner is no dev account");
      const [roundId, answer, , updatedAt, answeredInRound] = await round();
      assert.equal(answer, LOCAL_SOL_USD_ANSWER);
      assert.equal(LOCAL_SOL_USD_ANSWER, 150n * 10n ** 8n);
      assert.equal(answeredInRound, roundId);
      assert.equal(updatedAt, (await client.getBlock()).timestamp);

      let later = await round();
      for (let i = 0; i < 50 && (later[0] ?? 0n) <= (roundId ?? 0n); i += 1) {
        await sleep(100);
        later = await round();
      }
      assert.ok((later[0] ?? 0n) > (roundId ?? 0n), "a new round was posted");
      assert.equal(later[1], LOCAL_SOL_USD_ANSWER);
    } finally {
      feed.stop();
    }
    await sleep(700); // a beat already sent lands; none after it
    const stopped = await round();
    await sleep(900);
    assert.equal((await round())[0], stopped[0]);
  });
});
