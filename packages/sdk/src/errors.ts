import {
  type Abi,
  AbiEncodingArrayLengthMismatchError,
  AbiEncodingBytesSizeMismatchError,
  AbiEncodingLengthMismatchError,
  AbiErrorSignatureNotFoundError,
  BaseError,
  ChainMismatchError,
  ChainNotFoundError,
  type ContractErrorArgs,
  type ContractErrorName,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  type DecodeErrorResultReturnType,
  decodeErrorResult,
  formatUnits,
  HttpRequestError,
  IntegerOutOfRangeError,
  InvalidAddressError,
  RpcRequestError,
  TimeoutError,
  TransactionExecutionError,
  UserRejectedRequestError,
  WebSocketRequestError,
} from "viem";
import { fundGovernorAbi, fundTimelockAbi, investmentFundAbi, mockUsdcAbi } from "./abi/index.js";
import {
  API_UNREACHABLE,
  ApiUnreachableError,
  EventNotFoundError,
  FundamentError,
  RequestFailedError,
} from "./baseErrors.js";
import { formatChangeTime } from "./format/secondsToDate.js";
import { formatCount, formatPeriod, fundLimits } from "./fundLimits.js";
import { errorMessages } from "./messages.js";

export { API_UNREACHABLE, ApiUnreachableError, EventNotFoundError, FundamentError, RequestFailedError };

export type FundErrorContext = {
  /** Decimals and symbol of the investment token, to show amounts in contract errors. */
  decimals?: number;
  symbol?: string;
};

/**
 * The fund's ABI with its governor's (proposals and votes live in `FundGovernor`; `sendFundTransaction` sends each
 * function to the contract that has it) plus the token's custom errors, so reverts that bubble up from the token decode
 * too. The governor's `NotWhitelisted` is the fund's, so it is left out once.
 */
export const fundWithTokenErrorsAbi = [
  ...investmentFundAbi,
  ...fundGovernorAbi.filter((item) => !(item.type === "error" && item.name === "NotWhitelisted")),
  // The timelock's own errors (its AccessControl and InvalidFund ones are already there).
  ...fundTimelockAbi.filter(
    (item) =>
      item.type === "error" &&
      !["AccessControlBadConfirmation", "AccessControlUnauthorizedAccount", "InvalidFund"].includes(item.name),
  ),
  ...mockUsdcAbi.filter((item) => item.type === "error"),
] as const;

/**
 * Plain words for each custom error of an ABI, keyed by the ABI's own error names, each given that error's decoded
 * arguments (typed from the ABI) and the token context.
 */
export type ErrorCatalogue<abi extends Abi> = {
  [name in ContractErrorName<abi>]: (args: ContractErrorArgs<abi, name>, context: FundErrorContext) => string;
};

/** A custom error the fund or its token can revert with (InvestmentFund.sol, and MockUSDC's OpenZeppelin errors). */
export type FundErrorName = ContractErrorName<typeof fundWithTokenErrorsAbi>;
/** The decoded arguments of the fund's or token's error `name`. */
export type FundErrorArgs<name extends FundErrorName> = ContractErrorArgs<typeof fundWithTokenErrorsAbi, name>;

const amount = (value: bigint, context: FundErrorContext) => {
  const text = context.decimals === undefined ? value.toString() : formatUnits(value, context.decimals);
  return context.symbol ? `${text} ${context.symbol}` : text;
};

const {
  BASIS_POINTS,
  MAX_NAME_LENGTH,
  MAX_WALLET_TYPE_LENGTH,
  MAX_TRADING_WALLETS,
  MAX_DESCRIPTION_LENGTH,
  MAX_PROPOSAL_ACTIONS,
  MIN_VOTING_PERIOD,
  MAX_VOTING_PERIOD,
  MIN_LOCKUP_PERIOD,
  MAX_LOCKUP_PERIOD,
  MAX_CHALLENGE_WINDOW,
  MAX_MANAGEMENT_FEE_BPS,
  MAX_PERFORMANCE_FEE_BPS,
} = fundLimits;
const notAllowed = "This wallet is not allowed to do that.";
const invalidSignature = "The signature is not valid.";
const invalidTokenName = "The token's name is not valid.";
const invalidSender = "That sender address cannot be used.";

