import {
  type Abi,
  type Account,
  type Address,
  type Chain,
  type Client,
  formatEther,
  type Hash,
  type Hex,
  http,
  type TransactionReceipt,
  type Transport,
  type WalletClient,
} from "viem";
import { createBundlerClient } from "viem/account-abstraction";
import { multicall, simulateCalls, simulateContract } from "viem/actions";
import { fundPaymasterAbi } from "../abi/index.js";
import { FundamentError } from "../baseErrors.js";
import { smartAccountDeployment } from "../deployment/deployment.js";
import type { FundErrorContext } from "../errors.js";
import { errorMessages } from "../messages.js";
import { fundContract, isDeployless } from "../reads/fundContract.js";
import { failure } from "../writes/failure.js";
import type { WriteContext, WriteResult } from "../writes/types.js";
import { paymasterRefusal } from "./describeSmartAccountError.js";
import { toFundSmartAccount } from "./toFundSmartAccount.js";

/** One call of a user operation: a contract function of `to` (value 0: the fund's paymaster sponsors no value). */
export type SmartAccountCall = { to: Address; abi: Abi; functionName: string; args?: readonly unknown[] };

/** The calls of one user operation, and the token's decimals and symbol to word a revert's amounts. */
export type SmartAccountCallsPlan = { calls: readonly SmartAccountCall[]; errorContext?: FundErrorContext };

/** Steps of a smart-account operation, for visible progress: checks, the owner's one signature, the bundler mining it. */
export type SendSmartAccountCallsStep = "checking" | "signing" | "bundling";

export type SendSmartAccountCallsParameters = Omit<WriteContext, "onSubmitted" | "waitForReceipt" | "smartAccount"> & {
  /**
   * The calls, or a function that builds them once the smart account's address is known (reading its balance, say);
   * it may throw a FundamentError whose message is said as is, before any prompt.
   */
  calls: readonly SmartAccountCall[] | ((smartAccount: Address) => Promise<SmartAccountCallsPlan>);
  /** The spec's result message on success. */
  successMessage: string;
  /** Token decimals and symbol, to show amounts in revert messages (a `calls` function may return them instead). */
  errorContext?: FundErrorContext;
  /** The text when the fund has not whitelisted the smart account (the paymaster sponsors whitelisted accounts only). */
  notWhitelistedMessage?: (smartAccount: Address) => string;
  /** The ERC-4337 bundler's JSON-RPC URL; default the deployment's `bundlerUrl`. */
  bundlerUrl?: string | undefined;
  /** The bundler's transport (tests); default `http(bundlerUrl)`. */
  bundlerTransport?: Transport | undefined;
  onStep?: ((step: SendSmartAccountCallsStep) => void) | undefined;
  /** Called with the user operation's hash once the bundler accepted it. */
  onUserOperationSubmitted?: ((userOpHash: Hash) => void) | undefined;
  /**
   * Reads what the operation produced: the bundle's receipt with the operation's own logs. May throw (e.g.
   * EventNotFoundError), which fails the action.
   */
  onReceipt?: ((receipt: TransactionReceipt) => void) | undefined;
};

export type SendSmartAccountCallsReturnType = WriteResult & {
  /** The user operation, once the bundler accepted it. */
  userOpHash: Hash | null;
  /** The smart account that sent the calls (null when it could not be worked out). */
  smartAccount: Address | null;
  /** Whether this operation deployed the smart account (its first one). */
  deployedAccount: boolean;
  /** From the user operation's receipt: the gas the EntryPoint charged for it, and its cost in wei (paid by the paymaster). */
  actualGasUsed: bigint | null;
  actualGasCost: bigint | null;
  /** Smart accounts cannot be used on this network at all (not set up, no bundler): another path may be taken. */
  unsupported: boolean;
};

/** Smart accounts are not usable on this network (not set up, no bundler): the caller may take another path. */
export class SmartAccountsUnavailableError extends FundamentError {
  override name = "SmartAccountsUnavailableError";
}

/** The default text when the fund has not whitelisted the smart account. */
export const smartAccountNotWhitelisted = (smartAccount: Address) =>
  `Your smart account ${smartAccount} is not whitelisted, so the fund does not pay its gas. Ask the fund's admin to whitelist it.`;

/** The text when the account's sponsorship is used up. */
export const sponsorshipUsedUp = (budget: bigint) =>
  `This smart account has used the gas the fund sponsors (budget ${formatEther(budget)} ETH per account). Ask the fund's admin to raise it.`;

/**
 * Sends calls from the owner's smart account (a SimpleAccount v0.8, ERC-4337) as one user operation (`execute` for
 * one call, `executeBatch` for several), gas paid by the fund's FundPaymaster, so the account holds no ETH; the owner
 * signs once (EIP-712). The first operation also deploys the account. Before the prompt it checks, in plain words:
 * the smart account is whitelisted (the paymaster sponsors only whitelisted accounts), the calls succeed when
 * simulated from the account (so the fund's refusals are the spec's texts, before any prompt), and it has
 * sponsorship left.
 * Waits for the user operation's receipt. Never throws: failures come back as `{ success: false, message }`.
 */
