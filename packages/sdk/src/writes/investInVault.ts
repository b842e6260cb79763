import type { Hash, Transport } from "viem";
import { FundamentError } from "../baseErrors.js";
import { type ChooseInvestPathInput, fallbackInvestPath, plannedInvestPath } from "./chooseInvestPath.js";
import { failure } from "./failure.js";
import { type InvestStep, investInTwoSteps } from "./invest.js";
import { type InvestPath, type InvestPathResult, type InvestPlan, prepareInvestment } from "./investPath.js";
import { investInBatch } from "./investWithBatch.js";
import { investWithSignedPermit } from "./investWithPermit.js";
import { investFromSmartAccount } from "./investWithSmartAccount.js";
import type { WriteContext } from "./types.js";

/**
 * The steps of an investment on any path: checks before the prompt, a permit's signature, an approval, one
 * confirmation for approve + invest (a batch, or a smart account's user operation), the investment.
 */
export type InvestProgressStep = InvestStep | "signing" | "batching";

/** Where an investment stands: reported whole after each change (`onProgress`), and the last one with the result. */
export type InvestProgress = {
  step: InvestProgressStep;
  /** The path running: after a fallback, the one fallen back to. */
  path: InvestPath;
  /** Whether the run approves first (or approved): false when the allowance covered the amount. */
  approvalNeeded: boolean;
  approvalHash: Hash | null;
  /** The investment transaction, once the wallet has sent it (a batch's: once mined). */
  hash: Hash | null;
  /** The EIP-5792 batch's id, or the smart account's user operation hash, once sent. */
  batchId: string | null;
};

export type InvestInVaultParameters = Omit<WriteContext, "onSubmitted" | "smartAccount"> & {
  /** The vault to invest in (1, 2, ...). */
  vaultId: number | bigint;
  /** Token units, parsed once at the edge (`parseTokenAmount`): the SDK does not parse text again. */
  amount: bigint;
  /** What the app knows of the wallet and the token: the paths it may take, best first (`chooseInvestPath`). */
  wallet: ChooseInvestPathInput;
  /** Called with the whole progress after each change (step, path, hashes, batch). */
  onProgress?: (progress: InvestProgress) => void;
  /** The ERC-4337 bundler's JSON-RPC URL for the smart-account path; default the deployment's `bundlerUrl`. */
  bundlerUrl?: string;
  /** The bundler's transport (tests); default `http(bundlerUrl)`. */
  bundlerTransport?: Transport;
};

export type InvestInVaultReturnType = InvestPathResult & {
  /** Why better paths were not used, in the order met; `fallback` is them as one text (null when none). */
  fallbacks: readonly string[];
  /** Whether anything changed on chain (an approval, the investment): the app's reads are then stale. */
  chainChanged: boolean;
  /** The last progress: its step is the one that failed, on a failure. */
  progress: InvestProgress;
};

/** An investment that did not go through: `shortMessage` is the spec's text, `outcome` says what ran and what changed. */
export class InvestFailedError extends FundamentError {
  override name = "InvestFailedError";
  readonly outcome: InvestInVaultReturnType;
  constructor(outcome: InvestInVaultReturnType) {
    super(outcome.message);
    this.outcome = outcome;
  }
}

/**
 * Invests `amount` (token units) in a vault by the best path the wallet supports, in one call: reads the token's
 * decimals, symbol and the allowance once, decides the path (`plannedInvestPath`: a smart account, an EIP-5792 batch,
 * an EIP-2612 permit, the two steps; the investment alone when the allowance covers the amount) and falls back to the
 * next one while the wallet turns out not to support it (never after a rejection), each with the same texts as the
 * per-path functions. Reports its progress through `onProgress`. Resolves with the outcome when the investment went
 * through; otherwise throws `InvestFailedError` holding the outcome (its message, kind, path and what changed).
 */
export async function investInVault(parameters: InvestInVaultParameters): Promise<InvestInVaultReturnType> {
  const progress = progressReporter(parameters, plannedInvestPath(true, parameters.wallet));
  let plan: InvestPlan;
  try {
    plan = await prepareInvestment(parameters);
  } catch (error) {
    const result = { ...failure(error), approvalHash: null, path: progress.current.path, unsupported: false };
    throw new InvestFailedError(finish(result, [], false, progress.current));
  }
  progress.current = { ...progress.current, approvalNeeded: plan.approvalNeeded };
  let path = plannedInvestPath(plan.approvalNeeded, parameters.wallet);
  const fallbacks: string[] = [];
  let ran: PathRun;
  for (let attempt = 0; ; attempt++) {
    progress.update({ path, step: "checking", batchId: null });
    ran = await runInvestPath(path, parameters, plan, progress);
    if (ran.result.fallback) fallbacks.push(ran.result.fallback);
    const next = fallbackInvestPath(path, parameters.wallet);
    if (!ran.result.unsupported || next === path || attempt > 3) break;
    fallbacks.push(ran.result.message);
    path = next;
  }
  const outcome = finish(ran.result, fallbacks, ran.chainChanged, progress.current);
  if (!outcome.success) throw new InvestFailedError(outcome);
  return outcome;
}