/**
 * Plain-words texts for the fund contract's and its token's custom errors, shown before any wallet prompt when a
 * simulation reverts. (The spec names the catalogue's generic texts; these say what went wrong.) Keyed by the ABI's
 * error names and checked with `satisfies`: an error added to or renamed in the contract fails the SDK's build until
 * it has words here, and each text gets its error's arguments as the ABI types them. Limits come from the arguments
 * or from `fundLimits`, never written into a text. A text that needs no argument takes none, so callers that know
 * no arguments (the web app's checks before a prompt) call it as `fundErrorTexts.PoolLocked()`.
 */
export const fundErrorTexts = {
  NotWhitelisted: () => "This wallet is not whitelisted to invest. Ask the fund's admin to whitelist it.",
  AlreadyWhitelisted: () => "This wallet is already whitelisted.",
  BelowMinimumInvestment: ([, minimumInvestment], context) =>
    `The minimum investment is ${amount(minimumInvestment, context)}.`,
  NothingReceived: () => "No tokens arrived: check the amount and the token.",
  PoolLocked: () => "This vault's pool is locked until its lockup period ends: its funds are with the traders.",
  PoolNotLocked: () => "This vault's pool is not locked.",
  UnwithdrawnPosition: ([poolId]) =>
    `Your payout from pool ${poolId} of this vault is settled and waiting: withdraw it first.`,
  VaultNotFound: ([vaultId]) => `There is no vault ${vaultId}.`,
  InvalidVaultName: () => `Enter a vault name of 1 to ${MAX_NAME_LENGTH} characters.`,
  TooManyVaults: () => "The fund cannot hold more vaults.",
  LossNotConfirmed: ([principal, totalReturned], context) =>
    `The returned amount (${amount(totalReturned, context)}) is below the pool's principal (${amount(principal, context)}): settling it is a loss for the investors. Confirm the loss to settle.`,
  NotALoss: ([principal, totalReturned], context) =>
    `The returned amount (${amount(totalReturned, context)}) is not below the pool's principal (${amount(principal, context)}): settle it normally, not as a loss.`,
  ReportMissing: () =>
    "Every settlement carries its round's NAV report: build the report first, then settle with its hash.",
  SettlementPending: () =>
    "A settlement of this round is already proposed and waiting its challenge window: nothing can be collected or proposed until it is final or vetoed.",
  NoSettlementProposed: () => "No settlement of this vault's round is waiting to be finalised or vetoed.",
  ChallengeWindowOpen: ([finalAt]) =>
    `The challenge window is still open: the settlement can be finalised from ${formatChangeTime(finalAt)}.`,
  GuardianCosignRequired: () =>
    "This settlement lies outside the vault's bounds: it becomes final only once a guardian has co-signed it.",
  CosignNotNeeded: () =>
    "This settlement needs no co-signature: it lies inside the vault's bounds, or it is already co-signed.",
  InvalidSettlementBounds: () =>
    "Enter a loss bound of 0 to 10,000 basis points (100%) and a gain bound of 0 to 65,535 (65,535: no bound).",
  InvalidChallengeWindow: () =>
    `Enter a challenge window of at most ${formatPeriod(MAX_CHALLENGE_WINDOW)} (0 only on a local chain).`,
  FeeAboveCap: () =>
    `Enter a management fee of at most ${MAX_MANAGEMENT_FEE_BPS / 100}% a year and a performance fee of at most ${MAX_PERFORMANCE_FEE_BPS / 100}%: the contract caps them there.`,
  VaultCapExceeded: ([available], context) =>
    available === 0n
      ? "This vault's round is full: it has reached its cap. Deposits open again with the next round."
      : `This vault's round is nearly full: at most ${amount(available, context)} more fits under its cap.`,
  InvestorCapExceeded: ([available], context) =>
    available === 0n
      ? "You have reached this vault's cap per investor for this round."
      : `This vault caps each investor's funds in a round: you can add at most ${amount(available, context)}.`,
  DefaultAdminProtected: () => "The admin role of the fund's default admin cannot be removed.",
  NoFundFees: () => "There are no fund fees to claim.",
  FutureLookup: ([blockNumber]) =>
    `Block ${blockNumber} has not ended yet: voting power is known for past blocks only.`,
  NothingToWithdraw: () => "There is nothing to withdraw.",
  EmergencyActive: () => "The fund is in an emergency state: deposits and lockups are paused.",
  VaultPaused: () =>
    "Deposits and new rounds of this vault are paused for safety. Your money can still leave: refunds and payouts stay open.",
  VaultWindingDown: () =>
    "This vault is winding down: it takes no new deposits and starts no new round. Every position can be withdrawn once its round settles.",
  NotInEmergency: () => "Emergency withdrawal is only available while the fund is in an emergency state.",
  EmergencyStateUnchanged: () => "The emergency state is already set to that value.",
  EmptyPool: () => "The pool has no funds to lock.",
  LockupNotEnded: () => "The lockup period has not ended yet.",
  ReturnedAmountMismatch: ([, collected], context) =>
    `The returned amount must equal what was collected (${amount(collected, context)}).`,
  InvalidAddress: () => "That address cannot be used here.",
  InvalidWalletType: () => `Enter a wallet type of 1 to ${MAX_WALLET_TYPE_LENGTH} characters.`,
  InvalidAllocation: () => `Enter an allocation between 1 and ${formatCount(BASIS_POINTS)} basis points.`,
  AllocationExceedsLimit: () => `Allocations would exceed 100% (${formatCount(BASIS_POINTS)} basis points).`,
  AllocationIncomplete: ([totalAllocation]) =>
    `Trading wallet allocations must add up to 100% before the lockup starts (now ${(Number(totalAllocation) * 100) / Number(BASIS_POINTS)}%).`,
  TooManyTradingWallets: () => `A vault can have at most ${MAX_TRADING_WALLETS} trading wallets.`,
  TradingWalletAlreadyAdded: () =>
    "That address is already a trading wallet (of this vault or another): a wallet serves one vault at a time.",
  TradingWalletNotFound: () => "That address is not a trading wallet of this vault's pool.",
  TradingWalletIndexOutOfBounds: () => "That trading wallet no longer exists.",
  EmptyDescription: () => "Enter a proposal description.",
  DescriptionTooLong: () =>
    `The proposal description is too long (${formatCount(MAX_DESCRIPTION_LENGTH)} bytes at most).`,
  InvalidVotingPeriod: () =>
    `The voting period must be between ${formatPeriod(MIN_VOTING_PERIOD)} and ${formatPeriod(MAX_VOTING_PERIOD)}.`,
  NoVotingPower: () => "You had no voting power when this proposal was created.",
  ProposalNotFound: () => "That proposal does not exist.",
  VotingClosed: () => "Voting on this proposal has closed.",
  VotingNotEnded: () => "Voting on this proposal has not ended yet.",
  AlreadyVoted: () => "You have already voted on this proposal.",
  ProposalAlreadyExecuted: () => "This proposal has already been executed.",
  ProposalNotPassed: () => "This proposal did not pass: it needs more votes for than against and its quorum.",
  InvalidActions: () =>
    `A proposal carries 1 to ${MAX_PROPOSAL_ACTIONS} actions, each with a target, a value and call data.`,
  ActionsMismatch: () => "Those are not this proposal's actions.",
  WrongProposalKind: () =>
    "A signal proposal is executed as a signal; a proposal with actions is queued in the timelock and executed there.",
  NoTimelock: () => "Proposals with actions need the fund's timelock, which is not set up yet.",
  NotAuthorized: () => notAllowed,
  InvalidQuorum: () => "The quorum must be between 0 % and 100 %.",
  InvalidVoteType: () => "Vote for, against, or abstain.",
  InvalidSignature: () => invalidSignature,
  Abdicated: () => "That power was given up for good: no change can call it again.",
  NotGovernor: () => notAllowed,
  InvalidFund: () => "That address cannot be used here.",
  LastRoleMember: () => "The last admin cannot be removed.",
  NotAdminOrOperator: () => notAllowed,
  AccessControlUnauthorizedAccount: () => notAllowed,
  AccessControlBadConfirmation: () => "The confirmation address does not match.",
  ReentrancyGuardReentrantCall: () => "A reentrant call was blocked.",
  InvalidMinimumInvestment: () => "Enter a minimum investment above zero.",
  InvalidLockupPeriodDuration: () =>
    `The lockup period must be between ${formatPeriod(MIN_LOCKUP_PERIOD)} and ${formatPeriod(MAX_LOCKUP_PERIOD)}.`,
  NoExcess: () => "The fund holds nothing beyond what it owes.",
  ERC20InsufficientAllowance: () => "The fund is not approved to spend that amount.",
  ERC20InsufficientBalance: () => "Your token balance is too low for that amount.",
  SafeERC20FailedOperation: () => "The token transfer failed.",
  SafeCastOverflowedUintDowncast: () => "That amount is too large.",
  CheckpointUnorderedInsertion: () => "Voting power history is out of order; try again in the next block.",
  ERC20InvalidApprover: () => invalidSender,
  ERC20InvalidSender: () => invalidSender,
  ERC20InvalidReceiver: () => "That receiver address cannot be used.",
  ERC20InvalidSpender: () => "That spender address cannot be used.",
  ECDSAInvalidSignature: () => invalidSignature,
  ECDSAInvalidSignatureLength: () => invalidSignature,
  ECDSAInvalidSignatureS: () => invalidSignature,
  ERC2612InvalidSigner: () => invalidSignature,
  ERC2612ExpiredSignature: () => "The signature has expired; sign again.",
  InvalidAccountNonce: () => "The signature was already used; sign again.",
  PermitFailed: () => "The permit was not accepted and the fund is not approved for that amount; sign again.",
  DelayTooShort: ([, floor]) => `A delay must be at least ${formatPeriod(Number(floor))}: changes never apply at once.`,
  FailedCall: () => "The change itself failed when it was executed; the fund refused it.",
  TimelockInsufficientDelay: ([, minDelay]) =>
    `A change must wait at least ${formatPeriod(Number(minDelay))} before it can be executed.`,
  TimelockInvalidOperationLength: () => "The change's calls do not line up.",
  TimelockUnauthorizedCaller: () => notAllowed,
  TimelockUnexecutedPredecessor: () => "An earlier change must be executed first.",
  TimelockUnexpectedOperationState: () =>
    "That change is not in a state that allows this: still waiting, already executed, or cancelled.",
  InvalidShortString: () => invalidTokenName,
  StringTooLong: () => invalidTokenName,
} satisfies ErrorCatalogue<typeof fundWithTokenErrorsAbi>;

