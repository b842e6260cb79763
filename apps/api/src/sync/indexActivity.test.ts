import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deploy } from "@fundament/scripts/deploy";
import { loadArtifact } from "@fundament/scripts/lib/foundry";
import { seed } from "@fundament/scripts/seed";
import {
  createFundPublicClient,
  type Deployment,
  fundGovernorAbi,
  getVoteChoices,
  governorAddress,
  investmentFundAbi,
  mockUsdcAbi,
  parseDeployment,
} from "@fundament/sdk";
import { devLocalAccount } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import { fetchTransactions } from "@fundament/wallet";
import { and, eq, inArray, or } from "drizzle-orm";
import {
  type Address,
  createWalletClient,
  erc20Abi,
  getAddress,
  type Hash,
  http,
  maxUint256,
  type PublicClient,
  parseAbi,
  parseEther,
  parseUnits,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NATIVE_TOKEN_ADDRESS } from "../account/activityTokens.js";
import { type AccountHistoryItem, readAccountHistory } from "../account/readAccountHistory.js";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import type { Database } from "../db/client.js";
import { fundEvents, tokenMetadata, tokenTransfers } from "../db/schema.js";
import { testDatabase } from "../testing/testDatabase.js";
import { indexTokenTransfers } from "./indexTokenTransfers.js";

const account = devLocalAccount;
const routerAbi = parseAbi([
  "function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)",
  "function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
]);
const NATIVE = getAddress(NATIVE_TOKEN_ADDRESS);
const RECEIVER = getAddress("0x00000000000000000000000000000000000a11ce");

const { rpcUrl } = testChainForFile();
let deploymentsDir: string;
let deployment: Deployment;
let client: PublicClient;
let database: Database;
let usdc: Address;
let wbtc: Address;
let junk: Address;
const hashes: Record<"native" | "wbtc" | "junkMint" | "junk" | "buy" | "approve" | "sell", Hash> = {} as never;

/** Sends a transaction from `from` and waits for it to succeed. */
async function send(from: number, request: Record<string, unknown>): Promise<Hash> {
  const wallet = createWalletClient({ account: account(from), transport: http(rpcUrl) });
  const hash =
    "abi" in request
      ? await wallet.writeContract({ chain: null, ...request } as never)
      : await wallet.sendTransaction({ chain: null, ...request } as never);
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
  return hash;
}

beforeAll(async () => {
  deploymentsDir = mkdtempSync(join(tmpdir(), "fundament-api-activity-"));
  const deployed = await deploy({ rpcUrl, deploymentsDir, log: () => {} });
  await seed({ rpcUrl, deployment: deployed });
  deployment = parseDeployment(deployed);
  client = createFundPublicClient({ chainId: deployment.chainId, rpcUrl });
  usdc = deployment.investmentToken as Address;
  const second = deployment.tokens?.find((token) => token.address !== usdc);
  if (!deployment.dex || !second) throw new Error("the local deployment has no DEX or second token");
  wbtc = second.address;
  const { router, weth } = deployment.dex;
  const deadline = maxUint256;

  hashes.native = await send(1, { to: RECEIVER, value: parseEther("1.25") });
  hashes.wbtc = await send(1, { address: wbtc, abi: erc20Abi, functionName: "transfer", args: [RECEIVER, 10_000n] });
  // A token nobody listed: minted to account 1, then sent on.
  const artifact = loadArtifact("MockUSDC.sol", "MockUSDC");
  const deployHash = await createWalletClient({ account: account(6), transport: http(rpcUrl) }).deployContract({
    chain: null,
    abi: artifact.abi,
    bytecode: artifact.bytecode,
  });
  junk = (await client.waitForTransactionReceipt({ hash: deployHash })).contractAddress as Address;
  hashes.junkMint = await send(6, {
    address: junk,
    abi: mockUsdcAbi,
    functionName: "mint",
    args: [account(1).address, 5_000_000n],
  });
  hashes.junk = await send(1, { address: junk, abi: erc20Abi, functionName: "transfer", args: [RECEIVER, 1_000_000n] });
  // Two swaps through the router: 0.5 ETH for mUSDC, then 1,000 mUSDC for ETH.
  hashes.buy = await send(1, {
    address: router,
    abi: routerAbi,
    functionName: "swapExactETHForTokens",
    args: [0n, [weth, usdc], account(1).address, deadline],
    value: parseEther("0.5"),
  });
  hashes.approve = await send(1, {
    address: usdc,
    abi: erc20Abi,
    functionName: "approve",
    args: [router, parseUnits("5000", 6)],
  });
  hashes.sell = await send(1, {
    address: router,
    abi: routerAbi,
    functionName: "swapExactTokensForETH",
    args: [parseUnits("1000", 6), 0n, [usdc, weth], account(1).address, deadline],
  });

  database = await testDatabase();
  // Small steps: the history is read across many stored steps.
  await indexTokenTransfers({ db: database.db, client, deployment, stepBlocks: 25n });
}, 240_000);

