/**
 * Governance that acts, through the SDK on a real anvil: a proposal with an on-chain action is simulated before the
 * vote ends, passes with for, against and abstain votes (one carried by a relayer from a signature), is queued in the
 * timelock, refused early, executed after the delay, and the parameter changes.
 */
import { linkArtifact, loadArtifact } from "@fundament/scripts/lib/foundry";
import { type Address, encodeFunctionData, type Hex, keccak256, toHex, zeroHash } from "viem";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fundGovernorAbi, investmentFundAbi } from "../src/abi/index.js";
import { type Deployment, governorAddress } from "../src/deployment/deployment.js";
import { getProposals } from "../src/reads/getProposals.js";
import { getVoteChoices } from "../src/reads/getVoteChoices.js";
import { simulateProposalActions } from "../src/reads/simulateProposalActions.js";
import { castVote } from "../src/writes/castVote.js";
import { castVoteBySig, signBallot } from "../src/writes/castVoteBySig.js";
import { proposeActions } from "../src/writes/proposeActions.js";
import { executeProposalActions, queueProposal } from "../src/writes/queueProposal.js";
import { accounts, deployment as baseDeployment, snapshot } from "./chain.js";
import { as, investAs, publicClient, travel } from "./fund.js";

const DELAY = 600;
const HOUR = 3_600_000;
const fund = { address: baseDeployment.investmentFund, abi: investmentFundAbi } as const;
const lockupOf = (vaultId: bigint) =>
  publicClient.readContract({ ...fund, functionName: "lockupPeriodDuration", args: [vaultId] });

let deployment: Deployment;
let restore: () => Promise<void>;

/** A timelock for the fund, set as the governor's, holding the top role (as deploy does). */
async function handOver(): Promise<Deployment> {
  const { walletClient } = as(0).context;
  const { abi, bytecode } = linkArtifact(loadArtifact("FundTimelock.sol", "FundTimelock"), {});
  const hash = await walletClient.deployContract({
    abi,
    bytecode,
    args: [fund.address, BigInt(DELAY)],
    chain: walletClient.chain,
  });
  const timelock = (await publicClient.waitForTransactionReceipt({ hash })).contractAddress as Address;
  const mined = async (tx: Hex) => publicClient.waitForTransactionReceipt({ hash: tx });
  await mined(
    await walletClient.writeContract({
      address: governorAddress(baseDeployment),
      abi: fundGovernorAbi,
      functionName: "setTimelock",
      args: [timelock],
      chain: walletClient.chain,
    }),
  );
  for (const [functionName, args] of [
    ["grantRole", [keccak256(toHex("GUARDIAN_ROLE")), accounts[6]]],
    ["grantRole", [zeroHash, timelock]],
    ["renounceRole", [zeroHash, accounts[0]]],
  ] as const) {
    await mined(await walletClient.writeContract({ ...fund, functionName, args, chain: walletClient.chain }));
  }
  return { ...baseDeployment, fundTimelock: timelock };
}

const context = (index: number) => ({ ...as(index).context, deployment });
const lockupAction = (seconds: number) => ({
  target: fund.address,
  value: 0n,
  calldata: encodeFunctionData({
    abi: investmentFundAbi,
    functionName: "setLockupPeriodDuration",
    args: [1n, BigInt(seconds)],
  }),
});

beforeEach(async () => {
  restore = await snapshot();
  deployment = await handOver();
  await investAs(1, 1, 6_000);
  await investAs(2, 1, 3_000);
  await investAs(3, 2, 1_000);
  await travel(60);
});
afterEach(async () => {
  await restore();
});

