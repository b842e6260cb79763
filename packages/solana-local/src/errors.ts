// JSON-RPC errors and LiteSVM's transaction errors in the shapes (and words) of the real Solana JSON-RPC.

/** JSON-RPC 2.0 error codes used here (the Solana-specific ones are the validator's). */
export const RPC_ERROR = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** sendTransaction: the preflight simulation failed. */
  preflightFailure: -32002,
  /** sendTransaction: a signature is missing or wrong. */
  signatureVerificationFailure: -32003,
  /** getTransaction: a versioned transaction for a client that did not say it supports it. */
  unsupportedTransactionVersion: -32015,
} as const;

/** An error answered as a JSON-RPC error object. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "RpcError";
  }
}

/** -32602 with a plain message. */
export function invalidParams(message: string): RpcError {
  return new RpcError(RPC_ERROR.invalidParams, `Invalid params: ${message}`);
}

/** A transaction error as the RPC shows it: "InsufficientFundsForFee" or {"InstructionError":[0,{"Custom":1}]}. */
export type TransactionErrorJson = string | Record<string, unknown>;

// The order of litesvm's TransactionErrorFieldless and InstructionErrorFieldless const enums (Agave's names).
const TRANSACTION_ERRORS = [
  "AccountInUse",
  "AccountLoadedTwice",
  "AccountNotFound",
  "ProgramAccountNotFound",
  "InsufficientFundsForFee",
  "InvalidAccountForFee",
  "AlreadyProcessed",
  "BlockhashNotFound",
  "CallChainTooDeep",
  "MissingSignatureForFee",
  "InvalidAccountIndex",
  "SignatureFailure",
  "InvalidProgramForExecution",
  "SanitizeFailure",
  "ClusterMaintenance",
  "AccountBorrowOutstanding",
  "WouldExceedMaxBlockCostLimit",
  "UnsupportedVersion",
  "InvalidWritableAccount",
  "WouldExceedMaxAccountCostLimit",
  "WouldExceedAccountDataBlockLimit",
  "TooManyAccountLocks",
  "AddressLookupTableNotFound",
  "InvalidAddressLookupTableOwner",
  "InvalidAddressLookupTableData",
  "InvalidAddressLookupTableIndex",
  "InvalidRentPayingAccount",
  "WouldExceedMaxVoteCostLimit",
  "WouldExceedAccountDataTotalLimit",
  "MaxLoadedAccountsDataSizeExceeded",
  "ResanitizationNeeded",
  "InvalidLoadedAccountsDataSizeLimit",
  "UnbalancedTransaction",
  "ProgramCacheHitMaxLimit",
  "CommitCancelled",
] as const;

const INSTRUCTION_ERRORS = [
  "GenericError",
  "InvalidArgument",
  "InvalidInstructionData",
  "InvalidAccountData",
  "AccountDataTooSmall",
  "InsufficientFunds",
  "IncorrectProgramId",
  "MissingRequiredSignature",
  "AccountAlreadyInitialized",
  "UninitializedAccount",
  "UnbalancedInstruction",
  "ModifiedProgramId",
  "ExternalAccountLamportSpend",
  "ExternalAccountDataModified",
  "ReadonlyLamportChange",
  "ReadonlyDataModified",
  "DuplicateAccountIndex",
  "ExecutableModified",
  "RentEpochModified",
  "NotEnoughAccountKeys",
  "AccountDataSizeChanged",
  "AccountNotExecutable",
  "AccountBorrowFailed",
  "AccountBorrowOutstanding",
  "DuplicateAccountOutOfSync",
  "InvalidError",
  "ExecutableDataModified",
  "ExecutableLamportChange",
  "ExecutableAccountNotRentExempt",
  "UnsupportedProgramId",
  "CallDepth",
  "MissingAccount",
  "ReentrancyNotAllowed",
  "MaxSeedLengthExceeded",
  "InvalidSeeds",
  "InvalidRealloc",
  "ComputationalBudgetExceeded",
  "PrivilegeEscalation",
  "ProgramEnvironmentSetupFailure",
  "ProgramFailedToComplete",
  "ProgramFailedToCompile",
  "Immutable",
  "IncorrectAuthority",
  "AccountNotRentExempt",
  "InvalidAccountOwner",
  "ArithmeticOverflow",
  "UnsupportedSysvar",
  "IllegalOwner",
  "MaxAccountsDataAllocationsExceeded",
  "MaxAccountsExceeded",
  "MaxInstructionTraceLengthExceeded",
  "BuiltinProgramsMustConsumeComputeUnits",
  "BorshIoError",
] as const;

// Agave's Display texts, so messages read as a validator's do.
const TRANSACTION_ERROR_TEXTS: Record<string, string> = {
  AccountInUse: "Account in use",
  AccountLoadedTwice: "Account loaded twice",
  AccountNotFound: "Attempt to debit an account but found no record of a prior credit.",
  ProgramAccountNotFound: "Attempt to load a program that does not exist",
  InsufficientFundsForFee: "Insufficient funds for fee",
  InvalidAccountForFee: "This account may not be used to pay transaction fees",
  AlreadyProcessed: "This transaction has already been processed",
  BlockhashNotFound: "Blockhash not found",
  CallChainTooDeep: "Loader call chain is too deep",
  MissingSignatureForFee: "Transaction requires a fee but has no signature present",
  InvalidAccountIndex: "Transaction contains an invalid account reference",
  SignatureFailure: "Transaction did not pass signature verification",
  InvalidProgramForExecution: "This program may not be used for executing instructions",
  SanitizeFailure: "Transaction failed to sanitize accounts offsets correctly",
  UnsupportedVersion: "Transaction version is unsupported",
  InvalidWritableAccount: "Transaction loads a writable account that cannot be written",
  TooManyAccountLocks: "Transaction locked too many accounts",
  AddressLookupTableNotFound: "Transaction loads an address table account that doesn't exist",
  InvalidRentPayingAccount: "Transaction leaves an account with a lower balance than rent-exempt minimum",
  UnbalancedTransaction: "Sum of account balances before and after transaction do not match",
};

