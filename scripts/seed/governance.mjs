// @ts-check
/**
 * The demo's governance: five proposals (one passed and executed, one rejected, two open for seven days, and one whose
 * action, queued in the timelock and executed after its delay, raised the quorum to `SEEDED_QUORUM`). Every proposer
 * invested in an earlier block, as createProposal requires.
 */
import { encodeFunctionData } from "viem";
import { GOVERNANCE_WAIT, ONE_HOUR, SEEDED_QUORUM, SEVEN_DAYS } from "./constants.mjs";
import { readGovernor, readTimelockDelay, sendGovernor, travel } from "./context.mjs";

/** @typedef {import("./context.mjs").SeedContext} SeedContext */

/**
 * All five proposals, their votes, and the execution of the passed one.
 * @param {SeedContext} context
 */
export async function proposeGovernance(context) {
  const passed = await propose(
    context,
    1,
    "Add a second futures trading wallet running a market-neutral basis strategy, with a 30% allocation from the next round.",
    ONE_HOUR,
  );
  await voteAll(context, passed, [
    [1, true],
    [2, true],
    [5, false],
  ]);
  const rejected = await propose(
    context,
    2,
    "Raise the NFT lending vault's minimum investment from 100 to 1,000 mUSDC.",
    ONE_HOUR,
  );
  await voteAll(context, rejected, [
    [1, true],
    [4, false],
    [5, false],
  ]);
  await travel(context, GOVERNANCE_WAIT);
  await sendGovernor(context, 1, { functionName: "executeProposal", args: [passed] });
  await proposeOpenForAWeek(context);
  await proposalThatActs(context);
  context.log("  proposals: 1 passed and executed, 1 rejected, 2 open for 7 days, 1 whose action changed the quorum");
}

/**
 * The two proposals left open for seven days, each with a few votes.
 * @param {SeedContext} context
 */
async function proposeOpenForAWeek(context) {
  const leverage = await propose(
    context,
    3,
    "Cap leverage on the futures trading wallet at 3x for the next lockup period.",
    SEVEN_DAYS,
  );
  await voteAll(context, leverage, [
    [3, true],
    [2, true],
  ]);
  const audit = await propose(
    context,
    5,
    "Publish a monthly proof-of-reserves report for every trading wallet, reviewed by an independent auditor.",
    SEVEN_DAYS,
  );
  await voteAll(context, audit, [
    [5, true],
    [4, false],
  ]);
}

/**
 * Governance that acts: a proposal whose action raises the quorum passes (for, abstain, a reason), is queued in the
 * timelock, waits its delay and is executed; the governor's quorum is then `SEEDED_QUORUM`.
 * @param {SeedContext} context
 */
async function proposalThatActs(context) {
  const action = encodeFunctionData({ abi: context.abis.governor, functionName: "setQuorum", args: [SEEDED_QUORUM] });
  /** @type {[import("viem").Address[], bigint[], import("viem").Hex[]]} */
  const actions = [[context.deployment.fundGovernor], [0n], [action]];
  await sendGovernor(context, 4, {
    functionName: "propose",
    args: [
      ...actions,
      "Raise the quorum to 20 % of what investors hold, so that no decision passes with less than a fifth of the fund behind it.",
      BigInt(ONE_HOUR),
    ],
  });
  const id = await readGovernor(context, "proposalCount", []);
  await sendGovernor(context, 4, { functionName: "castVote", args: [id, 1, "Decisions should carry real weight."] });
  await sendGovernor(context, 1, { functionName: "castVote", args: [id, 1, ""] });
  await sendGovernor(context, 5, { functionName: "castVote", args: [id, 2, "No view either way."] });
  await travel(context, GOVERNANCE_WAIT);
  await sendGovernor(context, 1, { functionName: "queue", args: [id, ...actions] });
  const wait = await readTimelockDelay(context);
  await travel(context, Number(wait));
  await sendGovernor(context, 1, { functionName: "execute", args: [id, ...actions] });
}

/**
 * A simple proposal (`createProposal`) open for `seconds`; returns its id.
 * @param {SeedContext} context @param {number} proposer @param {string} text @param {number} seconds
 * @returns {Promise<bigint>}
 */
async function propose(context, proposer, text, seconds) {
  await sendGovernor(context, proposer, { functionName: "createProposal", args: [text, BigInt(seconds)] });
  return await readGovernor(context, "proposalCount", []);
}

/**
 * @param {SeedContext} context
 * @param {bigint} id @param {ReadonlyArray<readonly [number, boolean]>} ballots
 */
async function voteAll(context, id, ballots) {
  for (const [voter, support] of ballots) {
    await sendGovernor(context, voter, { functionName: "vote", args: [id, support] });
  }
}
