import {
  type Abi,
  type Account,
  type Address,
  type Chain,
  type Client,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type Hash,
  type Hex,
  http,
  type TransactionReceipt,
  type Transport,
  type WalletClient,
} from "viem";
import { createBundlerClient, entryPoint08Abi } from "viem/account-abstraction";
import { estimateFeesPerGas, getBalance, getCode, multicall, simulateCalls, simulateContract } from "viem/actions";
import { fundPaymasterAbi } from "../abi/index.js";
import { FundamentError } from "../baseErrors.js";
import { smartAccountDeployment } from "../deployment/deployment.js";
import { type FundErrorContext, isMethodUnsupported } from "../errors.js";
import { errorMessages } from "../messages.js";
import { fundContract, isDeployless } from "../reads/fundContract.js";
import { failure } from "../writes/failure.js";
import type { WriteContext, WriteResult } from "../writes/types.js";
import { decodePaymasterRevert, paymasterRefusal } from "./describeSmartAccountError.js";
import { toFundSmartAccount } from "./toFundSmartAccount.js";
import {
  type GasPayment,
  type NotSponsoredReason,
  needsEthMessage,
  userOperationMaxCost,
} from "./userOperationCost.js";

/**
 * One call of a user operation: a contract function of `to` (value 0: the fund's paymaster sponsors no value). Build
 * it with `smartAccountCall`, which checks the function and its arguments against the ABI; a list of calls to
 * different contracts is held in this wider shape.
 */
export type SmartAccountCall = { to: Address; abi: Abi; functionName: string; args?: readonly unknown[] };

type WriteMutability = "nonpayable" | "payable";

/**
 * A `SmartAccountCall` whose function name and arguments are checked against `abi` (a generated ABI `as const`), as
 * viem's own actions check them: a renamed function or an argument of the wrong type fails the build.
 */
export function smartAccountCall<
  const abi extends Abi,
  functionName extends ContractFunctionName<abi, WriteMutability>,
>(call: {
  to: Address;
  abi: abi;
  functionName: functionName;
  args: ContractFunctionArgs<abi, WriteMutability, functionName>;
}): SmartAccountCall {
  // Checked above; held from here on as a plain call (TypeScript cannot see that a type parameter's arguments are an
  // array: viem's `ContractFunctionArgs` resolves only for a known function).
  return { ...call, args: call.args as readonly unknown[] };
}

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
  /**
   * For calls the fund takes from whitelisted accounts only (investing): the text when the smart account is not
   * whitelisted, said before anything else. Without it, a smart account off the whitelist still sends (withdraw,
   * move its tokens out), paying its own gas.
   */
  notWhitelistedMessage?: (smartAccount: Address) => string;
  /** The ERC-4337 bundler's JSON-RPC URL; default the deployment's `bundlerUrl`. */
  bundlerUrl?: string | undefined;
  /** The bundler's transport (tests); default `http(bundlerUrl)`. */
  bundlerTransport?: Transport | undefined;
  onStep?: ((step: SendSmartAccountCallsStep) => void) | undefined;
  /** Called before the prompt with who will pay the operation's gas: the fund's paymaster, or the smart account. */
  onGasPayment?: ((payment: GasPayment) => void) | undefined;
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
  /** From the user operation's receipt: the gas the EntryPoint charged for it, and its cost in wei. */
  actualGasUsed: bigint | null;
  actualGasCost: bigint | null;
  /**
   * Who paid the gas: `sponsored` (the fund's paymaster) or `selfPaid` (the smart account's own ETH, when the fund
   * does not sponsor it); null when nothing was sent.
   */
  gasPayment: GasPayment | null;
  /** Smart accounts cannot be used on this network at all (not set up, no bundler): another path may be taken. */
  unsupported: boolean;
};

/** Smart accounts are not usable on this network (not set up, no bundler): the caller may take another path. */
export class SmartAccountsUnavailableError extends FundamentError {
  override name = "SmartAccountsUnavailableError";
}

/** A balance for the sender during a self-paid operation's gas estimation only (the bundler simulates at 1 wei/gas). */
const ESTIMATION_BALANCE = 10n ** 24n;

/** What the checks before the prompt read of the smart account: its whitelist entry, budget, deposit, ETH and code. */
type SmartAccountState = {
  whitelisted: boolean;
  /** The paymaster's remaining sponsorship for the account, in wei. */
  remaining: bigint;
  /** The account's own deposit at the EntryPoint, and its ETH. */
  deposit: bigint;
  balance: bigint;
  /** Whether the account has no code yet: this operation deploys it. */
  deploys: boolean;
};

