// The chain: LiteSVM executes the transactions; this keeps what a validator's ledger would answer from — the slot,
// recent blockhashes, and a log of every landed transaction (signature → slot, blockTime, accounts, meta).
import {
  type Address,
  type CompiledTransactionMessage,
  type CompiledTransactionMessageWithLifetime,
  getBase58Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Transaction,
} from "@solana/kit";
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from "litesvm";
import {
  invalidParams,
  plainReasonFromLogs,
  RPC_ERROR,
  RpcError,
  type TransactionErrorJson,
  transactionErrorJson,
  transactionErrorText,
} from "./errors.js";
import { decodeMint, decodeTokenAccount, isMint, isTokenAccount, uiTokenAmount } from "./token.js";

/** Slots a blockhash stays valid for (as on the real clusters). */
export const BLOCKHASH_VALIDITY_SLOTS = 150;
/** Lamports per signature (the clusters' base fee). */
export const LAMPORTS_PER_SIGNATURE = 5_000n;
/** The largest wire transaction (bytes). */
export const MAX_TRANSACTION_SIZE = 1232;

const COMPUTE_BUDGET_PROGRAM = "ComputeBudget111111111111111111111111111111";
// Builtin (native) programs: a transaction without a compute-unit limit gets 3,000 units per instruction to them.
const BUILTIN_PROGRAMS = new Set([
  "11111111111111111111111111111111",
  COMPUTE_BUDGET_PROGRAM,
  "Vote111111111111111111111111111111111111111",
  "BPFLoader1111111111111111111111111111111111",
  "BPFLoader2111111111111111111111111111111111",
  "BPFLoaderUpgradeab1e11111111111111111111111",
  "LoaderV411111111111111111111111111111111111",
  "Ed25519SigVerify111111111111111111111111111",
  "KeccakSecp256k11111111111111111111111111111",
  "Secp256r1SigVerify1111111111111111111111111",
]);

/** A token balance row of a transaction's meta (pre/postTokenBalances). */
export type TokenBalance = {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  uiTokenAmount: ReturnType<typeof uiTokenAmount>;
};

/** One compiled inner instruction, as the RPC's json encoding shows it. */
export type InnerInstructionJson = { programIdIndex: number; accounts: number[]; data: string; stackHeight: number };

/** A compiled legacy or v0 message (the versions accepted here). */
export type CompiledMessage = Extract<CompiledTransactionMessage, { version: "legacy" | 0 }> &
  CompiledTransactionMessageWithLifetime;

/** A decoded wire transaction. */
export type DecodedTransaction = {
  wire: Uint8Array;
  transaction: Transaction;
  message: CompiledMessage;
  /** base58 signatures in order; null where the wire carries an all-zero (missing) signature. */
  signatures: (string | null)[];
  accountKeys: Address[];
};

/** A landed transaction, successful or failed (a failed one still pays its fee). */
export type LoggedTransaction = DecodedTransaction & {
  signature: string;
  slot: number;
  blockTime: number;
  err: TransactionErrorJson | null;
  fee: bigint;
  preBalances: bigint[];
  postBalances: bigint[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
  logMessages: string[];
  innerInstructions: { index: number; instructions: InnerInstructionJson[] }[];
  computeUnitsConsumed: bigint;
  returnData: { programId: string; data: [string, "base64"] } | null;
};

/** What a simulation answers (simulateTransaction's value, and sendTransaction's preflight error data). */
export type SimulationResult = {
  err: TransactionErrorJson | null;
  logs: string[];
  unitsConsumed: bigint;
  returnData: LoggedTransaction["returnData"];
  postAccounts: Map<string, { lamports: bigint; data: Uint8Array; owner: Address; executable: boolean }>;
};

const base58 = getBase58Decoder();
const base64Encoder = getBase64Encoder();
const transactionDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64");
}

function metaDetails(meta: TransactionMetadata) {
  const innerInstructions = meta
    .innerInstructions()
    .map((list, index) => ({
      index,
      instructions: list.map((inner) => {
        const compiled = inner.instruction();
        return {
          programIdIndex: compiled.programIdIndex(),
          accounts: [...compiled.accounts()],
          data: base58.decode(compiled.data()),
          stackHeight: inner.stackHeight(),
        };
      }),
    }))
    .filter((entry) => entry.instructions.length > 0);
  const returned = meta.returnData();
  const returnData =
    returned.data().length > 0
      ? {
          programId: base58.decode(returned.programId()),
          data: [toBase64(returned.data()), "base64"] as [string, "base64"],
        }
      : null;
  return { logs: meta.logs(), innerInstructions, unitsConsumed: meta.computeUnitsConsumed(), returnData };
}

