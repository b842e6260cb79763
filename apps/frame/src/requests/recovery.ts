import { FRAME_ERRORS } from "@fundament/wallet/embedded-protocol";
import { type FrameContext, requireWallet } from "../frameContext.js";
import { showRecoverySave } from "../keyLifecycle.js";
import type { RequestResult } from "./types.js";

/** "Save recovery file" (the app's Account view): this device's share as a new recovery file. */
export async function showRecovery(frame: FrameContext): RequestResult<"SHOW_RECOVERY"> {
  const wallet = requireWallet(frame);
  // Any share together with the auth share rebuilds the key, so this device's share is a valid recovery file.
  const share = frame.storage.deviceShare(wallet.user.id);
  if (!share) throw new Error(FRAME_ERRORS.generic);
  // "Save later" here too: opened by mistake, the step must not hold the wallet until a download.
  await showRecoverySave(frame, wallet.account.address, share);
  return {};
}