type SmartAccountDeployment = NonNullable<ReturnType<typeof smartAccountDeployment>>;
type FundSmartAccount = Awaited<ReturnType<typeof toFundSmartAccount>>;
type FundBundlerClient = ReturnType<typeof fundBundlerClient>;
/** A prepared user operation, as the bundler estimated it. */
type PreparedOperation = Awaited<ReturnType<FundBundlerClient["prepareUserOperation"]>>;

/**
 * Sends calls from the owner's smart account (a SimpleAccount v0.8, ERC-4337) as one user operation (`execute` for
 * one call, `executeBatch` for several); the owner signs once (EIP-712). The first operation also deploys the
 * account. Gas: the fund's FundPaymaster pays it when it will (the account is whitelisted and its remaining
 * sponsorship covers the operation's maximum cost, at the bundler's quoted gas price), so the account holds no ETH;
 * otherwise the account pays from its own ETH (and EntryPoint deposit), so money is never stuck behind the
 * paymaster: a delisted account, or one whose budget is used up, still withdraws and moves its tokens out. Before
 * the prompt it checks, in plain words: the calls succeed when simulated from the account (the fund's refusals, the
 * spec's texts, come first), then who pays, and when the account must pay but lacks the ETH, how much to send it.
 * Waits for the user operation's receipt. Never throws: failures come back as `{ success: false, message }`.
 */
export async function sendSmartAccountCalls(
  parameters: SendSmartAccountCallsParameters,
): Promise<SendSmartAccountCallsReturnType> {
  const { publicClient } = parameters;
  let errorContext: FundErrorContext = parameters.errorContext ?? {};
  let smartAccount: Address | null = null;
  let userOpHash: Hash | null = null;
  try {
    parameters.onStep?.("checking");
    const { aa, bundlerUrl } = smartAccountSetup(parameters);
    const account = await ownerSmartAccount(parameters);
    smartAccount = account.address;
    const state = await readSmartAccountState(parameters, aa, account.address);
    if (!state.whitelisted && parameters.notWhitelistedMessage) {
      throw new FundamentError(parameters.notWhitelistedMessage(account.address));
    }
    const plan = await planCalls(parameters, account.address);
    if (plan.errorContext) errorContext = plan.errorContext;
    // The fund's own refusal (a vote already cast, a locked pool) matters more than the budget: said first.
    await simulateFromAccount(publicClient, account.address, plan.calls);

    const bundler = fundBundlerClient(parameters, account, bundlerUrl);
    const { prepared, gasPayment } = await prepareOperation(bundler, plan.calls, aa, state, account.address);
    parameters.onGasPayment?.(gasPayment);

    parameters.onStep?.("signing");
    userOpHash = await signAndSend(bundler, prepared);
    parameters.onUserOperationSubmitted?.(userOpHash);
    parameters.onStep?.("bundling");
    const receipt = await bundler.waitForUserOperationReceipt({ hash: userOpHash, timeout: 120_000 });
    const figures = {
      userOpHash,
      smartAccount,
      deployedAccount: state.deploys,
      actualGasUsed: receipt.actualGasUsed,
      actualGasCost: receipt.actualGasCost,
      gasPayment,
      unsupported: false,
    };
    return { ...operationOutcome(parameters, receipt, errorContext), ...figures };
  } catch (error) {
    const refusal = paymasterRefusal(error);
    // The paymaster refused in its validation: a revert, said in its own words.
    const result: WriteResult = refusal
      ? { hash: null, success: false, message: refusal, kind: "reverted" }
      : failure(error, errorContext);
    const unsupported = error instanceof SmartAccountsUnavailableError;
    return { ...result, ...nothingSent, userOpHash, smartAccount, unsupported };
  }
}

/** The figures of an operation that was not sent (or whose sending failed before its receipt). */
const nothingSent = {
  userOpHash: null,
  deployedAccount: false,
  actualGasUsed: null,
  actualGasCost: null,
  gasPayment: null,
} as const;

