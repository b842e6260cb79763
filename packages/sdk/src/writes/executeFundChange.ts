import type { PendingChange } from "../reads/getPendingChanges.js";
import { sendTimelockTransaction } from "./sendTimelockTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

/** Executes a change whose delay has passed (anyone may): "Change executed." */
export function executeFundChange(
  parameters: WriteContext & { change: Pick<PendingChange, "target" | "value" | "data" | "predecessor" | "salt"> },
): Promise<WriteResult> {
  const { target, value, data, predecessor, salt } = parameters.change;
  return sendTimelockTransaction({
    ...parameters,
    functionName: "execute",
    args: [target, value, data, predecessor, salt],
    successMessage: "Change executed.",
  });
}
