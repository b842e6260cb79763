import { type Client, getAbiItem, type Hash } from "viem";
import { getBlock, getBlockNumber } from "viem/actions";
import { fundGovernorAbi } from "../abi/index.js";
import type { Deployment } from "../deployment/deployment.js";
import { getLogsInChunks } from "../utils/getLogsInChunks.js";
import { governorContract } from "./fundContract.js";

/** When and in which transaction a proposal was executed (its `ProposalExecuted` event). */
export type ProposalExecution = {
  proposalId: bigint;
  /** The block's time, in seconds. */
  timestamp: number;
  blockNumber: bigint;
  transactionHash: Hash;
};

export type GetProposalExecutionsParameters = {
  deployment: Deployment;
  /** The executed proposals to look up (e.g. the ones on screen whose state is "executed"). */
  proposalIds: readonly bigint[];
  /** First block to search; the deployment block by default. */
  fromBlock?: bigint;
  /** First `getLogs` range in blocks; the whole span by default (halved where a provider refuses it). */
  initialRange?: bigint;
};

export type GetProposalExecutionsReturnType = ProposalExecution[];

const proposalExecuted = getAbiItem({ abi: fundGovernorAbi, name: "ProposalExecuted" });

/**
 * When each of `proposalIds` was executed and by which transaction: the governor's `ProposalExecuted(proposalId)`
 * events (`executeProposal` for a signal, `execute` for a proposal's actions) from the deployment block, then one
 * block read per distinct block for its time. A proposal with no such event (not executed, or its actions run straight
 * through the timelock rather than the governor) is absent.
 */
export async function getProposalExecutions(
  client: Client,
  { deployment, proposalIds, fromBlock = deployment.deploymentBlock, initialRange }: GetProposalExecutionsParameters,
): Promise<GetProposalExecutionsReturnType> {
  if (proposalIds.length === 0) return [];
  const toBlock = await getBlockNumber(client, { cacheTime: 0 });
  if (toBlock < fromBlock) return [];
  const logs = await getLogsInChunks(client, {
    address: governorContract(deployment).address,
    event: proposalExecuted,
    args: { proposalId: [...proposalIds] },
    fromBlock,
    toBlock,
    initialRange: initialRange ?? toBlock - fromBlock + 1n,
  });
  const blocks = [...new Set(logs.map((log) => log.blockNumber))];
  const times = new Map(
    await Promise.all(
      blocks.map(async (blockNumber) => [blockNumber, (await getBlock(client, { blockNumber })).timestamp] as const),
    ),
  );
  return logs.flatMap(({ args, blockNumber, transactionHash }) =>
    args.proposalId === undefined
      ? []
      : [
          {
            proposalId: args.proposalId,
            timestamp: Number(times.get(blockNumber) ?? 0n),
            blockNumber,
            transactionHash,
          },
        ],
  );
}
