import { type Address, type Client, erc20Abi, getAbiItem, type Hex, zeroAddress, zeroHash } from "viem";
import { getBlockNumber, readContract } from "viem/actions";
import { fundGovernorAbi } from "../abi/index.js";
import type { Deployment } from "../deployment/deployment.js";
import { fromTokenUnits } from "../math/tokenAmount.js";
import { getLogsInChunks } from "../utils/getLogsInChunks.js";
import { readContracts } from "../utils/readContracts.js";
import { governorContract } from "./fundContract.js";
import { getInvestmentTokenAddress } from "./getInvestmentTokenAddress.js";

/** Displayed status (spec section 4): active if still active; otherwise passed if executed; otherwise rejected. */
export type ProposalStatus = "active" | "passed" | "rejected";

/**
 * The contract's `ProposalState` enum (`proposalState(id)`, modelled on OpenZeppelin Governor's `state()`): "queued"
 * while a passed proposal's actions wait in the timelock, "canceled" when they were cancelled there.
 */
export type ProposalState = "active" | "defeated" | "succeeded" | "executed" | "queued" | "canceled";

const PROPOSAL_STATES = [
  "active",
  "defeated",
  "succeeded",
  "executed",
  "queued",
  "canceled",
] as const satisfies readonly ProposalState[];

/** One on-chain action of a proposal: the call the fund's timelock makes once the proposal has passed and waited. */
export type ProposalAction = { target: Address; value: bigint; calldata: Hex };

/** Maps the contract's `ProposalState` enum to its name. */
export function proposalStateFromEnum(state: number): ProposalState {
  const name = PROPOSAL_STATES[state];
  if (name === undefined) throw new RangeError(`Unknown proposal state ${state}.`);
  return name;
}

/** The proposal view (spec section 3). */
export type ProposalView = {
  id: bigint;
  /** The description, also used as the title. */
  title: string;
  description: string;
  votingInfo: {
    /** Seconds since the epoch. */
    timeFrame: { start: number; end: number };
    /** Vote weight in whole tokens (voting power is invested principal). */
    votesForCount: number;
    votesAgainstCount: number;
    /** Abstentions count towards the quorum only. */
    votesAbstainCount: number;
    /** For and abstain votes needed, in whole tokens: the quorum share of what investors held at creation. */
    quorumCount: number;
    /** Whether for and abstain votes reach the quorum. */
    quorumReached: boolean;
  };
  /** "signal": a description only (executing marks it executed); "actions": on-chain calls through the timelock. */
  kind: "signal" | "actions";
  /** The proposal's actions, in order (empty for a signal). */
  actions: ProposalAction[];
  /** When its queued actions may be executed (seconds, chain clock); 0 before it is queued. */
  executableAt: number;
  status: ProposalStatus;
  /** The contract's own state (`proposalState(id)`): a proposal that won but is not executed yet is "succeeded". */
  state: ProposalState;
  /** Always empty, as the spec's proposal view has it; the creator is in `proposerAddress`. */
  proposer: "";
  proposerAddress: Address | null;
  executed: boolean;
  active: boolean;
  /** A signal whose voting has ended with more for than against and its quorum, not executed yet. */
  canExecute: boolean;
  /** A proposal with actions that passed and is not queued yet: anyone may queue its actions in the timelock. */
  canQueue: boolean;
  /** Whether `voter` (see `GetProposalsParameters`) has voted on it; false without a voter. */
  hasVoted: boolean;
  /**
   * The weight `voter` votes (or voted) with on it, in whole tokens: their invested principal when the proposal was
   * created (`getProposalVotingPower(id, voter)`). 0 without a voter, and for an account that had none.
   */
  votingPower: number;
};

export function proposalStatus(active: boolean, executed: boolean): ProposalStatus {
  if (active) return "active";
  return executed ? "passed" : "rejected";
}

export type GetProposalsParameters = {
  deployment: Deployment;
  /** How many proposals to skip from the newest. */
  offset?: number;
  /** At most this many (newest first); 50 by default. */
  limit?: number;
  /**
   * An account: each proposal says whether it has voted (`hasVoted(id, voter)`) and with what weight it votes
   * (`getProposalVotingPower(id, voter)`), in the same batched read.
   */
  voter?: Address | undefined;
};

export type GetProposalsReturnType = { proposals: ProposalView[]; total: number };

/** The `i`-th result of a read of one call per proposal (a multicall gives one result per call, in order). */
function nth<T>(results: readonly T[], i: number): T {
  const result = results[i];
  if (result === undefined) throw new RangeError(`No result ${i} among ${results.length}.`);
  return result;
}

