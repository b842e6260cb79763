import type { InvestPath } from "./investPath.js";

/** The wallet's EIP-5792 capabilities on the chain, as `wallet_getCapabilities` reports them. */
export type WalletCallsCapabilities = { atomic?: { status?: string } | undefined } | undefined;

/** What the app knows about the wallet and the token when it chooses how to invest. */
export type ChooseInvestPathInput = {
  /** The account type in use (the wallet layer's "Smart account" choice, or a plain EOA). */
  accountType: "eoa" | "smartAccount";
  /**
   * Whether the app can invest through a smart account (a bundler and paymaster configured). Without it a
   * smart-account preference falls back to the best EOA path.
   */
  smartAccountReady: boolean;
  /** EIP-5792 capabilities on the chain; undefined when the wallet has none (or did not answer). */
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

/**
 * The path an investment starts with: a smart account (when it is the account in use) always runs its one user
 * operation; otherwise the best path the wallet supports when an approval is needed, and the investment alone (one
 * transaction) when the allowance already covers the amount. The app's button names this path before the click, and
 * `investInVault` starts with it.
 */
export function plannedInvestPath(approvalNeeded: boolean, input: ChooseInvestPathInput): InvestPath {
  if (input.accountType === "smartAccount" && input.smartAccountReady) return "smartAccount";
  return approvalNeeded ? chooseInvestPath(input) : "twoStep";
}