/** The catalogue seen through its key type, so a text can be looked up by a name known only as a type parameter. */
const fundErrorCatalogue: ErrorCatalogue<typeof fundWithTokenErrorsAbi> = fundErrorTexts;

/** The text of the fund's or token's custom error `errorName`, given its decoded arguments. */
export function describeFundError<name extends FundErrorName>(
  errorName: name,
  args: FundErrorArgs<name>,
  context: FundErrorContext = {},
): string {
  return fundErrorCatalogue[errorName](args, context);
}

function walk(error: unknown, predicate: (e: unknown) => boolean): unknown {
  if (error instanceof BaseError) return error.walk(predicate);
  let current: unknown = error;
  for (let depth = 0; current && depth < 10; depth++) {
    if (predicate(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const isUserRejection = (e: unknown) =>
  e instanceof UserRejectedRequestError ||
  (typeof e === "object" && e !== null && (e as { code?: unknown }).code === UserRejectedRequestError.code);

/** A failure to reach the node at all (HTTP error or no answer), as opposed to an error the node answered with. */
const isTransportFailure = (e: unknown) =>
  e instanceof HttpRequestError || e instanceof WebSocketRequestError || e instanceof TimeoutError;

/** A custom error of `abi`, as viem decodes it: `errorName`, `args` typed from the ABI (undefined when it has none). */
export type Revert<abi extends Abi> = DecodeErrorResultReturnType<abi>;
/** A custom error of the fund or its token, decoded. */
export type FundRevert = Revert<typeof fundWithTokenErrorsAbi>;

/**
 * The custom error of a reverted contract call, decoded with `abi` (default: the fund's and its token's errors) so
 * its name and arguments are typed; undefined when the call did not revert with a custom error of `abi`. Only
 * reverts the call's own ABI decoded count (as before typing): the revert data is decoded again with `abi`, which
 * also makes sure an error of another contract that shares a name is not taken for the fund's.
 */
export function revertOf(error: unknown): FundRevert | undefined;
export function revertOf<const abi extends Abi>(error: unknown, abi: abi): Revert<abi> | undefined;
export function revertOf(error: unknown, abi: Abi = fundWithTokenErrorsAbi): Revert<Abi> | undefined {
  const reverted = walk(error, (e) => e instanceof ContractFunctionRevertedError);
  if (!(reverted instanceof ContractFunctionRevertedError) || !reverted.data || !reverted.raw) return undefined;
  let decoded: Revert<Abi>;
  try {
    decoded = decodeErrorResult({ abi, data: reverted.raw });
  } catch (decodeError) {
    if (decodeError instanceof AbiErrorSignatureNotFoundError) return undefined; // not an error of `abi`
    throw decodeError;
  }
  // decodeErrorResult also knows Solidity's Error(string) and Panic(uint256), which are no custom errors of `abi`.
  const items: readonly unknown[] = abi;
  return items.includes(decoded.abiItem) ? decoded : undefined;
}

/** The words for a decoded fund or token error (its name and arguments kept together, as decoded). */
function describeRevert<name extends FundErrorName>(
  revert: { errorName: name; args: FundErrorArgs<name> },
  context: FundErrorContext,
): string {
  return describeFundError(revert.errorName, revert.args, context);
}

/**
 * Why a write failed, beside its message: `rejected` (the person declined in the wallet), `reverted` (the contract
 * refused it, in simulation or once mined, or the paymaster would not sponsor it), `invalid` (refused before anything
 * was sent: the SDK's own checks, e.g. no wallet or a malformed amount, and viem's checks of addresses, arguments and
 * chain), `rpc` (the node, bundler or API failed or could not be reached, or answered something else than expected).
 */
export type WriteFailureKind = "rejected" | "reverted" | "rpc" | "invalid";

/** viem's errors for input it refuses before sending anything. */
const isViemValidation = (e: unknown) =>
  e instanceof InvalidAddressError ||
  e instanceof AbiEncodingLengthMismatchError ||
  e instanceof AbiEncodingArrayLengthMismatchError ||
  e instanceof AbiEncodingBytesSizeMismatchError ||
  e instanceof IntegerOutOfRangeError ||
  e instanceof ChainMismatchError ||
  e instanceof ChainNotFoundError;

/**
 * The kind of a write's failure, from viem's error classes (the causes are walked, as for the message): the same order
 * as `toUserMessage`, so the kind and the message tell the same story.
 */
export function failureKind(error: unknown): WriteFailureKind {
  if (walk(error, isUserRejection)) return "rejected";
  if (walk(error, (e) => e instanceof ContractFunctionRevertedError)) return "reverted";
  // The SDK's own refusals before sending; a missing event or an API's error answer is not the person's input.
  if (error instanceof FundamentError) {
    return error instanceof EventNotFoundError ||
      error instanceof RequestFailedError ||
      error instanceof ApiUnreachableError
      ? "rpc"
      : "invalid";
  }
  if (walk(error, isTransportFailure) || walk(error, (e) => e instanceof RpcRequestError)) return "rpc";
  if (walk(error, isViemValidation)) return "invalid";
  return "rpc";
}

/** JSON-RPC / EIP-1193 codes of a node that does not offer a method (method not found, not supported, unsupported). */
const METHOD_UNSUPPORTED_CODES = new Set([-32601, -32004, 4200]);

/**
 * Whether a node's error says it does not offer the method asked for (e.g. `eth_simulateV1` on an older node), as
 * opposed to a failure of the call itself: the only error an optional call may skip.
 */
export function isMethodUnsupported(error: unknown): boolean {
  const code = (e: unknown) => (typeof e === "object" && e !== null ? (e as { code?: unknown }).code : undefined);
  // walk() answers null or undefined when nothing matches (viem's walk gives null).
  return Boolean(
    walk(error, (e) => {
      const value = code(e);
      return typeof value === "number" && METHOD_UNSUPPORTED_CODES.has(value);
    }),
  );
}

/**
 * Turns any error into the text a person sees, following the spec's catalogue (section 8): a wallet
 * rejection, then a decoded contract error in plain words, then an RPC that could not be reached (whatever
 * call it broke), then transaction execution, contract call and other RPC failures, then the nested detail or short message, then 'An unexpected error occurred.';
 * a non-object error is 'Unknown error.'.
 */
export function toUserMessage(error: unknown, context: FundErrorContext = {}): string {
  if (typeof error !== "object" || error === null) return errorMessages.unknown;
  if (walk(error, isUserRejection)) return errorMessages.userRejected;
  const revert = revertOf(error);
  if (revert) return describeRevert(revert, context);
  if (error instanceof FundamentError) return error.shortMessage;
  // The node could not be reached (or answered HTTP errors): an RPC failure, whatever call it broke.
  if (walk(error, isTransportFailure)) return errorMessages.rpcFailed;
  if (walk(error, (e) => e instanceof TransactionExecutionError)) return errorMessages.executionFailed;
  if (walk(error, (e) => e instanceof ContractFunctionExecutionError)) return errorMessages.contractCallFailed;
  if (walk(error, (e) => e instanceof RpcRequestError)) return errorMessages.rpcFailed;
  const detail = (error as { details?: unknown }).details;
  if (typeof detail === "string" && detail) return detail;
  const short = (error as { shortMessage?: unknown }).shortMessage;
  if (typeof short === "string" && short) return short;
  return errorMessages.unexpected;
}
