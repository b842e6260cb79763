import { type Address, encodeFunctionData, type Hex, keccak256, parseEventLogs, toHex } from "viem";
import { readContract } from "viem/actions";
import { fundTimelockAbi } from "../abi/index.js";
import { FundamentError } from "../baseErrors.js";
import { fundWithTokenErrorsAbi } from "../errors.js";
import { formatChangeTime } from "../format/secondsToDate.js";
import { failure } from "./failure.js";
import type { FundWriteCall } from "./fundWriteCall.js";
import { sendTimelockTransaction } from "./sendTimelockTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type ScheduleFundChangeParameters = WriteContext & {
  /** The fund call to make once the delay has passed. */
  call: FundWriteCall;
  /** The change's salt; by default a fresh one, so the same change can be scheduled twice. */
  salt?: Hex;
};

export type ScheduleFundChangeReturnType = WriteResult & {
  /** The scheduled change: its timelock id and when anyone may execute it (seconds); null on failure. */
  scheduled: { id: Hex; readyAt: number } | null;
};

/** A fresh salt: the time and a random part, so two identical changes get two ids. */
function freshSalt(): Hex {
  const random = crypto.getRandomValues(new Uint8Array(16));
  return keccak256(toHex(`${Date.now()}:${toHex(random)}`));
}

/**
 * Schedules a change of the fund in its `FundTimelock` (an admin): it waits the timelock's delay, in which investors
 * see it and can leave, and then anyone may execute it (`executeFundChange`); an admin or the guardian may cancel it
 * (`cancelFundChange`). The message says from when it can be executed.
 */
export async function scheduleFundChange(
  parameters: ScheduleFundChangeParameters,
): Promise<ScheduleFundChangeReturnType> {
  const { deployment, publicClient } = parameters;
  let target: Address;
  let data: Hex;
  let delay: bigint;
  try {
    if (!deployment.fundTimelock)
      throw new FundamentError("This fund has no timelock: its admin changes apply at once.");
    target = deployment.investmentFund;
    data = encodeFunctionData({
      abi: fundWithTokenErrorsAbi,
      functionName: parameters.call.functionName,
      args: parameters.call.args,
    } as Parameters<typeof encodeFunctionData>[0]);
    delay = await readContract(publicClient, {
      address: deployment.fundTimelock,
      abi: fundTimelockAbi,
      functionName: "getMinDelay",
    });
  } catch (error) {
    return { ...failure(error), scheduled: null };
  }
  const salt = parameters.salt ?? freshSalt();
  let scheduled: { id: Hex; readyAt: number } | null = null;
  const result = await sendTimelockTransaction({
    ...parameters,
    functionName: "schedule",
    args: [target, 0n, data, `0x${"00".repeat(32)}`, salt, delay],
    successMessage: "",
    onReceipt: (receipt) => {
      const [event] = parseEventLogs({ abi: fundTimelockAbi, eventName: "CallScheduled", logs: receipt.logs });
      if (!event) throw new FundamentError("The timelock did not report the scheduled change.");
      scheduled = { id: event.args.id, readyAt: 0 };
    },
  });
  if (!result.success || !scheduled) return { ...result, scheduled: null };
  const readyAt = Number(
    await readContract(publicClient, {
      address: deployment.fundTimelock as Address,
      abi: fundTimelockAbi,
      functionName: "getTimestamp",
      args: [(scheduled as { id: Hex }).id],
    }),
  );
  return {
    ...result,
    message: `Change scheduled: anyone can execute it from ${formatChangeTime(readyAt)}, unless it is cancelled before. Investors see it now.`,
    scheduled: { id: (scheduled as { id: Hex }).id, readyAt },
  };
}
