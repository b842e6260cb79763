import type { InvestPath } from "@fundament/sdk";

export type { InvestPath };

/** The wallet's EIP-5792 capabilities on the app's chain, as `wallet_getCapabilities` reports them. */
export type WalletCallsCapabilities = { atomic?: { status?: string } | undefined } | undefined;

/** What the app knows about the wallet and the token when it chooses how to invest. */
export type ChooseInvestPathInput = {
  /** The account type in use (the wallet layer's "Smart account" choice, or a plain EOA). */
  accountType: "eoa" | "smartAccount";
  /**
   * Whether the app can invest through a smart account (a bundler and paymaster configured, the SDK's
   * `investWithSmartAccount` wired into the flow). Without it a smart-account preference falls back to the best EOA
   * path.
   */
  smartAccountReady: boolean;
  /** EIP-5792 capabilities on the app's chain; undefined when the wallet has none (or did not answer). */
  capabilities: WalletCallsCapabilities;
  /** The investment token takes EIP-2612 permits (it has `nonces`, and the fund has `investWithPermit`). */
  supportsPermit: boolean;
  /** The wallet signs EIP-712 typed data: assumed for an EOA until it answers that it cannot. */
  signsTypedData: boolean;
};

/** Whether the wallet can send atomic batches on the chain (EIP-5792 `atomic` "supported", or "ready" to upgrade). */
export function canBatch(capabilities: WalletCallsCapabilities): boolean {
  const status = capabilities?.atomic?.status;
  return status === "supported" || status === "ready";
}

/**
 * The best investment path the wallet supports, best first: a smart account (one confirmation, sponsored gas), an
 * atomic batch (approve + invest in one confirmation), a permit (one signature and one transaction), else the spec's
 * two steps (approve, then invest).
 */
export function chooseInvestPath(input: ChooseInvestPathInput): InvestPath {
  if (input.accountType === "smartAccount" && input.smartAccountReady) return "smartAccount";
  if (canBatch(input.capabilities)) return "batch";
  if (input.supportsPermit && input.signsTypedData) return "permit";
  return "twoStep";
}

/**
 * The path to fall back to when `failed` turned out to be unsupported by the wallet: the best path left once that
 * ability is known to be missing. A user's rejection is not a reason to fall back (the caller stops there).
 */
export function fallbackInvestPath(failed: InvestPath, input: ChooseInvestPathInput): InvestPath {
  switch (failed) {
    case "smartAccount":
      return chooseInvestPath({ ...input, smartAccountReady: false });
    case "batch":
      return chooseInvestPath({ ...input, smartAccountReady: false, capabilities: undefined });
    case "permit":
      return "twoStep";
    case "twoStep":
      return "twoStep";
  }
}

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

/**
 * The path an investment will start with: a smart account (when it is the account in use) always runs its one user
 * operation; otherwise the best path the wallet supports when an approval is needed, and the investment alone (one
 * transaction) when the allowance already covers the amount. The widget's button and steps say this path before the
 * click, and the flow starts with it.
 */
export function plannedInvestPath(approvalNeeded: boolean, input: ChooseInvestPathInput): InvestPath {
  if (input.accountType === "smartAccount" && input.smartAccountReady) return "smartAccount";
  return approvalNeeded ? chooseInvestPath(input) : "twoStep";
}