const INSTRUCTION_ERROR_TEXTS: Record<string, string> = {
  GenericError: "generic instruction error",
  InvalidArgument: "invalid program argument",
  InvalidInstructionData: "invalid instruction data",
  InvalidAccountData: "invalid account data for instruction",
  AccountDataTooSmall: "account data too small for instruction",
  InsufficientFunds: "insufficient funds for instruction",
  IncorrectProgramId: "incorrect program id for instruction",
  MissingRequiredSignature: "missing required signature for instruction",
  AccountAlreadyInitialized: "instruction requires an uninitialized account",
  UninitializedAccount: "instruction requires an initialized account",
  UnbalancedInstruction: "sum of account balances before and after instruction do not match",
  ExternalAccountLamportSpend: "instruction spent from the balance of an account it does not own",
  ExternalAccountDataModified: "instruction modified data of an account it does not own",
  ReadonlyLamportChange: "instruction changed the balance of a read-only account",
  ReadonlyDataModified: "instruction modified data of a read-only account",
  NotEnoughAccountKeys: "insufficient account keys for instruction",
  AccountNotExecutable: "instruction expected an executable account",
  MissingAccount: "An account required by the instruction is missing",
  ComputationalBudgetExceeded: "Computational budget exceeded",
  PrivilegeEscalation: "Cross-program invocation with unauthorized signer or writable account",
  ProgramFailedToComplete: "Program failed to complete",
  IncorrectAuthority: "Incorrect authority provided",
  AccountNotRentExempt: "An account does not have enough lamports to be rent-exempt",
  InvalidAccountOwner: "Invalid account owner",
  ArithmeticOverflow: "Program arithmetic overflowed",
  IllegalOwner: "Provided owner is not allowed",
};

function nameOf(value: { constructor?: { name?: string } }): string {
  return value.constructor?.name ?? "";
}

function instructionErrorJson(inner: unknown): unknown {
  if (typeof inner === "number") return INSTRUCTION_ERRORS[inner] ?? "GenericError";
  if (inner && typeof inner === "object") {
    const record = inner as { code?: unknown; msg?: unknown };
    if (typeof record.code === "number") return { Custom: record.code };
    if (typeof record.msg === "string") return { BorshIoError: record.msg };
  }
  return "GenericError";
}

/** LiteSVM's error object (a number for the field-less variants, a class otherwise) → the RPC's JSON shape. */
export function transactionErrorJson(err: unknown): TransactionErrorJson {
  if (typeof err === "number") return TRANSACTION_ERRORS[err] ?? "SanitizeFailure";
  if (err && typeof err === "object") {
    const name = nameOf(err);
    const record = err as { index?: number; accountIndex?: number; err?: () => unknown };
    if (typeof record.err === "function" && typeof record.index === "number") {
      return { InstructionError: [record.index, instructionErrorJson(record.err())] };
    }
    if (name.includes("DuplicateInstruction")) return { DuplicateInstruction: record.index ?? 0 };
    if (name.includes("InsufficientFundsForRent")) {
      return { InsufficientFundsForRent: { account_index: record.accountIndex ?? 0 } };
    }
    if (name.includes("ProgramExecutionTemporarilyRestricted")) {
      return { ProgramExecutionTemporarilyRestricted: { account_index: record.accountIndex ?? 0 } };
    }
  }
  return "SanitizeFailure";
}

/** The validator's wording of a transaction error ("Error processing Instruction 0: custom program error: 0x1"). */
export function transactionErrorText(err: TransactionErrorJson): string {
  if (typeof err === "string") return TRANSACTION_ERROR_TEXTS[err] ?? err;
  const [key, value] = Object.entries(err)[0] ?? ["", undefined];
  if (key === "InstructionError" && Array.isArray(value)) {
    const [index, inner] = value as [number, unknown];
    let text: string;
    if (typeof inner === "string") text = INSTRUCTION_ERROR_TEXTS[inner] ?? inner;
    else if (inner && typeof inner === "object" && "Custom" in inner) {
      text = `custom program error: 0x${Number((inner as { Custom: number }).Custom).toString(16)}`;
    } else if (inner && typeof inner === "object" && "BorshIoError" in inner) {
      text = `Failed to serialize or deserialize account data: ${(inner as { BorshIoError: string }).BorshIoError}`;
    } else text = "generic instruction error";
    return `Error processing Instruction ${index}: ${text}`;
  }
  if (key === "InsufficientFundsForRent") {
    const index = (value as { account_index?: number })?.account_index ?? 0;
    return `Transaction results in an account (${index}) with insufficient funds for rent`;
  }
  if (key === "DuplicateInstruction")
    return `Transaction contains a duplicate instruction (${value}) that is not allowed`;
  return key;
}

/**
 * The program's own explanation, from the logs: the last line that is not the runtime's invoke/success/failed/
 * consumed bookkeeping (e.g. "Transfer: insufficient lamports 100, need 200" or "Error: insufficient funds").
 */
export function plainReasonFromLogs(logs: readonly string[]): string | undefined {
  for (let i = logs.length - 1; i >= 0; i--) {
    const line = logs[i] ?? "";
    if (/^Program \S+ (invoke|success|failed|consumed)/.test(line)) continue;
    if (line.startsWith("Program return:") || line.startsWith("Program data:")) continue;
    const text = line.replace(/^Program log: /, "").trim();
    if (text && !/^Instruction: /.test(text)) return text;
  }
  return undefined;
}
