import { type Abi, type Client, decodeFunctionData } from "viem";
import { call, simulateContract } from "viem/actions";
import { type Deployment, governorAddress } from "../deployment/deployment.js";
import { type FundErrorContext, toUserMessage } from "../errors.js";
import { fundWithTokenErrorsAbi } from "../writes/fundErrorsAbi.js";
import type { ProposalAction } from "./getProposals.js";

/** What one action would do if the timelock made it now: "ok", or the refusal in words. */
export type SimulatedAction = { ok: true } | { ok: false; message: string };

/** Whether `action` targets the fund or its governor (whose errors the SDK can put in words). */
function knownTarget(deployment: Deployment, action: ProposalAction): boolean {
  const target = action.target.toLowerCase();
  return target === deployment.investmentFund.toLowerCase() || target === governorAddress(deployment).toLowerCase();
}

/** One action as the timelock would make it now; throws what the node answered when it would revert. */
async function simulateOne(client: Client, deployment: Deployment, timelock: `0x${string}`, action: ProposalAction) {
  if (!knownTarget(deployment, action)) {
    await call(client, { account: timelock, to: action.target, data: action.calldata, value: action.value });
    return;
  }
  // Decoded against the merged ABI, so a revert comes back as the fund's or governor's named error.
  const abi: Abi = fundWithTokenErrorsAbi;
  const { functionName, args } = decodeFunctionData({ abi, data: action.calldata });
  await simulateContract(client, {
    address: action.target,
    abi,
    functionName,
    args: args ?? [],
    account: timelock,
    value: action.value,
  });
}

/**
 * Each action of a proposal simulated as the fund's timelock would make it (from the timelock's address, on the latest
 * block), so voters see before the vote ends whether it would go through. Independent calls: a later action does not
 * see an earlier one's effect. Without a timelock every action reads as refused.
 */
export async function simulateProposalActions(
  client: Client,
  {
    deployment,
    actions,
    errorContext = {},
  }: { deployment: Deployment; actions: readonly ProposalAction[]; errorContext?: FundErrorContext },
): Promise<SimulatedAction[]> {
  const timelock = deployment.fundTimelock;
  return Promise.all(
    actions.map(async (action): Promise<SimulatedAction> => {
      if (!timelock) return { ok: false, message: "The fund has no timelock to make this call." };
      try {
        await simulateOne(client, deployment, timelock, action);
        return { ok: true };
      } catch (error) {
        return { ok: false, message: toUserMessage(error, errorContext) };
      }
    }),
  );
}