export async function sendSmartAccountCalls(
  parameters: SendSmartAccountCallsParameters,
): Promise<SendSmartAccountCallsReturnType> {
  const { deployment, publicClient, walletClient } = parameters;
  let errorContext: FundErrorContext = parameters.errorContext ?? {};
  let smartAccount: Address | null = null;
  let userOpHash: Hash | null = null;
  const nothingSent = { userOpHash: null, deployedAccount: false, actualGasUsed: null, actualGasCost: null };
  try {
    parameters.onStep?.("checking");
    const aa = smartAccountDeployment(deployment);
    if (!aa) throw new SmartAccountsUnavailableError("Smart accounts are not set up on this network.");
    const bundlerUrl = parameters.bundlerUrl ?? aa.bundlerUrl;
    if (!parameters.bundlerTransport && !bundlerUrl) {
      throw new SmartAccountsUnavailableError("No ERC-4337 bundler is configured for this network (BUNDLER_URL).");
    }
    if (!walletClient.account) throw new FundamentError("Connect a wallet first.");
    const owner = walletClient as WalletClient<Transport, Chain | undefined, Account>;
    const account = await toFundSmartAccount({ deployment, publicClient, owner });
    smartAccount = account.address;
    const [[whitelisted, remaining, budget], code] = await Promise.all([
      multicall(publicClient, {
        allowFailure: false,
        deployless: isDeployless(publicClient),
        contracts: [
          { ...fundContract(deployment), functionName: "isWhitelisted", args: [account.address] },
          {
            address: aa.fundPaymaster,
            abi: fundPaymasterAbi,
            functionName: "remainingSponsorship",
            args: [account.address],
          },
          { address: aa.fundPaymaster, abi: fundPaymasterAbi, functionName: "sponsorBudget" },
        ],
      }),
      (publicClient as Client).request({ method: "eth_getCode", params: [account.address, "latest"] }) as Promise<
        Hex | null | undefined
      >,
    ]);
    if (!whitelisted) {
      throw new FundamentError((parameters.notWhitelistedMessage ?? smartAccountNotWhitelisted)(account.address));
    }
    let calls: readonly SmartAccountCall[];
    if (typeof parameters.calls === "function") {
      const plan = await parameters.calls(account.address);
      calls = plan.calls;
      if (plan.errorContext) errorContext = plan.errorContext;
    } else {
      calls = parameters.calls;
    }
    if (calls.length === 0) throw new FundamentError("Nothing to send from the smart account.");
    // The fund's own refusal (a vote already cast, a locked pool) matters more than the budget: said first.
    await simulateFromAccount(publicClient, account.address, calls);
    if (remaining === 0n) throw new FundamentError(sponsorshipUsedUp(budget));

    parameters.onStep?.("signing");
    const bundler = createBundlerClient({
      account,
      client: publicClient,
      transport: parameters.bundlerTransport ?? http(bundlerUrl, { retryCount: 0 }),
    });
    userOpHash = await bundler.sendUserOperation({
      calls: calls as never,
      paymaster: aa.fundPaymaster,
    });
    parameters.onUserOperationSubmitted?.(userOpHash);
    parameters.onStep?.("bundling");
    const receipt = await bundler.waitForUserOperationReceipt({ hash: userOpHash, timeout: 120_000 });
    const figures = {
      userOpHash,
      smartAccount,
      deployedAccount: code === undefined || code === null || code === "0x",
      actualGasUsed: receipt.actualGasUsed,
      actualGasCost: receipt.actualGasCost,
      unsupported: false,
    };
    if (!receipt.success) {
      return {
        hash: receipt.receipt.transactionHash,
        success: false,
        message: errorMessages.executionFailed,
        ...figures,
      };
    }
    try {
      parameters.onReceipt?.({ ...receipt.receipt, logs: receipt.logs });
    } catch (error) {
      return { ...failure(error, errorContext), ...figures };
    }
    return { hash: receipt.receipt.transactionHash, success: true, message: parameters.successMessage, ...figures };
  } catch (error) {
    const refusal = paymasterRefusal(error);
    const result = refusal ? { hash: null, success: false, message: refusal } : failure(error, errorContext);
    const unsupported = error instanceof SmartAccountsUnavailableError;
    return { ...result, ...nothingSent, userOpHash, smartAccount, unsupported };
  }
}

/**
 * Simulates the calls from the smart account and throws the first revert, so the fund's refusals (a locked pool, a
 * payout to withdraw first) are said before the prompt. One call is an `eth_call` from the account; several are
 * simulated in sequence (`eth_simulateV1`), which nodes without it skip: the bundler's own simulation then reports
 * the failure.
 */
async function simulateFromAccount(
  publicClient: Client<Transport, Chain | undefined>,
  account: Address,
  calls: readonly SmartAccountCall[],
): Promise<void> {
  const [only] = calls;
  if (calls.length === 1 && only) {
    await simulateContract(publicClient, {
      address: only.to,
      abi: only.abi,
      functionName: only.functionName,
      args: only.args ?? [],
      account,
    } as Parameters<typeof simulateContract>[1]);
    return;
  }
  let results: Awaited<ReturnType<typeof simulateCalls>>["results"];
  try {
    ({ results } = await simulateCalls(publicClient, {
      account,
      calls: calls as Parameters<typeof simulateCalls>[1]["calls"],
    }));
  } catch {
    return;
  }
  const failed = results.find((result) => result.status === "failure");
  if (failed?.error) throw failed.error;
}
