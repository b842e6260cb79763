import type { InvestPath } from "@fundament/sdk";

// The path's choice lives in the SDK, beside the one entry that takes it (`investInVault`); the widget names the
// path before the click with the same functions.
export {
  type ChooseInvestPathInput,
  canBatch,
  chooseInvestPath,
  fallbackInvestPath,
  plannedInvestPath,
  type WalletCallsCapabilities,
} from "@fundament/sdk";
export type { InvestPath };

/** What the result says about the path that ran (beside the spec's message). */
export function investPathText(path: InvestPath, approvalSent: boolean): string {
  switch (path) {
    case "smartAccount":
      return "Invested in one confirmation through your smart account.";
    case "batch":
      return "Invested in one confirmation (batched approve + invest).";
    case "permit":
      return "Invested with a signature (permit) and one transaction.";
    case "twoStep":
      return approvalSent
        ? "Invested in two steps: an approval, then the investment."
        : "Invested in one transaction: your allowance already covered the amount.";
  }
}

/** Why the flow fell back from the smart-account path while it is not wired into the app. */
export const SMART_ACCOUNT_NOT_READY = "Investing through a smart account is not available here yet.";