/** The deployment's smart-account contracts and the bundler's URL; SmartAccountsUnavailableError when either is missing. */
function smartAccountSetup({ deployment, bundlerUrl, bundlerTransport }: SendSmartAccountCallsParameters): {
  aa: SmartAccountDeployment;
  bundlerUrl: string | undefined;
} {
  const aa = smartAccountDeployment(deployment);
  if (!aa) throw new SmartAccountsUnavailableError("Smart accounts are not set up on this network.");
  const url = bundlerUrl ?? aa.bundlerUrl;
  if (!bundlerTransport && !url) {
    throw new SmartAccountsUnavailableError("No ERC-4337 bundler is configured for this network (BUNDLER_URL).");
  }
  return { aa, bundlerUrl: url };
}

/** The connected owner's smart account (its address is known before it is deployed). */
async function ownerSmartAccount({
  deployment,
  publicClient,
  walletClient,
}: SendSmartAccountCallsParameters): Promise<FundSmartAccount> {
  if (!walletClient.account) throw new FundamentError("Connect a wallet first.");
  // Checked just above: the wallet client has its account (TypeScript does not narrow a client's type parameter).
  const owner = walletClient as WalletClient<Transport, Chain | undefined, Account>;
  return toFundSmartAccount({ deployment, publicClient, owner });
}

/** The smart account's whitelist entry, remaining sponsorship and EntryPoint deposit (one multicall), ETH and code. */
async function readSmartAccountState(
  { deployment, publicClient }: SendSmartAccountCallsParameters,
  aa: SmartAccountDeployment,
  address: Address,
): Promise<SmartAccountState> {
  const [[whitelisted, remaining, deposit], balance, code] = await Promise.all([
    multicall(publicClient, {
      allowFailure: false,
      deployless: isDeployless(publicClient),
      contracts: [
        { ...fundContract(deployment), functionName: "isWhitelisted", args: [address] },
        { address: aa.fundPaymaster, abi: fundPaymasterAbi, functionName: "remainingSponsorship", args: [address] },
        { address: aa.entryPoint, abi: entryPoint08Abi, functionName: "balanceOf", args: [address] },
      ],
    }),
    getBalance(publicClient, { address }),
    getCode(publicClient, { address, blockTag: "latest" }),
  ]);
  return { whitelisted, remaining, deposit, balance, deploys: code === undefined };
}

/** The calls, built now when `calls` is a function of the smart account's address; an empty list is refused. */
async function planCalls({ calls }: SendSmartAccountCallsParameters, address: Address): Promise<SmartAccountCallsPlan> {
  const plan = typeof calls === "function" ? await calls(address) : { calls };
  if (plan.calls.length === 0) throw new FundamentError("Nothing to send from the smart account.");
  return plan;
}

/** The bundler client for the account, with the bundler's own gas price quote. */
function fundBundlerClient(
  { publicClient, bundlerTransport }: SendSmartAccountCallsParameters,
  account: FundSmartAccount,
  bundlerUrl: string | undefined,
) {
  return createBundlerClient({
    account,
    client: publicClient,
    transport: bundlerTransport ?? http(bundlerUrl, { retryCount: 0 }),
    userOperation: { estimateFeesPerGas: ({ bundlerClient }) => bundlerGasPrice(bundlerClient, publicClient) },
  });
}

/**
 * The operation prepared (estimated by the bundler) and who pays its gas. Sponsored when the paymaster will take it:
 * whitelisted, and the remaining budget covers the maximum cost the paymaster reserves (at the bundler's quoted
 * price). Otherwise the account pays for itself, and must hold the ETH for the maximum cost (else a plain-words
 * refusal saying how much to send it).
 */
async function prepareOperation(
  bundler: FundBundlerClient,
  calls: readonly SmartAccountCall[],
  aa: SmartAccountDeployment,
  state: SmartAccountState,
  address: Address,
): Promise<{ prepared: PreparedOperation; gasPayment: GasPayment }> {
  const notSponsored = await sponsorshipRefusal(bundler, calls, aa, state);
  if (typeof notSponsored === "object") return { prepared: notSponsored.prepared, gasPayment: "sponsored" };
  const prepared = await bundler.prepareUserOperation({
    calls: userOperationCalls(calls),
    stateOverride: [{ address, balance: ESTIMATION_BALANCE }],
  });
  const available = state.balance + state.deposit;
  const cost = userOperationMaxCost(prepared);
  if (cost > available) throw new FundamentError(needsEthMessage(address, cost - available, notSponsored));
  return { prepared, gasPayment: "selfPaid" };
}

