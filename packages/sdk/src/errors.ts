import {
  BaseError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  formatUnits,
  HttpRequestError,
  RpcRequestError,
  TimeoutError,
  TransactionExecutionError,
  UserRejectedRequestError,
  WebSocketRequestError,
} from "viem";
import { EventNotFoundError, FundamentError, RequestFailedError } from "./baseErrors.js";
import { errorMessages } from "./messages.js";

export { EventNotFoundError, FundamentError, RequestFailedError };

export type FundErrorContext = {
  /** Decimals and symbol of the investment token, to show amounts in contract errors. */
  decimals?: number;
  symbol?: string;
};

const amount = (value: unknown, context: FundErrorContext) => {
  if (typeof value !== "bigint") return String(value);
  const text = context.decimals === undefined ? value.toString() : formatUnits(value, context.decimals);
  return context.symbol ? `${text} ${context.symbol}` : text;
};

/**
 * Plain-words texts for the fund contract's custom errors, shown before any wallet prompt when a
 * simulation reverts. (The spec names the catalogue's generic texts; these say what went wrong.)
 */
export function describeFundError(
  errorName: string,
  args: readonly unknown[] = [],
  context: FundErrorContext = {},
): string | undefined {
  switch (errorName) {
    case "NotWhitelisted":
      return "This wallet is not whitelisted to invest. Ask the fund's admin to whitelist it.";
    case "AlreadyWhitelisted":
      return "This wallet is already whitelisted.";
    case "BelowMinimumInvestment":
      return `The minimum investment is ${amount(args[1], context)}.`;
    case "NothingReceived":
      return "No tokens arrived: check the amount and the token.";
    case "PoolLocked":
      return "This vault's pool is locked until its lockup period ends: its funds are with the traders.";
    case "PoolNotLocked":
      return "This vault's pool is not locked.";
    case "PoolNotSettled":
      return "The pool has not been settled yet: you can withdraw once its lockup ends and it is settled.";
    case "UnwithdrawnPosition":
      return `Your payout from pool ${String(args[0])} of this vault is settled and waiting: withdraw it first.`;
    case "VaultNotFound":
      return `There is no vault ${String(args[0])}.`;
    case "InvalidVaultName":
      return "Enter a vault name of 1 to 31 characters.";
    case "TooManyVaults":
      return "The fund cannot hold more vaults.";
    case "LossNotConfirmed":
      return `The returned amount (${amount(args[1], context)}) is below the pool's principal (${amount(args[0], context)}): settling it is a loss for the investors. Confirm the loss to settle.`;
    case "NotALoss":
      return `The returned amount (${amount(args[1], context)}) is not below the pool's principal (${amount(args[0], context)}): settle it normally, not as a loss.`;
    case "DefaultAdminProtected":
      return "The admin role of the fund's default admin cannot be removed.";
    case "NoFundFees":
      return "There are no fund fees to claim.";
    case "FutureLookup":
      return `Block ${String(args[0])} has not ended yet: voting power is known for past blocks only.`;
    case "NothingToWithdraw":
      return "There is nothing to withdraw.";
    case "EmergencyActive":
      return "The fund is in an emergency state: deposits and lockups are paused.";
    case "NotInEmergency":
      return "Emergency withdrawal is only available while the fund is in an emergency state.";
    case "EmergencyStateUnchanged":
      return "The emergency state is already set to that value.";
    case "EmptyPool":
      return "The pool has no funds to lock.";
    case "LockupNotEnded":
      return "The lockup period has not ended yet.";
    case "ReturnedAmountMismatch":
      return `The returned amount must equal what was collected (${amount(args[1], context)}).`;
    case "InvalidAddress":
      return "That address cannot be used here.";
    case "InvalidWalletType":
      return "Enter a wallet type of 1 to 31 characters.";
    case "InvalidAllocation":
      return "Enter an allocation between 1 and 10,000 basis points.";
    case "AllocationExceedsLimit":
      return "Allocations would exceed 100% (10,000 basis points).";
    case "AllocationIncomplete":
      return `Trading wallet allocations must add up to 100% before the lockup starts (now ${Number(args[0]) / 100}%).`;
    case "TooManyTradingWallets":
      return "A vault can have at most 10 trading wallets.";
    case "TradingWalletAlreadyAdded":
      return "That trading wallet is already in this vault's list.";
    case "TradingWalletNotFound":
      return "That address is not a trading wallet of this vault's pool.";
    case "TradingWalletIndexOutOfBounds":
      return "That trading wallet no longer exists.";
    case "EmptyDescription":
      return "Enter a proposal description.";
    case "DescriptionTooLong":
      return "The proposal description is too long (2,000 bytes at most).";
    case "InvalidVotingPeriod":
      return "The voting period must be between 1 hour and 90 days.";
    case "NoVotingPower":
      return "You had no voting power when this proposal was created.";
    case "ProposalNotFound":
      return "That proposal does not exist.";
    case "VotingClosed":
      return "Voting on this proposal has closed.";
    case "VotingNotEnded":
      return "Voting on this proposal has not ended yet.";
    case "AlreadyVoted":
      return "You have already voted on this proposal.";
    case "ProposalAlreadyExecuted":
      return "This proposal has already been executed.";
    case "ProposalNotPassed":
      return "This proposal did not pass.";
    case "LastRoleMember":
      return "The last admin cannot be removed.";
    case "NotAdminOrOperator":
    case "AccessControlUnauthorizedAccount":
      return "This wallet is not allowed to do that.";
    case "AccessControlBadConfirmation":
      return "The confirmation address does not match.";
    case "ReentrancyGuardReentrantCall":
      return "A reentrant call was blocked.";
    case "InvalidMinimumInvestment":
      return "Enter a minimum investment above zero.";
    case "InvalidLockupPeriodDuration":
      return "The lockup period must be between 1 hour and 365 days.";
    case "NoExcess":
      return "The fund holds nothing beyond what it owes.";
    case "ERC20InsufficientAllowance":
      return "The fund is not approved to spend that amount.";
    case "ERC20InsufficientBalance":
      return "Your token balance is too low for that amount.";
    case "SafeERC20FailedOperation":
      return "The token transfer failed.";
    case "SafeCastOverflowedUintDowncast":
      return "That amount is too large.";
    case "CheckpointUnorderedInsertion":
      return "Voting power history is out of order; try again in the next block.";
    case "ERC20InvalidApprover":
    case "ERC20InvalidSender":
      return "That sender address cannot be used.";
    case "ERC20InvalidReceiver":
      return "That receiver address cannot be used.";
    case "ERC20InvalidSpender":
      return "That spender address cannot be used.";
    case "ECDSAInvalidSignature":
    case "ECDSAInvalidSignatureLength":
    case "ECDSAInvalidSignatureS":
    case "ERC2612InvalidSigner":
      return "The signature is not valid.";
    case "ERC2612ExpiredSignature":
      return "The signature has expired; sign again.";
    case "InvalidAccountNonce":
      return "The signature was already used; sign again.";
    case "PermitFailed":
      return "The permit was not accepted and the fund is not approved for that amount; sign again.";
    case "InvalidShortString":
    case "StringTooLong":
      return "The token's name is not valid.";
    default:
      return undefined;
  }
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

/** The decoded custom error of a reverted contract call, if any. */
export function revertOf(error: unknown): { errorName: string; args: readonly unknown[] } | undefined {
  const reverted = walk(error, (e) => e instanceof ContractFunctionRevertedError);
  if (!(reverted instanceof ContractFunctionRevertedError) || !reverted.data) return undefined;
  return { errorName: reverted.data.errorName, args: reverted.data.args ?? [] };
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
  if (revert) {
    const described = describeFundError(revert.errorName, revert.args, context);
    if (described) return described;
  }
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