const proposalActions = getAbiItem({ abi: fundGovernorAbi, name: "ProposalActions" });

/** The actions of `ids` from their `ProposalActions` events (one `eth_getLogs` where the provider accepts the span). */
async function readActions(
  client: Client,
  deployment: Deployment,
  ids: readonly bigint[],
): Promise<Map<bigint, ProposalAction[]>> {
  const byId = new Map<bigint, ProposalAction[]>();
  if (ids.length === 0) return byId;
  const toBlock = await getBlockNumber(client, { cacheTime: 0 });
  const logs = await getLogsInChunks(client, {
    address: governorContract(deployment).address,
    event: proposalActions,
    args: { proposalId: [...ids] },
    fromBlock: deployment.deploymentBlock,
    toBlock,
    initialRange: toBlock - deployment.deploymentBlock + 1n,
  });
  for (const log of logs) {
    const { proposalId, targets = [], values = [], calldatas = [] } = log.args;
    if (proposalId === undefined) continue;
    byId.set(
      proposalId,
      targets.map((target, i) => ({ target, value: values[i] ?? 0n, calldata: calldatas[i] ?? "0x" })),
    );
  }
  return byId;
}

/** Proposals newest first, a page at a time: `proposalCount`, then one batched read of the page. */
export async function getProposals(
  client: Client,
  { deployment, offset = 0, limit = 50, voter }: GetProposalsParameters,
): Promise<GetProposalsReturnType> {
  const fund = governorContract(deployment);
  const [count, token] = await Promise.all([
    readContract(client, { ...fund, functionName: "proposalCount" }),
    getInvestmentTokenAddress(client, deployment),
  ]);
  const total = Number(count);
  const ids: bigint[] = [];
  for (let id = total - offset; id >= 1 && ids.length < limit; id--) ids.push(BigInt(id));
  if (ids.length === 0) return { proposals: [], total };
  // Per proposal: details, state, proposer and, with a voter, whether it has voted and its weight. Started together:
  // on a batching client they go out in one multicall, as one JSON-RPC request.
  const [[decimals], details, infos, voted, powers] = await Promise.all([
    readContracts(client, [{ address: token, abi: erc20Abi, functionName: "decimals" }]),
    readContracts(
      client,
      ids.map((id) => ({ ...fund, functionName: "getProposalDetails", args: [id] }) as const),
    ),
    readContracts(
      client,
      ids.map((id) => ({ ...fund, functionName: "getProposalInfo", args: [id] }) as const),
    ),
    voter
      ? readContracts(
          client,
          ids.map((id) => ({ ...fund, functionName: "hasVoted", args: [id, voter] }) as const),
        )
      : [],
    voter
      ? readContracts(
          client,
          ids.map((id) => ({ ...fund, functionName: "getProposalVotingPower", args: [id, voter] }) as const),
        )
      : [],
  ]);
  const actions = await readActions(
    client,
    deployment,
    ids.filter((_, i) => nth(infos, i).actionsHash !== zeroHash),
  );
  const proposals = details.map((detail, i): ProposalView => {
    const [id, description, votesFor, votesAgainst, startTime, endTime, executed, active] = detail;
    const info = nth(infos, i);
    const state = proposalStateFromEnum(info.state);
    const proposer = info.proposer;
    const kind = info.actionsHash === zeroHash ? "signal" : "actions";
    const hasVoted = voted[i] ?? false;
    const votingPower = fromTokenUnits(powers[i] ?? 0n, decimals);
    return {
      id,
      title: description,
      description,
      votingInfo: {
        timeFrame: { start: Number(startTime), end: Number(endTime) },
        votesForCount: fromTokenUnits(votesFor, decimals),
        votesAgainstCount: fromTokenUnits(votesAgainst, decimals),
        votesAbstainCount: fromTokenUnits(info.votesAbstain, decimals),
        quorumCount: fromTokenUnits(info.quorumVotes, decimals),
        quorumReached: info.votesFor + info.votesAbstain >= info.quorumVotes,
      },
      kind,
      actions: actions.get(id) ?? [],
      executableAt: Number(info.executableAt),
      status: proposalStatus(active, executed),
      state,
      proposer: "",
      proposerAddress: proposer === zeroAddress ? null : proposer,
      executed,
      active,
      canExecute: state === "succeeded" && kind === "signal",
      canQueue: state === "succeeded" && kind === "actions",
      hasVoted,
      votingPower,
    };
  });
  return { proposals, total };
}