describe("a proposal with an action", () => {
  it("is simulated, voted (for, against, abstain, by signature), queued, refused early, executed", async () => {
    const created = await proposeActions({
      ...context(1),
      description: "Lengthen the futures lockup to 45 days.",
      start: 0,
      end: HOUR,
      actions: [lockupAction(45 * 86_400)],
    });
    expect(created).toMatchObject({ success: true, message: "Proposal transaction submitted" });
    const id = created.proposalId as bigint;

    const [listed] = (await getProposals(publicClient, { deployment })).proposals;
    expect(listed).toMatchObject({ id, kind: "actions", state: "active", canQueue: false });
    expect(listed?.actions).toEqual([lockupAction(45 * 86_400)]);
    expect(listed?.votingInfo.quorumCount).toBe(1_000); // 10 % of the 10,000 invested
    expect(await simulateProposalActions(publicClient, { deployment, actions: listed?.actions ?? [] })).toEqual([
      { ok: true },
    ]);
    const refused = await simulateProposalActions(publicClient, { deployment, actions: [lockupAction(60)] });
    expect(refused).toEqual([{ ok: false, message: "The lockup period must be between 1 hour and 365 days." }]);

    expect(await castVote({ ...context(1), proposalId: id, choice: "for", reason: "Longer rounds" })).toMatchObject({
      success: true,
    });
    expect(await castVote({ ...context(2), proposalId: id, choice: "abstain" })).toMatchObject({ success: true });
    // Account 3 signs; account 4 (no power of its own) carries the vote and pays its gas.
    const ballot = { proposalId: id, choice: "against" as const, voter: accounts[3] as Address, reason: "Too long" };
    const signature = await signBallot(as(3).context.walletClient, { deployment, ballot });
    expect(await castVoteBySig({ ...context(4), ballot, signature })).toMatchObject({ success: true });
    const replay = await castVoteBySig({ ...context(4), ballot, signature });
    expect(replay).toMatchObject({ success: false, message: "You have already voted on this proposal." });
    const choices = await getVoteChoices(publicClient, {
      deployment,
      voter: accounts[3] as Address,
      proposalIds: [id],
    });
    expect(choices).toEqual([{ proposalId: id, choice: "against", weight: 1_000_000_000n, reason: "Too long" }]);

    await travel(3_600);
    const [passed] = (await getProposals(publicClient, { deployment })).proposals;
    expect(passed).toMatchObject({ state: "succeeded", canQueue: true, canExecute: false });
    expect(passed?.votingInfo).toMatchObject({
      votesForCount: 6_000,
      votesAgainstCount: 1_000,
      votesAbstainCount: 3_000,
      quorumReached: true,
    });

    const queued = await queueProposal({ ...context(5), proposalId: id, actions: passed?.actions ?? [] });
    expect(queued).toMatchObject({ success: true });
    const [waiting] = (await getProposals(publicClient, { deployment })).proposals;
    expect(waiting?.state).toBe("queued");
    expect(waiting?.executableAt).toBeGreaterThan(0);
    const early = await executeProposalActions({ ...context(5), proposalId: id, actions: passed?.actions ?? [] });
    expect(early).toMatchObject({ success: false, kind: "reverted" });
    expect(await lockupOf(1n)).toBe(30n * 86_400n);

    await travel(DELAY + 1);
    const executed = await executeProposalActions({ ...context(5), proposalId: id, actions: passed?.actions ?? [] });
    expect(executed).toMatchObject({ success: true, message: "Proposal executed: its actions changed the fund." });
    expect(await lockupOf(1n)).toBe(45n * 86_400n);
    expect((await getProposals(publicClient, { deployment })).proposals[0]?.state).toBe("executed");
  });

  it("is refused before any prompt without actions, and defeated short of its quorum", async () => {
    const empty = await proposeActions({ ...context(1), description: "Nothing", start: 0, end: HOUR, actions: [] });
    expect(empty).toMatchObject({ success: false, proposalId: null });
    expect(empty.message).toMatch(/1 to 10 actions/);

    const { proposalId } = await proposeActions({
      ...context(3),
      description: "Shorten the lockup.",
      start: 0,
      end: HOUR,
      actions: [lockupAction(20 * 86_400)],
    });
    // Account 3 holds 1,000 of 10,000: with the quorum at 10 % that is just enough; abstaining alone is not a win.
    await castVote({ ...context(3), proposalId: proposalId as bigint, choice: "abstain" });
    await travel(3_600);
    const [defeated] = (await getProposals(publicClient, { deployment })).proposals;
    expect(defeated).toMatchObject({ state: "defeated", canQueue: false });
    expect(defeated?.votingInfo.quorumReached).toBe(true);
  });
});