/**
 * Why the paymaster will not sponsor the operation, or the operation it will sponsor (prepared with it). The bundler's
 * estimation runs the paymaster's validation: a budget too small for it, or a whitelist change since the read, is a
 * refusal to sponsor, not a failure. Anything else is.
 */
async function sponsorshipRefusal(
  bundler: FundBundlerClient,
  calls: readonly SmartAccountCall[],
  aa: SmartAccountDeployment,
  state: SmartAccountState,
): Promise<NotSponsoredReason | { prepared: PreparedOperation }> {
  if (!state.whitelisted) return "notWhitelisted";
  if (state.remaining === 0n) return "budgetUsedUp";
  try {
    const prepared = await bundler.prepareUserOperation({
      calls: userOperationCalls(calls),
      paymaster: aa.fundPaymaster,
    });
    return userOperationMaxCost(prepared) > state.remaining ? "budgetUsedUp" : { prepared };
  } catch (error) {
    const refusal = decodePaymasterRevert(error)?.errorName;
    if (refusal === "SponsorBudgetExceeded") return "budgetUsedUp";
    if (refusal === "AccountNotWhitelisted") return "notWhitelisted";
    throw error;
  }
}

/**
 * The calls as a user operation takes them. Each was checked against its ABI where it was built (`smartAccountCall`);
 * a list of calls to different contracts is held as viem's unchecked call list (`readonly unknown[]`, which its
 * `Calls` type takes as is), an upcast, not a cast.
 */
function userOperationCalls(calls: readonly SmartAccountCall[]): readonly unknown[] {
  return calls;
}

/** Signs the prepared operation (the owner's one prompt) and sends it to the bundler; resolves with its hash. */
async function signAndSend(bundler: FundBundlerClient, prepared: PreparedOperation): Promise<Hash> {
  // The prepared operation, signed now: its stub signature is dropped, and so is any estimation override.
  const { signature: _stub, stateOverride: _override, ...unsigned } = prepared;
  return bundler.sendUserOperation(unsigned);
}

/** The operation's result from its receipt: the spec's message on success, the receipt's reader given its logs. */
function operationOutcome(
  parameters: SendSmartAccountCallsParameters,
  receipt: Awaited<ReturnType<FundBundlerClient["waitForUserOperationReceipt"]>>,
  errorContext: FundErrorContext,
): WriteResult {
  const hash = receipt.receipt.transactionHash;
  if (!receipt.success) return { hash, success: false, message: errorMessages.executionFailed, kind: "reverted" };
  try {
    parameters.onReceipt?.({ ...receipt.receipt, logs: receipt.logs });
  } catch (error) {
    return failure(error, errorContext);
  }
  return { hash, success: true, message: parameters.successMessage, kind: null };
}

/** The bundler's gas price method (Pimlico's, which Alto serves): its tiers' fees in hex wei. */
type PimlicoGasPrice = {
  Parameters?: undefined;
  ReturnType: { fast: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex } };
};

/**
 * The bundler's own gas price quote (`pimlico_getUserOperationGasPrice`, its `fast` tier: what Alto accepts and what
 * the operation's maximum cost is reckoned at); for a bundler without that method, the node's estimate doubled (as
 * viem does by default, bundlers' fee prechecks being strict).
 */
async function bundlerGasPrice(
  bundlerClient: Client,
  publicClient: Client<Transport, Chain | undefined>,
): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
  try {
    const quote = await bundlerClient.request<PimlicoGasPrice>({ method: "pimlico_getUserOperationGasPrice" });
    return {
      maxFeePerGas: BigInt(quote.fast.maxFeePerGas),
      maxPriorityFeePerGas: BigInt(quote.fast.maxPriorityFeePerGas),
    };
  } catch (error) {
    // Only a bundler without the method falls back; a bundler that fails the request fails the operation.
    if (!isMethodUnsupported(error)) throw error;
    const fees = await estimateFeesPerGas(publicClient, { chain: publicClient.chain, type: "eip1559" });
    return { maxFeePerGas: 2n * fees.maxFeePerGas, maxPriorityFeePerGas: 2n * fees.maxPriorityFeePerGas };
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
  } catch (error) {
    // No eth_simulateV1 on this node: the bundler's own simulation reports a failure instead. Any other failure of
    // the simulation (the node unreachable) fails the operation here, before a prompt.
    if (isMethodUnsupported(error)) return;
    throw error;
  }
  const failed = results.find((result) => result.status === "failure");
  if (failed?.error) throw failed.error;
}