/** The progress of one run, and how each path's steps and hashes change it (reported whole after each change). */
function progressReporter({ onProgress }: Pick<InvestInVaultParameters, "onProgress">, path: InvestPath) {
  const start: InvestProgress = {
    step: "checking",
    path,
    approvalNeeded: true,
    approvalHash: null,
    hash: null,
    batchId: null,
  };
  const reporter = {
    current: start,
    update(change: Partial<InvestProgress>) {
      reporter.current = { ...reporter.current, ...change };
      onProgress?.(reporter.current);
    },
    step(step: InvestProgressStep) {
      const { current } = reporter;
      reporter.update({
        step,
        // A permit that fell back runs the two steps from here.
        path: step === "approving" ? "twoStep" : current.path,
        approvalNeeded:
          step === "approving" || step === "signing" || step === "batching" ? true : current.approvalNeeded,
      });
    },
  };
  return reporter;
}

type ProgressReporter = ReturnType<typeof progressReporter>;

/** One path's result, with whether it changed anything on chain. */
type PathRun = { result: InvestPathResult; chainChanged: boolean };

/** Runs one path on the prepared investment, its steps and hashes reported as progress. */
async function runInvestPath(
  path: InvestPath,
  parameters: InvestInVaultParameters,
  plan: InvestPlan,
  progress: ProgressReporter,
): Promise<PathRun> {
  const onStep = progress.step;
  const onApprovalSubmitted = (approvalHash: Hash) => progress.update({ approvalHash });
  const onSubmitted = (hash: Hash) => progress.update({ hash });
  const onBatchSubmitted = (batchId: string) => progress.update({ batchId });
  switch (path) {
    case "smartAccount": {
      // One confirmation (the user operation's signature), then the bundler mines approve + invest together.
      const result = await investFromSmartAccount(
        {
          ...parameters,
          onStep: (step) => onStep(step === "checking" ? "checking" : "batching"),
          onSubmitted: onBatchSubmitted,
        },
        plan,
      );
      return { result, chainChanged: result.userOpHash !== null };
    }
    case "batch": {
      const result = await investInBatch({ ...parameters, onStep, onBatchSubmitted }, plan);
      return { result, chainChanged: result.calls.some((call) => call.state === "succeeded") };
    }
    case "permit": {
      const result = await investWithSignedPermit({ ...parameters, onStep, onApprovalSubmitted, onSubmitted }, plan);
      return { result, chainChanged: result.success || Boolean(result.approvalHash) };
    }
    case "twoStep": {
      const twoSteps = await investInTwoSteps({ ...parameters, onStep, onApprovalSubmitted, onSubmitted }, plan);
      const result = { ...twoSteps, path, unsupported: false, fallback: null };
      return { result, chainChanged: result.success || Boolean(result.approvalHash) };
    }
  }
}

/**
 * The outcome: the path's result, every fallback's reason, and the last progress with the result's hashes (an
 * investment alone, the approval skipped, says so: no approval was needed).
 */
function finish(
  result: Omit<InvestPathResult, "fallback">,
  fallbacks: readonly string[],
  chainChanged: boolean,
  last: InvestProgress,
): InvestInVaultReturnType {
  const approvalSkipped = last.step === "investing" && !result.approvalHash && result.path === "twoStep";
  // The common fields only: a path's own figures (a batch's calls, a user operation's gas) stay with its function.
  const { hash, success, message, kind, approvalHash, path, unsupported } = result;
  return {
    hash,
    success,
    message,
    kind,
    approvalHash,
    path,
    unsupported,
    fallback: fallbacks.length > 0 ? fallbacks.join(" ") : null,
    fallbacks,
    chainChanged,
    progress: {
      ...last,
      path: result.path,
      approvalNeeded: approvalSkipped ? false : last.approvalNeeded,
      hash: result.hash ?? last.hash,
      approvalHash: result.approvalHash ?? last.approvalHash,
    },
  };
}
