/**
 * Who voted on a proposal, with what weight and why, and when a proposal was executed: the governor's vote and
 * execution events read back through the SDK on a real anvil, in ranges the provider accepts.
 */
import { custom, http, RpcRequestError } from "viem";
import { getBlock } from "viem/actions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, chain, deployment, rpcUrl, snapshot } from "../../test/chain.js";
import { as, investAs, publicClient, travel } from "../../test/fund.js";
import { createFundPublicClient } from "../chains/createFundPublicClient.js";
import { castVote } from "../writes/castVote.js";
import { createProposal } from "../writes/createProposal.js";
import { executeProposal } from "../writes/executeProposal.js";
import { vote } from "../writes/vote.js";
import { getProposalExecutions } from "./getProposalExecutions.js";
import { getProposalVoters } from "./getProposalVoters.js";

const HOUR = 3_600_000;
const HASH = /^0x[0-9a-f]{64}$/;
let restore: () => Promise<void>;
let first: bigint;
let second: bigint;
let executedHash: `0x${string}` | null;

/** A client whose provider refuses `eth_getLogs` over more than 4 blocks, and the spans it answered. */
function pickyClient() {
  const upstream = http(rpcUrl)({ chain, retryCount: 0 });
  const spans: bigint[] = [];
  const transport = custom({
    async request(args) {
      if (args.method === "eth_getLogs") {
        const [filter] = args.params as [{ fromBlock: string; toBlock: string }];
        const span = BigInt(filter.toBlock) - BigInt(filter.fromBlock) + 1n;
        if (span > 4n) {
          throw new RpcRequestError({
            body: args,
            url: rpcUrl,
            error: { code: -32602, message: "query exceeds max block range 4" },
          });
        }
        spans.push(span);
      }
      return upstream.request(args as never);
    },
  });
  return { client: createFundPublicClient({ chainId: chain.id, rpcUrl, transport }), spans };
}

beforeAll(async () => {
  restore = await snapshot();
  // Voting power (principal before the proposals' block): 1 → 6,000, 2 → 3,000, 3 → 1,000, 4 → 1,000.
  await investAs(1, 1, 6_000);
  await investAs(2, 1, 3_000);
  await investAs(3, 2, 1_000);
  await investAs(4, 2, 1_000);
  await travel(60);
  const a = await createProposal({
    ...as(1).context,
    description: "Publish the desk's P&L weekly.",
    start: 0,
    end: HOUR,
  });
  const b = await createProposal({ ...as(2).context, description: "Add a third vault.", start: 0, end: HOUR });
  expect([a.success, b.success]).toEqual([true, true]);
  [first, second] = [a.proposalId as bigint, b.proposalId as bigint];
  // In this order: small votes first, so "largest first" is the read's doing, not the chain's.
  expect(await vote({ ...as(3).context, proposalId: first, choice: "for" })).toMatchObject({ success: true });
  expect(await castVote({ ...as(4).context, proposalId: first, choice: "for", reason: "" })).toMatchObject({
    success: true,
  });
  expect(
    await castVote({ ...as(2).context, proposalId: first, choice: "abstain", reason: "No view either way." }),
  ).toMatchObject({ success: true });
  expect(
    await castVote({ ...as(1).context, proposalId: first, choice: "for", reason: "Investors should see it." }),
  ).toMatchObject({ success: true });
  expect(
    await castVote({ ...as(3).context, proposalId: second, choice: "against", reason: "Too soon." }),
  ).toMatchObject({ success: true });
  await travel(3_600 + 60);
  const executed = await executeProposal({ ...as(5).context, proposalId: first });
  expect(executed).toMatchObject({ success: true });
  executedHash = executed.hash;
});
afterAll(async () => {
  await restore();
});

describe("getProposalVoters", () => {
  it("lists each proposal's voters with choice, weight and reason, largest weight first (ties as cast)", async () => {
    const voters = await getProposalVoters(publicClient, { deployment, proposalIds: [first, second] });
    expect(
      voters.map(({ proposalId, voter, choice, weight, reason }) => [proposalId, voter, choice, weight, reason]),
    ).toEqual([
      [first, accounts[1], "for", 6_000_000_000n, "Investors should see it."],
      [first, accounts[2], "abstain", 3_000_000_000n, "No view either way."],
      // Equal weights in the order cast: account 3 (`vote`, the Voted event), account 4 (`castVote`), account 3 again.
      [first, accounts[3], "for", 1_000_000_000n, ""],
      [first, accounts[4], "for", 1_000_000_000n, ""],
      [second, accounts[3], "against", 1_000_000_000n, "Too soon."],
    ]);
    for (const v of voters) {
      expect(v.transactionHash).toMatch(HASH);
      expect(v.blockNumber).toBeGreaterThan(0n);
    }
  });

  it("reads only the proposals asked for, nothing for none", async () => {
    const only = await getProposalVoters(publicClient, { deployment, proposalIds: [second] });
    expect(only.map((v) => [v.voter, v.choice])).toEqual([[accounts[3], "against"]]);
    expect(await getProposalVoters(publicClient, { deployment, proposalIds: [] })).toEqual([]);
    expect(await getProposalVoters(publicClient, { deployment, proposalIds: [second + 10n] })).toEqual([]);
  });

  it("reads in the block ranges the provider accepts, with the same answer", async () => {
    const { client, spans } = pickyClient();
    const all = await getProposalVoters(publicClient, { deployment, proposalIds: [first, second] });
    expect(await getProposalVoters(client, { deployment, proposalIds: [first, second], initialRange: 64n })).toEqual(
      all,
    );
    expect(spans.length).toBeGreaterThan(1);
    expect(Math.max(...spans.map(Number))).toBeLessThanOrEqual(4);
  });
});

describe("getProposalExecutions", () => {
  it("says when and in which transaction a proposal was executed; absent when it was not", async () => {
    const executions = await getProposalExecutions(publicClient, { deployment, proposalIds: [first, second] });
    expect(executions).toHaveLength(1);
    const [execution] = executions;
    expect(execution?.proposalId).toBe(first);
    expect(execution?.transactionHash).toBe(executedHash);
    const block = await getBlock(publicClient, { blockNumber: execution?.blockNumber ?? 0n });
    expect(execution?.timestamp).toBe(Number(block.timestamp));
    expect(await getProposalExecutions(publicClient, { deployment, proposalIds: [second] })).toEqual([]);
  });
});