afterAll(async () => {
  await database?.close();
  if (deploymentsDir) rmSync(deploymentsDir, { recursive: true, force: true });
});

/** Every item of an account's history, page by page. */
async function history(address: string): Promise<{ items: AccountHistoryItem[]; pages: number }> {
  const items: AccountHistoryItem[] = [];
  let cursor: { blockNumber: number; logIndex: number } | undefined;
  let pages = 0;
  for (;;) {
    const page = await readAccountHistory(database.db, {
      address: address.toLowerCase(),
      chainId: deployment.chainId,
      cursor,
      deployment,
    });
    items.push(...page.data);
    pages++;
    if (!page.next) return { items, pages };
    const [blockNumber, logIndex] = page.next.split(":").map(Number) as [number, number];
    cursor = { blockNumber, logIndex };
  }
}

const byHash = (items: AccountHistoryItem[], hash: Hash) => items.filter((item) => item.metadata.hash === hash);

describe("the complete account history (a real anvil)", () => {
  it("shows a native transfer on both sides", async () => {
    const [sent] = byHash((await history(account(1).address)).items, hashes.native);
    const [received] = byHash((await history(RECEIVER)).items, hashes.native);
    const transfer = { fungible_info: { name: "Ether", symbol: "ETH" }, quantity: { numeric: "1.25" } };
    expect(sent).toMatchObject({
      metadata: { operationType: "send", sentFrom: account(1).address, sentTo: RECEIVER },
      transfers: [{ ...transfer, direction: "out", token_address: NATIVE, native: true }],
    });
    expect(received).toMatchObject({
      metadata: { operationType: "receive", sentFrom: account(1).address, sentTo: RECEIVER },
      transfers: [{ ...transfer, direction: "in", token_address: NATIVE }],
    });
    expect(sent?.spam).toBeUndefined();
  });

  it("shows a second listed token with its stored symbol and decimals, not as spam", async () => {
    const [item] = byHash((await history(RECEIVER)).items, hashes.wbtc);
    expect(item).toMatchObject({
      metadata: { operationType: "receive" },
      transfers: [{ fungible_info: { symbol: "mWBTC" }, quantity: { numeric: "0.0001" }, token_address: wbtc }],
    });
    expect(item?.spam).toBeUndefined();
    const stored = await database.db.select().from(tokenMetadata).where(eq(tokenMetadata.address, wbtc.toLowerCase()));
    expect(stored).toEqual([
      {
        chainId: deployment.chainId,
        address: wbtc.toLowerCase(),
        name: expect.any(String),
        symbol: "mWBTC",
        decimals: 8,
      },
    ]);
  });

  it("flags a token the deployment does not list as possible spam, and labels its mint", async () => {
    const { items } = await history(account(1).address);
    const [minted] = byHash(items, hashes.junkMint);
    const [sent] = byHash(items, hashes.junk);
    expect(minted).toMatchObject({ spam: true, metadata: { operationType: "mint" }, transfers: [{ spam: true }] });
    expect(sent).toMatchObject({
      spam: true,
      metadata: { operationType: "send" },
      transfers: [{ direction: "out", quantity: { numeric: "1" }, token_address: getAddress(junk), spam: true }],
    });
    // Without a deployment to compare with, nothing is called spam.
    const page = await readAccountHistory(database.db, {
      address: RECEIVER.toLowerCase(),
      chainId: deployment.chainId,
    });
    expect(page.data.some((item) => item.spam)).toBe(false);
  });

  it("does not call a token the operator lists (SWAP_TOKENS) spam when the deployment comes from the environment", async () => {
    // `npm start` gives the API FUND_ADDRESS and TOKEN_ADDRESS, a deployment without a `tokens` list, and lists mWBTC
    // in SWAP_TOKENS: the app's own mWBTC was marked "Possible spam".
    const { tokens: _tokens, ...fromEnv } = deployment;
    const read = (listedTokens?: string[]) =>
      readAccountHistory(database.db, {
        address: RECEIVER.toLowerCase(),
        chainId: deployment.chainId,
        deployment: fromEnv,
        listedTokens,
      });
    const [unlisted] = byHash((await read()).data, hashes.wbtc);
    expect(unlisted?.spam).toBe(true);
    const [listed] = byHash((await read([wbtc])).data, hashes.wbtc);
    expect(listed?.spam).toBeUndefined();
  });

  it("labels the faucet's mint, investments and withdrawals (transfers with the fund)", async () => {
    // Seeded: account 2 got the faucet's mUSDC, invested and withdrew.
    const { items } = await history(account(2).address);
    const fund = deployment.investmentFund;
    const types = new Set(items.map((item) => item.metadata.operationType));
    expect([...types]).toEqual(expect.arrayContaining(["mint", "invest", "withdraw"]));
    for (const item of items.filter((entry) => entry.metadata.operationType === "invest")) {
      expect(item.metadata).toMatchObject({ sentFrom: account(2).address, sentTo: fund });
      expect(item.transfers[0]).toMatchObject({ direction: "out", token_address: usdc });
    }
    for (const item of items.filter((entry) => entry.metadata.operationType === "withdraw")) {
      expect(item.metadata).toMatchObject({ sentFrom: fund, sentTo: account(2).address });
      expect(item.transfers[0]).toMatchObject({ direction: "in" });
    }
    expect(items.some((item) => item.metadata.operationType === "mint" && item.transfers[0]?.direction === "in")).toBe(
      true,
    );
  });

  it("names the vault of each investment and withdrawal (the fund's events), not the fund's address", async () => {
    // Seeded: account 2 invested in both vaults and withdrew from them.
    const { items } = await history(account(2).address);
    const names = new Map<string, string>();
    for (const id of [1n, 2n]) {
      const vault = await client.readContract({
        address: deployment.investmentFund,
        abi: investmentFundAbi,
        functionName: "getVault",
        args: [id],
      });
      names.set(id.toString(), vault.name);
    }
    expect(names.get("1")).toBe("Crypto futures trading vault");
    const moves = items.filter((item) => ["invest", "withdraw"].includes(item.metadata.operationType));
    expect(moves.length).toBeGreaterThan(1);
    for (const item of moves) {
      const id = item.metadata.vault?.id ?? "";
      expect(item.metadata.vault).toEqual({ id, name: names.get(id) });
      // The vault is the one of the fund's event in the same transaction.
      const receipt = await client.getTransactionReceipt({ hash: item.metadata.hash as Hash });
      const fundLogs = receipt.logs.filter(
        (log) => log.address.toLowerCase() === deployment.investmentFund.toLowerCase(),
      );
      expect(fundLogs.some((log) => log.topics[2] === `0x${BigInt(id).toString(16).padStart(64, "0")}`)).toBe(true);
    }
    expect(new Set(moves.map((item) => item.metadata.vault?.name))).toContain("Crypto futures trading vault");
  });

  it("lists the account's votes (for, against, abstain) and roll-over changes as their own items", async () => {
    // Seeded: account 5 voted against proposals 1 and 2, for proposal 4, abstained on proposal 5 (castVote), and
    // turned roll-over on for the NFT vault, then for the futures vault; account 3 turned it on, then off.
    const five = account(5).address;
    const { items } = await history(five);
    const governor = governorAddress(deployment);
    const count = await client.readContract({ address: governor, abi: fundGovernorAbi, functionName: "proposalCount" });
    const cast = await getVoteChoices(client, {
      deployment,
      voter: five,
      proposalIds: Array.from({ length: Number(count) }, (_, i) => BigInt(i + 1)),
    });
    const votes = items.filter((item) => item.metadata.operationType === "vote");
    expect(votes.map((item) => item.metadata.vote)).toEqual(
      cast.map((vote) => ({ proposalId: vote.proposalId.toString(), choice: vote.choice })).reverse(),
    );
    expect(new Set(votes.map((item) => item.metadata.vote?.choice))).toEqual(new Set(["for", "against", "abstain"]));
    for (const vote of votes) {
      expect(vote).toMatchObject({
        transfers: [],
        metadata: { sentFrom: five, sentTo: governor, status: "confirmed" },
      });
    }
    const rollOvers = (who: Address) =>
      history(who).then(({ items: all }) =>
        all
          .filter((item) => item.metadata.operationType === "rollover")
          .map((item) => [item.metadata.vault?.name, item.metadata.rollOver?.enabled]),
      );
    expect(await rollOvers(five)).toEqual([
      ["Crypto futures trading vault", true],
      ["NFT lending vault", true],
    ]);
    expect(await rollOvers(account(3).address)).toEqual([
      ["Crypto futures trading vault", false],
      ["Crypto futures trading vault", true],
    ]);

    // A roll-over change made now is indexed on the next run and reaches the wallet through the route, parsed.
    const fresh = await send(4, {
      address: deployment.investmentFund,
      abi: investmentFundAbi,
      functionName: "setRollOver",
      args: [2n, true],
    });
    const run = await indexTokenTransfers({ db: database.db, client, deployment });
    expect(run.storedEvents).toBe(1);
    const config = { ...loadConfig({ LOG_LEVEL: "silent", CHAIN_ID: String(deployment.chainId) }), deployment };
    const app = await buildApp(config, { database, tokens: new Map() });
    const url = await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const page = await fetchTransactions({ baseUrl: url, address: account(4).address });
      expect(page.data[0]).toMatchObject({
        metadata: {
          hash: fresh,
          operationType: "rollover",
          vault: { id: "2", name: "NFT lending vault" },
          rollOver: { enabled: true },
        },
        transfers: [],
      });
      const voter = await fetchTransactions({ baseUrl: url, address: five });
      expect(voter.data.find((item) => item.metadata.operationType === "vote")?.metadata).toMatchObject({
        vote: { proposalId: expect.any(String), choice: expect.stringMatching(/^(for|against|abstain)$/) },
      });
    } finally {
      await app.close();
    }
  });

  it("labels swaps through the router with both legs, ether paid out by the router included", async () => {
    const { items } = await history(account(1).address);
    const buy = byHash(items, hashes.buy);
    expect(buy.map((item) => item.metadata.operationType)).toEqual(["swap", "swap"]);
    expect(buy.map((item) => [item.transfers[0]?.fungible_info.symbol, item.transfers[0]?.direction]).sort()).toEqual([
      ["ETH", "out"],
      ["mUSDC", "in"],
    ]);
    expect(buy.find((item) => item.transfers[0]?.direction === "out")?.transfers[0]?.quantity.numeric).toBe("0.5");
    const sell = byHash(items, hashes.sell);
    expect(sell.map((item) => item.metadata.operationType)).toEqual(["swap", "swap"]);
    expect(sell.map((item) => [item.transfers[0]?.fungible_info.symbol, item.transfers[0]?.direction]).sort()).toEqual([
      ["ETH", "in"],
      ["mUSDC", "out"],
    ]);
    const payout = sell.find((item) => item.transfers[0]?.direction === "in");
    expect(Number(payout?.transfers[0]?.quantity.numeric)).toBeGreaterThan(0.2);
    expect(payout?.metadata.sentFrom).toBe(deployment.dex?.router);
  });

  it("labels an approval on the owner's side only, the allowance as its quantity", async () => {
    const [approval] = byHash((await history(account(1).address)).items, hashes.approve);
    expect(approval).toMatchObject({
      metadata: { operationType: "approve", sentFrom: account(1).address, sentTo: deployment.dex?.router },
      transfers: [{ direction: "out", quantity: { numeric: "5000" }, fungible_info: { symbol: "mUSDC" } }],
    });
    expect(byHash((await history(deployment.dex?.router as string)).items, hashes.approve)).toEqual([]);
  });

  it("pages across native and token items newest first, each once, exactly the stored rows", async () => {
    // More than one page: native and token transfers in turn, both directions.
    for (let i = 0; i < 12; i++) {
      await send(1, { to: RECEIVER, value: parseEther("0.01") });
      await send(2, { address: wbtc, abi: erc20Abi, functionName: "transfer", args: [account(1).address, 100n] });
    }
    expect((await indexTokenTransfers({ db: database.db, client, deployment })).stored).toBe(24);
    const me = account(1).address.toLowerCase();
    const { items, pages } = await history(me);
    expect(pages).toBeGreaterThan(1);
    const rows = await database.db
      .select()
      .from(tokenTransfers)
      .where(
        or(
          eq(tokenTransfers.fromAddress, me),
          and(eq(tokenTransfers.toAddress, me), eq(tokenTransfers.kind, "transfer")),
        ),
      );
    // The account's votes and roll-over changes (seeded) page with its transfers.
    const events = await database.db
      .select()
      .from(fundEvents)
      .where(and(eq(fundEvents.account, me), inArray(fundEvents.kind, ["vote", "roll_over"])));
    expect(events.length).toBeGreaterThan(0);
    const expected = [...rows, ...events]
      .sort((a, b) => b.blockNumber - a.blockNumber || b.logIndex - a.logIndex)
      .map((row) => `${row.txHash}:${row.logIndex}`);
    expect(items.map((item) => item.id)).toEqual(expected);
    expect(new Set(items.map((item) => item.transfers[0]?.native === true))).toEqual(new Set([true, false]));
  });

  it("serves the labelled history through the route, as the wallet reads it", async () => {
    const config = { ...loadConfig({ LOG_LEVEL: "silent", CHAIN_ID: String(deployment.chainId) }), deployment };
    const app = await buildApp(config, { database, tokens: new Map() });
    const url = await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const all: Awaited<ReturnType<typeof fetchTransactions>>["data"] = [];
      let cursor: string | undefined;
      do {
        const page = await fetchTransactions({ baseUrl: url, address: account(1).address, cursor });
        expect(page.data.length).toBeLessThanOrEqual(20);
        all.push(...page.data);
        cursor = page.next;
      } while (cursor);
      expect(all.map((item) => item.id)).toEqual((await history(account(1).address)).items.map((item) => item.id));
      const sell = all.filter((item) => item.metadata.hash === hashes.sell);
      expect(sell.map((item) => item.metadata.operationType)).toEqual(["swap", "swap"]);
      // Possible spam stays in the list (marked), unlike spam NFTs.
      const received = await fetchTransactions({ baseUrl: url, address: RECEIVER, chainId: deployment.chainId });
      expect(received.data.find((item) => item.metadata.hash === hashes.junk)).toMatchObject({
        spam: true,
        transfers: [{ spam: true, direction: "in" }],
      });
    } finally {
      await app.close();
    }
  });

  it("stores nothing twice when run again", async () => {
    const before = (await database.db.select().from(tokenTransfers)).length;
    expect((await indexTokenTransfers({ db: database.db, client, deployment })).stored).toBe(0);
    expect((await database.db.select().from(tokenTransfers)).length).toBe(before);
  });
});
