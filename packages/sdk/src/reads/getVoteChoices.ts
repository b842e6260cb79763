import { type Address, type Client, getAbiItem, type Log, pad, parseEventLogs, toEventSelector, toHex } from "viem";
import { getBlockNumber } from "viem/actions";
import { fundGovernorAbi } from "../abi/index.js";
import type { Deployment } from "../deployment/deployment.js";
import { inBlockRanges } from "../utils/getLogsInChunks.js";
import { governorContract } from "./fundContract.js";

/** How an account voted on a proposal. */
export type VoteChoice = "for" | "against" | "abstain";

/** One vote an account cast: on which proposal, which way, with what weight (token units) and why ("" if unsaid). */
export type CastVote = { proposalId: bigint; choice: VoteChoice; weight: bigint; reason: string };

const VOTE_CHOICES = ["against", "for", "abstain"] as const satisfies readonly VoteChoice[];

export type GetVoteChoicesParameters = {
  deployment: Deployment;
  voter: Address;
  /** The proposals to look at (e.g. the ones on screen that `hasVoted` says the voter voted on). */
  proposalIds: readonly bigint[];
  /** First block to search; the deployment block by default. */
  fromBlock?: bigint;
  /** First `getLogs` range in blocks; the whole span by default (halved where a provider refuses it). */
  initialRange?: bigint;
};

const voted = getAbiItem({ abi: fundGovernorAbi, name: "Voted" });
const voteCast = getAbiItem({ abi: fundGovernorAbi, name: "VoteCast" });

/**
 * Which way `voter` voted on each of `proposalIds`: the contract keeps only `hasVoted`, the choice is in the
 * `Voted(proposalId, voter, support, weight)` event (`vote`) or the `VoteCast(proposalId, voter, support, weight,
 * reason)` event (`castVote`, `castVoteBySig`). One `eth_getLogs` for both events, filtered on both indexed topics over
 * the whole span where the provider accepts it (smaller ranges where it refuses), after one block-number request.
 * Proposals the voter has not voted on are absent from the result.
 */
export async function getVoteChoices(
  client: Client,
  { deployment, voter, proposalIds, fromBlock = deployment.deploymentBlock, initialRange }: GetVoteChoicesParameters,
): Promise<CastVote[]> {
  if (proposalIds.length === 0) return [];
  const toBlock = await getBlockNumber(client, { cacheTime: 0 });
  if (toBlock < fromBlock) return [];
  // Both events index the proposal id first and the voter second: one `eth_getLogs` for either event's topic.
  const topics = [
    [toEventSelector(voted), toEventSelector(voteCast)],
    proposalIds.map((id) => pad(toHex(id))),
    pad(voter),
  ];
  const address = governorContract(deployment).address;
  const logs = await inBlockRanges(
    { fromBlock, toBlock, initialRange: initialRange ?? toBlock - fromBlock + 1n },
    (from, to) =>
      client.request({
        method: "eth_getLogs",
        params: [{ address, topics, fromBlock: toHex(from), toBlock: toHex(to) }],
      }),
  );
  return parseEventLogs({ abi: [voted, voteCast], logs: logs as Log[] }).map((log) =>
    log.eventName === "Voted"
      ? {
          proposalId: log.args.proposalId,
          choice: log.args.support ? "for" : "against",
          weight: log.args.weight,
          reason: "",
        }
      : {
          proposalId: log.args.proposalId,
          choice: VOTE_CHOICES[log.args.support] ?? "against",
          weight: log.args.weight,
          reason: log.args.reason,
        },
  );
}
