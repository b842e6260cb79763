import { type Address, erc20Abi, formatUnits, type Hash, type Transport } from "viem";
import { readContract } from "viem/actions";
import { FundamentError } from "../baseErrors.js";
import { resultMessages } from "../messages.js";
import {
  type SendSmartAccountCallsStep,
  type SmartAccountCallsPlan,
  sendSmartAccountCalls,
  smartAccountCall,
} from "../smartAccount/sendSmartAccountCalls.js";
import type { GasPayment } from "../smartAccount/userOperationCost.js";
import { failure } from "./failure.js";
import { fundWithTokenErrorsAbi } from "./fundErrorsAbi.js";
import { type InvestAmount, type InvestPathResult, type InvestPlan, prepareInvestment } from "./investPath.js";
import type { WriteContext } from "./types.js";

/** Steps of the smart-account investment, for visible progress. */
export type InvestWithSmartAccountStep = SendSmartAccountCallsStep;

export type InvestWithSmartAccountParameters = Omit<WriteContext, "onSubmitted" | "waitForReceipt" | "smartAccount"> & {
  /** The vault to invest in (1, 2, ...). */
  vaultId: number | bigint;
  /** Token units; text ("1000", "1,250.50") is parsed once with `parseTokenAmount` (see `InvestAmount`). */
  amount: InvestAmount;
  /** The ERC-4337 bundler's JSON-RPC URL; default the deployment's `bundlerUrl`. */
  bundlerUrl?: string;
  /** The bundler's transport (tests); default `http(bundlerUrl)`. */
  bundlerTransport?: Transport;
  onStep?: (step: InvestWithSmartAccountStep) => void;
  /** Called with the user operation's hash once the bundler accepted it. */
  onSubmitted?: (userOpHash: Hash) => void;
  /** Called before the prompt with who pays the gas (the fund's paymaster, or the smart account's own ETH). */
  onGasPayment?: (payment: GasPayment) => void;
};

export type InvestWithSmartAccountReturnType = InvestPathResult & {
  /** The user operation, once the bundler accepted it. */
  userOpHash: Hash | null;
  /** The smart account that invested. */
  smartAccount: Address | null;
  /** Whether this operation deployed the smart account (its first one). */
  deployedAccount: boolean;
  /** From the user operation's receipt: the gas the EntryPoint charged for it, and its cost in wei. */
  actualGasUsed: bigint | null;
  actualGasCost: bigint | null;
  /** Who paid the gas: the fund's paymaster (`sponsored`) or the smart account (`selfPaid`); null if nothing was sent. */
  gasPayment: GasPayment | null;
};

const nothingSent = {
  userOpHash: null,
  deployedAccount: false,
  actualGasUsed: null,
  actualGasCost: null,
  gasPayment: null,
} as const;
/** The path's fixed fields: one operation, no separate approval. `unsupported` only where nothing can be tried. */
const path = { path: "smartAccount", approvalHash: null, fallback: null } as const;

/**
 * Invests from the owner's smart account (a SimpleAccount v0.8, ERC-4337) in one user operation: `executeBatch`
 * of `token.approve(fund, amount)` and `fund.invest(vaultId, amount)`, gas paid by the fund's FundPaymaster, so the
 * account holds no ETH (or by the account's own ETH once its sponsorship is used up); the owner signs once (EIP-712). The first operation also deploys the account (the factory's
 * `createAccount` as its init code). Before the prompt it checks, in plain words: the smart account is whitelisted,
 * holds the tokens, has sponsorship left, and the fund takes the investment (both calls simulated from the account).
 * Waits for the user operation's receipt. Never throws: failures come back as `{ success: false, message }`.
 * A thin user of `sendSmartAccountCalls`, which every smart-account write shares.
 */
export async function investWithSmartAccount(
  parameters: InvestWithSmartAccountParameters,
): Promise<InvestWithSmartAccountReturnType> {
  let plan: InvestPlan;
  try {
    plan = await prepareInvestment(parameters);
  } catch (error) {
    return { ...failure(error), ...nothingSent, smartAccount: null, ...path, unsupported: false };
  }
  return investFromSmartAccount(parameters, plan);
}

/**
 * The smart-account path on a prepared investment (the token's decimals and symbol already read; the owner's own
 * allowance does not matter: the operation always approves from the smart account).
 */
export async function investFromSmartAccount(
  parameters: Omit<InvestWithSmartAccountParameters, "amount">,
  plan: InvestPlan,
): Promise<InvestWithSmartAccountReturnType> {
  const { unsupported, ...result } = await sendSmartAccountCalls({
    deployment: parameters.deployment,
    publicClient: parameters.publicClient,
    walletClient: parameters.walletClient,
    bundlerUrl: parameters.bundlerUrl,
    bundlerTransport: parameters.bundlerTransport,
    onStep: parameters.onStep,
    onUserOperationSubmitted: parameters.onSubmitted,
    onGasPayment: parameters.onGasPayment,
    successMessage: resultMessages.invest,
    errorContext: plan.context,
    notWhitelistedMessage: (account) =>
      `Your smart account ${account} is not whitelisted to invest. Ask the fund's admin to whitelist it.`,
    calls: (account) => smartAccountInvestCalls(parameters, plan, account),
  });
  return { ...result, ...path, unsupported };
}

/** approve + invest from the smart account, once it is known to hold the amount (else a plain-words refusal). */
async function smartAccountInvestCalls(
  { publicClient, deployment }: Pick<WriteContext, "publicClient" | "deployment">,
  { token, amount, vaultId, decimals, symbol, context }: InvestPlan,
  account: Address,
): Promise<SmartAccountCallsPlan> {
  const balance = await readContract(publicClient, {
    address: token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [account],
  });
  if (balance < amount) {
    throw new FundamentError(
      `Your smart account holds ${formatUnits(balance, decimals)} ${symbol}: send it at least ${formatUnits(amount - balance, decimals)} ${symbol} more from your wallet first.`,
    );
  }
  return {
    errorContext: context,
    calls: [
      smartAccountCall({
        to: token,
        abi: erc20Abi,
        functionName: "approve",
        args: [deployment.investmentFund, amount],
      }),
      smartAccountCall({
        to: deployment.investmentFund,
        abi: fundWithTokenErrorsAbi,
        functionName: "invest",
        args: [vaultId, amount],
      }),
    ],
  };
}
