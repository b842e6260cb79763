/**
 * @file The local chain's SOL/USD price feed: a MockPriceFeed (contracts/src/mocks, owner-settable, 8 decimals like
 * Chainlink's SOL/USD) the API reads as SOLANA_SOL_USD_FEED to price SOL in `POST /v1/fungible/price`. Local only:
 * on a real network SOLANA_SOL_USD_FEED is Chainlink's SOL/USD aggregator.
 */

import { LOCAL_CHAIN_ID } from "@fundament/test-chain";
import { createPublicClient, createTestClient, createWalletClient, http, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { ensureArtifacts, loadArtifact } from "./foundry.mjs";

/** The local SOL/USD answer: 150.00 USD with 8 decimals. */
export const LOCAL_SOL_USD_ANSWER = 150_00000000n;

/** How often the answer is posted again, as a Chainlink heartbeat does (well inside the API's default 1-hour age). */
export const SOL_USD_REFRESH_MS = 20 * 60_000;

/**
 * @typedef {object} SolUsdFeed
 * @property {import("viem").Address} address the MockPriceFeed (SOLANA_SOL_USD_FEED)
 * @property {import("viem").Address} owner the feed's own owner key (no dev account: its sends never race theirs)
 * @property {() => void} stop stops the refresh
 */

/**
 * Deploys the SOL/USD MockPriceFeed at 150.00 USD on anvil from a fresh owner key (funded with `anvil_setBalance`)
 * and posts the same answer again every `refreshMs`, so the API never finds it older than PRICE_FEED_MAX_AGE_SECONDS.
 * Start it once the chain's clock is at the wall clock (after the seed): an answer is dated by its block.
 * @param {{ rpcUrl: string, refreshMs?: number }} options
 * @returns {Promise<SolUsdFeed>}
 */
export async function startSolUsdFeed({ rpcUrl, refreshMs = SOL_USD_REFRESH_MS }) {
  await ensureArtifacts([["MockPriceFeed.sol", "MockPriceFeed"]]);
  const { abi, bytecode } = loadArtifact("MockPriceFeed.sol", "MockPriceFeed");
  const chain = { ...foundry, id: LOCAL_CHAIN_ID };
  const account = privateKeyToAccount(generatePrivateKey());
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl) });
  await createTestClient({ chain, mode: "anvil", transport: http(rpcUrl) }).setBalance({
    address: account.address,
    value: parseEther("10"),
  });
  const hash = await wallet.deployContract({ abi, bytecode, args: [8, "SOL / USD", LOCAL_SOL_USD_ANSWER] });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success" || !receipt.contractAddress)
    throw new Error("the SOL/USD MockPriceFeed was not deployed");
  const address = receipt.contractAddress;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    wallet
      .writeContract({ address, abi, functionName: "setAnswer", args: [LOCAL_SOL_USD_ANSWER] })
      .then((sent) => publicClient.waitForTransactionReceipt({ hash: sent }))
      .catch(() => undefined) // anvil stopping, or a moment's outage: the next beat tries again
      .finally(() => {
        busy = false;
      });
  }, refreshMs);
  timer.unref();
  return { address, owner: account.address, stop: () => clearInterval(timer) };
}
