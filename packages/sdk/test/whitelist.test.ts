import { type Address, custom, http, RpcRequestError } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { investmentFundAbi } from "../src/abi/index.js";
import { createFundPublicClient } from "../src/chains/createFundPublicClient.js";
import { getWhitelist } from "../src/reads/getWhitelist.js";
import { removeInvestorFromWhitelist } from "../src/writes/removeInvestorFromWhitelist.js";
import { whitelistInvestor } from "../src/writes/whitelistInvestor.js";
import { accounts, chain, deployment, rpcUrl, snapshot } from "./chain.js";
import { as, publicClient as client } from "./fund.js";

// The base state (test/globalSetup.ts) whitelists accounts 1-5, in that order.
let restore: () => Promise<void>;
beforeAll(async () => {
  restore = await snapshot();
});
afterAll(async () => {
  await restore();
});

describe("getWhitelist", () => {
  it("lists the wallets whitelisted now, from the whitelist events since the deployment block", async () => {
    const base = await getWhitelist(client, { deployment });
    expect(base.map((m) => m.address)).toEqual([accounts[1], accounts[2], accounts[3], accounts[4], accounts[5]]);
    for (const member of base) expect(member.blockNumber >= deployment.deploymentBlock).toBe(true);

    const admin = as(0).context;
    // Account 2 leaves; account 6 joins (given lower-case: the list is checksummed); account 4 leaves and comes back.
    expect(await removeInvestorFromWhitelist({ ...admin, investor: accounts[2] })).toMatchObject({ success: true });
    expect(await whitelistInvestor({ ...admin, investor: accounts[6].toLowerCase() })).toMatchObject({
      success: true,
    });
    expect(await removeInvestorFromWhitelist({ ...admin, investor: accounts[4] })).toMatchObject({ success: true });
    expect(await whitelistInvestor({ ...admin, investor: accounts[4] })).toMatchObject({ success: true });

    const now = await getWhitelist(client, { deployment });
    expect(now.map((m) => m.address)).toEqual([accounts[1], accounts[3], accounts[5], accounts[6], accounts[4]]);
    // Each one agrees with the contract's own answer.
    for (const index of [1, 2, 3, 4, 5, 6, 7]) {
      const onChain = await client.readContract({
        address: deployment.investmentFund,
        abi: investmentFundAbi,
        functionName: "isWhitelisted",
        args: [accounts[index] as Address],
      });
      expect(
        now.some((m) => m.address === accounts[index]),
        `account ${index}`,
      ).toBe(onChain);
    }
  });

  it("reads both events in one getLogs per block range, in ranges the provider accepts", async () => {
    const upstream = http(rpcUrl)({ chain, retryCount: 0 });
    const ranges: bigint[] = [];
    const picky = createFundPublicClient({
      chainId: chain.id,
      rpcUrl,
      transport: custom({
        async request(args) {
          if (args.method === "eth_getLogs") {
            const [filter] = args.params as [{ fromBlock: string; toBlock: string; topics: unknown[] }];
            const span = BigInt(filter.toBlock) - BigInt(filter.fromBlock) + 1n;
            if (span > 8n)
              throw new RpcRequestError({
                body: args,
                url: rpcUrl,
                error: { code: -32602, message: "query exceeds max block range 8" },
              });
            // One request asks for both events: its first topic is a list of the two signatures.
            expect(filter.topics[0]).toHaveLength(2);
            ranges.push(span);
          }
          return upstream.request(args as never);
        },
      }),
    });
    expect(await getWhitelist(picky, { deployment, initialRange: 64n })).toEqual(
      await getWhitelist(client, { deployment }),
    );
    expect(ranges.length).toBeGreaterThan(1);
    expect(Math.max(...ranges.map(Number))).toBeLessThanOrEqual(8);
  });
});