/** The local chain: one LiteSVM, a slot that advances per transaction, and the transaction log. */
export class Ledger {
  readonly svm: LiteSVM;
  slot = 1;
  transactionCount = 0;
  private readonly blockhashes = new Map<string, number>();
  private latest = { blockhash: "", lastValidBlockHeight: 0 };
  private readonly log: LoggedTransaction[] = [];
  private readonly bySignature = new Map<string, LoggedTransaction>();
  private readonly byAddress = new Map<string, LoggedTransaction[]>();
  private readonly slotTimes = new Map<number, number>();
  private readonly slotListeners = new Set<(slot: number) => void>();
  private readonly transactionListeners = new Set<(entry: LoggedTransaction) => void>();

  constructor() {
    // The blockhash check is ours: a blockhash stays valid for 150 slots, as on a cluster (LiteSVM accepts only its
    // latest one, which would fail every client that fetched a blockhash before someone else's transaction).
    this.svm = new LiteSVM().withBlockhashCheck(false);
    this.setSlot(this.slot);
  }

  /** Block height: one block per slot here. */
  get blockHeight(): number {
    return this.slot;
  }

  /** The newest blockhash and the last block height at which it is still accepted. */
  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number } {
    return { ...this.latest };
  }

  private queue: Promise<unknown> = Promise.resolve();

  /**
   * Run async work (build, sign, send) one at a time: two identical transfers built from the same blockhash would
   * carry the same signature, and the second would be "already processed".
   */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Call the listener at every new slot; returns the unsubscribe function. */
  onSlot(listener: (slot: number) => void): () => void {
    this.slotListeners.add(listener);
    return () => this.slotListeners.delete(listener);
  }

  /** Call the listener for every landed transaction (before the slot advances); returns the unsubscribe function. */
  onTransaction(listener: (entry: LoggedTransaction) => void): () => void {
    this.transactionListeners.add(listener);
    return () => this.transactionListeners.delete(listener);
  }

  private emit<T>(listeners: Set<(value: T) => void>, value: T): void {
    for (const listener of [...listeners]) {
      try {
        listener(value);
      } catch {
        // a subscriber's failure is its own
      }
    }
  }

  /** The unix time a slot started at (undefined for a slot not reached). */
  blockTime(slot: number): number | undefined {
    return this.slotTimes.get(slot);
  }

  /** Whether a transaction with this blockhash would be accepted now. */
  isBlockhashValid(blockhash: string): boolean {
    const lastValid = this.blockhashes.get(blockhash);
    return lastValid !== undefined && lastValid >= this.blockHeight;
  }

  /** Move to the next slot: a new blockhash, the clock's time set to now. */
  advanceSlot(): void {
    this.setSlot(this.slot + 1);
  }

  private setSlot(slot: number): void {
    this.slot = slot;
    this.svm.warpToSlot(BigInt(slot));
    const clock = this.svm.getClock();
    const now = Math.floor(Date.now() / 1000);
    this.slotTimes.set(slot, now);
    clock.unixTimestamp = BigInt(now);
    this.svm.setClock(clock);
    this.svm.expireBlockhash();
    const blockhash = this.svm.latestBlockhash();
    this.latest = { blockhash, lastValidBlockHeight: slot + BLOCKHASH_VALIDITY_SLOTS };
    this.blockhashes.set(blockhash, this.latest.lastValidBlockHeight);
    for (const [hash, lastValid] of this.blockhashes) if (lastValid < slot) this.blockhashes.delete(hash);
    this.emit(this.slotListeners, slot);
  }

  /** Decode wire bytes; a malformed transaction is a -32602 with a plain message. */
  decode(wire: Uint8Array): DecodedTransaction {
    if (wire.length > MAX_TRANSACTION_SIZE) {
      throw invalidParams(`the transaction is ${wire.length} bytes; the largest allowed is ${MAX_TRANSACTION_SIZE}`);
    }
    let transaction: Transaction;
    let message: CompiledTransactionMessage & CompiledTransactionMessageWithLifetime;
    try {
      transaction = transactionDecoder.decode(wire);
      message = messageDecoder.decode(transaction.messageBytes);
    } catch (error) {
      throw invalidParams(`the transaction could not be decoded (${error instanceof Error ? error.message : error})`);
    }
    if (message.version !== "legacy" && message.version !== 0) {
      throw invalidParams(`transaction version ${String(message.version)} is not supported; use legacy or 0`);
    }
    const accountKeys = [...message.staticAccounts];
    const signers = accountKeys.slice(0, message.header.numSignerAccounts);
    const signatures = signers.map((signer) => {
      const bytes = transaction.signatures[signer];
      return bytes ? base58.decode(bytes) : null;
    });
    if (signatures.length === 0) throw invalidParams("the transaction has no signatures");
    return { wire, transaction, message: message as CompiledMessage, signatures, accountKeys };
  }

  /** Decode a base64 or base58 wire transaction string. */
  decodeEncoded(encoded: string, encoding: "base64" | "base58"): DecodedTransaction {
    let bytes: Uint8Array;
    try {
      bytes = encoding === "base64" ? new Uint8Array(base64Encoder.encode(encoded)) : decodeBase58(encoded);
    } catch {
      throw invalidParams(`the transaction is not valid ${encoding}`);
    }
    return this.decode(bytes);
  }

  /**
   * The fee the cluster would charge: 5,000 lamports per signature plus the compute-unit price times the unit limit
   * (the limit set by the transaction, else 3,000 units per builtin instruction and 200,000 per other instruction).
   */
  feeFor(message: CompiledMessage): bigint {
    let unitLimit: bigint | undefined;
    let microLamportsPerUnit = 0n;
    let defaultLimit = 0n;
    for (const instruction of message.instructions) {
      const program = message.staticAccounts[instruction.programAddressIndex] ?? "";
      const data = instruction.data;
      if (program === COMPUTE_BUDGET_PROGRAM && data && data.length > 0) {
        const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
        if (data[0] === 2 && data.length >= 5) unitLimit = BigInt(view.getUint32(1, true));
        if (data[0] === 3 && data.length >= 9) microLamportsPerUnit = view.getBigUint64(1, true);
      }
      defaultLimit += BUILTIN_PROGRAMS.has(program) ? 3_000n : 200_000n;
    }
    const limit = unitLimit ?? (defaultLimit > 1_400_000n ? 1_400_000n : defaultLimit);
    const priority = (microLamportsPerUnit * (limit > 1_400_000n ? 1_400_000n : limit) + 999_999n) / 1_000_000n;
    return BigInt(message.header.numSignerAccounts) * LAMPORTS_PER_SIGNATURE + priority;
  }

  private signatureFailure(): RpcError {
    return new RpcError(RPC_ERROR.signatureVerificationFailure, "Transaction signature verification failure");
  }

  private preflightError(result: SimulationResult): RpcError {
    const text = transactionErrorText(result.err ?? "SanitizeFailure");
    const reason = plainReasonFromLogs(result.logs);
    return new RpcError(
      RPC_ERROR.preflightFailure,
      `Transaction simulation failed: ${text}${reason ? ` (${reason})` : ""}`,
      {
        accounts: null,
        err: result.err,
        innerInstructions: null,
        loadedAccountsDataSize: 0,
        logs: result.logs,
        replacementBlockhash: null,
        returnData: result.returnData,
        unitsConsumed: result.unitsConsumed,
      },
    );
  }

  /** Run a transaction without committing it. */
  simulate(
    decoded: DecodedTransaction,
    options: { sigVerify?: boolean; replaceRecentBlockhash?: boolean } = {},
  ): SimulationResult {
    const empty = { logs: [], unitsConsumed: 0n, returnData: null, postAccounts: new Map() };
    if (options.sigVerify && decoded.signatures.some((s) => s === null)) return { ...empty, err: "SignatureFailure" };
    if (!options.replaceRecentBlockhash && !this.isBlockhashValid(decoded.message.lifetimeToken)) {
      return { ...empty, err: "BlockhashNotFound" };
    }
    const verify = options.sigVerify ?? false;
    this.svm.withSigverify(verify);
    try {
      const outcome = this.svm.simulateTransaction(decoded.transaction);
      if (outcome instanceof FailedTransactionMetadata) {
        const details = metaDetails(outcome.meta());
        return { ...empty, ...details, err: transactionErrorJson(outcome.err()) };
      }
      const details = metaDetails(outcome.meta());
      const postAccounts: SimulationResult["postAccounts"] = new Map();
      for (const account of outcome.postAccounts()) {
        postAccounts.set(account.address, {
          lamports: BigInt(account.lamports),
          data: new Uint8Array(account.data),
          owner: account.programAddress,
          executable: account.executable,
        });
      }
      return { ...details, err: null, postAccounts };
    } finally {
      this.svm.withSigverify(true);
    }
  }

  /**
   * sendTransaction: verify, preflight (unless skipped), execute, log, next slot. Returns the first signature.
   * A transaction that fails in execution still lands (and pays its fee), as on a cluster.
   */
  send(decoded: DecodedTransaction, options: { skipPreflight?: boolean } = {}): string {
    const [signature] = decoded.signatures;
    if (!signature || decoded.signatures.some((s) => s === null)) throw this.signatureFailure();
    if (!options.skipPreflight) {
      const preflight = this.simulate(decoded, { sigVerify: true });
      if (preflight.err === "SignatureFailure") throw this.signatureFailure();
      if (preflight.err !== null) throw this.preflightError(preflight);
    } else if (!this.isBlockhashValid(decoded.message.lifetimeToken)) {
      return signature; // as on a cluster: accepted, never lands
    }
    const pre = this.snapshot(decoded.accountKeys);
    const outcome = this.svm.sendTransaction(decoded.transaction);
    const post = this.snapshot(decoded.accountKeys);
    const failed = outcome instanceof FailedTransactionMetadata;
    const err = failed ? transactionErrorJson(outcome.err()) : null;
    if (err === "SignatureFailure") throw this.signatureFailure();
    const details = metaDetails(failed ? outcome.meta() : outcome);
    const feePaid = (pre.balances[0] ?? 0n) !== (post.balances[0] ?? 0n);
    if (failed && !feePaid) {
      // Rejected before execution (already processed, fee payer cannot pay, …): nothing lands.
      if (options.skipPreflight) return signature;
      throw this.preflightError({ err, ...details, postAccounts: new Map() });
    }
    const entry: LoggedTransaction = {
      ...decoded,
      signature,
      slot: this.slot,
      blockTime: this.slotTimes.get(this.slot) ?? Math.floor(Date.now() / 1000),
      err,
      fee: this.feeFor(decoded.message),
      preBalances: pre.balances,
      postBalances: post.balances,
      preTokenBalances: pre.tokenBalances,
      postTokenBalances: post.tokenBalances,
      logMessages: details.logs,
      innerInstructions: details.innerInstructions,
      computeUnitsConsumed: details.unitsConsumed,
      returnData: details.returnData,
    };
    this.record(entry);
    this.advanceSlot();
    return signature;
  }

  private record(entry: LoggedTransaction): void {
    this.log.push(entry);
    this.transactionCount++;
    this.bySignature.set(entry.signature, entry);
    for (const key of new Set(entry.accountKeys)) {
      const list = this.byAddress.get(key);
      if (list) list.push(entry);
      else this.byAddress.set(key, [entry]);
    }
    this.emit(this.transactionListeners, entry);
  }

  private snapshot(keys: readonly Address[]): { balances: bigint[]; tokenBalances: TokenBalance[] } {
    const balances: bigint[] = [];
    const tokenBalances: TokenBalance[] = [];
    keys.forEach((key, accountIndex) => {
      const account = this.svm.getAccount(key);
      if (!account.exists) {
        balances.push(0n);
        return;
      }
      balances.push(BigInt(account.lamports));
      const data = new Uint8Array(account.data);
      if (!isTokenAccount(account.programAddress, data)) return;
      const token = decodeTokenAccount(data);
      tokenBalances.push({
        accountIndex,
        mint: token.mint,
        owner: token.owner,
        programId: account.programAddress,
        uiTokenAmount: uiTokenAmount(token.amount, this.decimalsOf(token.mint)),
      });
    });
    return { balances, tokenBalances };
  }

  /** A mint's decimals (0 if the mint is unknown). */
  decimalsOf(mint: Address): number {
    const account = this.svm.getAccount(mint);
    if (!account.exists) return 0;
    const data = new Uint8Array(account.data);
    return isMint(account.programAddress, data) ? decodeMint(data).decimals : 0;
  }

  /** A landed transaction by signature. */
  transaction(signature: string): LoggedTransaction | undefined {
    return this.bySignature.get(signature);
  }

  /** Landed transactions that name this address, newest first. */
  transactionsFor(address: string): LoggedTransaction[] {
    return [...(this.byAddress.get(address) ?? [])].reverse();
  }
}

const BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** Strict base58 → bytes (throws on a character outside the alphabet). */
export function decodeBase58(text: string): Uint8Array {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58_ALPHABET.indexOf(char);
    if (digit < 0) throw new Error(`invalid base58 character ${char}`);
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const char of text) {
    if (char !== "1") break;
    bytes.unshift(0);
  }
  return new Uint8Array(bytes);
}
