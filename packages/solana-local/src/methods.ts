// The JSON-RPC methods: the shapes of the real Solana JSON-RPC, answered from the ledger.
import { type Address, lamports } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { type AccountEncoding, accountEncoding, encodeAccount, type RawAccount } from "./encode.js";
import { invalidParams, RPC_ERROR, RpcError } from "./errors.js";
import { type Genesis, LAMPORTS_PER_SOL, sendInstructions } from "./genesis.js";
import { decodeBase58, type Ledger, type LoggedTransaction } from "./ledger.js";
import {
  addressAt,
  arrayAt,
  type Config,
  configAt,
  flag,
  integerAt,
  isAddress,
  isSignature,
  oneOf,
  optionalInteger,
  type Params,
  signatureAt,
  stringAt,
} from "./params.js";
import { decodeMint, decodeTokenAccount, isMint, isTokenAccount, TOKEN_PROGRAMS, uiTokenAmount } from "./token.js";
import { type TransactionEncoding, transactionJson } from "./transactionJson.js";

/** The version this RPC reports (the Agave line LiteSVM 1.5 executes). */
export const SOLANA_CORE_VERSION = "2.3.0";

/** Slots per epoch (the clusters' value). */
export const SLOTS_PER_EPOCH = 432_000;

/** The largest single airdrop (lamports): 10,000 SOL. */
export const MAX_AIRDROP_LAMPORTS = 10_000n * LAMPORTS_PER_SOL;

/** What a method handler can reach. */
export type MethodContext = { ledger: Ledger; genesis: Genesis; genesisHash: string };

type Handler = (params: Params, context: MethodContext) => unknown;

function withContext(ledger: Ledger, value: unknown) {
  return { context: { apiVersion: SOLANA_CORE_VERSION, slot: ledger.slot }, value };
}

function rawAccount(ledger: Ledger, address: Address): RawAccount | null {
  const account = ledger.svm.getAccount(address);
  if (!account.exists) return null;
  return {
    lamports: BigInt(account.lamports),
    data: new Uint8Array(account.data),
    owner: account.programAddress,
    executable: account.executable,
  };
}

/** An account in the requested encoding, or null when it does not exist. */
export function accountJson(ledger: Ledger, address: Address, encoding: AccountEncoding, config: Config) {
  const account = rawAccount(ledger, address);
  return account ? encodeAccount(account, encoding, config, (mint) => ledger.decimalsOf(mint as Address)) : null;
}

/** getProgramAccounts filters: { dataSize } and { memcmp: { offset, bytes, encoding? } } (at most 4). */
function programAccountFilters(value: unknown): ((data: Uint8Array) => boolean)[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > 4) throw invalidParams("filters must be a list of at most 4 filters");
  return value.map((filter: unknown) => {
    const { dataSize, memcmp } = (filter ?? {}) as { dataSize?: unknown; memcmp?: unknown };
    if (typeof dataSize === "number" && Number.isSafeInteger(dataSize) && dataSize >= 0) {
      return (data: Uint8Array) => data.length === dataSize;
    }
    const { offset, bytes, encoding } = (memcmp ?? {}) as { offset?: unknown; bytes?: unknown; encoding?: unknown };
    if (typeof offset === "number" && Number.isSafeInteger(offset) && offset >= 0 && typeof bytes === "string") {
      let wanted: Uint8Array;
      try {
        wanted = encoding === "base64" ? new Uint8Array(Buffer.from(bytes, "base64")) : decodeBase58(bytes);
      } catch {
        throw invalidParams("memcmp.bytes must be base58 (or base64 with encoding: base64)");
      }
      return (data: Uint8Array) =>
        data.length >= offset + wanted.length && wanted.every((byte, i) => data[offset + i] === byte);
    }
    throw invalidParams("each filter must be { dataSize } or { memcmp: { offset, bytes } }");
  });
}

function signatureInfo(entry: LoggedTransaction) {
  return {
    blockTime: entry.blockTime,
    confirmationStatus: "finalized",
    err: entry.err,
    memo: null,
    signature: entry.signature,
    slot: entry.slot,
  };
}

function wireEncoding(config: Config): "base64" | "base58" {
  return oneOf(config, "encoding", ["base64", "base58"] as const, "base58");
}

const handlers: Record<string, Handler> = {
  getHealth: () => "ok",
  getVersion: () => ({ "feature-set": 3_294_202_862, "solana-core": SOLANA_CORE_VERSION }),
  getGenesisHash: (_params, { genesisHash }) => genesisHash,
  getIdentity: (_params, { genesis }) => ({ identity: genesis.faucet.address }),
  getSlot: (params, { ledger }) => {
    configAt(params, 0);
    return ledger.slot;
  },
  getBlockHeight: (params, { ledger }) => {
    configAt(params, 0);
    return ledger.blockHeight;
  },
  getTransactionCount: (params, { ledger }) => {
    configAt(params, 0);
    return ledger.transactionCount;
  },
  getEpochInfo: (params, { ledger }) => {
    configAt(params, 0);
    return {
      absoluteSlot: ledger.slot,
      blockHeight: ledger.blockHeight,
      epoch: Math.floor(ledger.slot / SLOTS_PER_EPOCH),
      slotIndex: ledger.slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: ledger.transactionCount,
    };
  },
  getLatestBlockhash: (params, { ledger }) => {
    configAt(params, 0);
    return withContext(ledger, ledger.latestBlockhash());
  },
  isBlockhashValid: (params, { ledger }) => {
    const blockhash = stringAt(params, 0, "a blockhash (base58)");
    configAt(params, 1);
    return withContext(ledger, ledger.isBlockhashValid(blockhash));
  },
  getBalance: (params, { ledger }) => {
    const address = addressAt(params, 0);
    configAt(params, 1);
    return withContext(ledger, ledger.svm.getBalance(address) ?? 0n);
  },
  getAccountInfo: (params, { ledger }) => {
    const address = addressAt(params, 0);
    const config = configAt(params, 1);
    return withContext(ledger, accountJson(ledger, address, accountEncoding(config), config));
  },
  getMultipleAccounts: (params, { ledger }) => {
    const list = arrayAt(params, 0, "account addresses", 100);
    const config = configAt(params, 1);
    const encoding = accountEncoding(config);
    return withContext(
      ledger,
      list.map((address, index) => {
        if (!isAddress(address)) throw invalidParams(`address #${index + 1} is not a base58 account address`);
        return accountJson(ledger, address, encoding, config);
      }),
    );
  },
  getTokenAccountsByOwner: (params, { ledger }) => {
    const owner = addressAt(params, 0, "the owner's address");
    const filter = params[1] as { mint?: unknown; programId?: unknown } | undefined;
    const byMint = filter && typeof filter === "object" && "mint" in filter;
    const byProgram = filter && typeof filter === "object" && "programId" in filter;
    if (!filter || typeof filter !== "object" || byMint === byProgram) {
      throw invalidParams("the second parameter must be { mint } or { programId }");
    }
    const key = byMint ? filter.mint : filter.programId;
    if (!isAddress(key)) throw invalidParams(`${byMint ? "mint" : "programId"} must be a base58 address`);
    if (byProgram && !TOKEN_PROGRAMS.includes(key)) {
      throw invalidParams(`programId must be a token program (${TOKEN_PROGRAMS.join(" or ")})`);
    }
    const config = configAt(params, 2);
    const encoding = accountEncoding(config);
    const programs = byProgram ? [key] : TOKEN_PROGRAMS;
    const value = [];
    for (const program of programs) {
      for (const account of ledger.svm.getProgramAccounts(program)) {
        const data = new Uint8Array(account.data);
        if (!isTokenAccount(program, data)) continue;
        const token = decodeTokenAccount(data);
        if (token.owner !== owner || (byMint && token.mint !== key)) continue;
        const raw = { lamports: BigInt(account.lamports), data, owner: program, executable: account.executable };
        value.push({
          account: encodeAccount(raw, encoding, config, (mint) => ledger.decimalsOf(mint as Address)),
          pubkey: account.address,
        });
      }
    }
    return withContext(ledger, value);
  },
  getProgramAccounts: (params, { ledger }) => {
    const program = addressAt(params, 0, "a program address");
    const config = configAt(params, 1);
    const encoding = accountEncoding(config);
    const filters = programAccountFilters(config.filters);
    const value = [];
    for (const account of ledger.svm.getProgramAccounts(program)) {
      const data = new Uint8Array(account.data);
      if (!filters.every((matches) => matches(data))) continue;
      const raw = { lamports: BigInt(account.lamports), data, owner: program, executable: account.executable };
      value.push({
        account: encodeAccount(raw, encoding, config, (mint) => ledger.decimalsOf(mint as Address)),
        pubkey: account.address,
      });
    }
    return flag(config, "withContext") ? withContext(ledger, value) : value;
  },
  getTokenAccountBalance: (params, { ledger }) => {
    const address = addressAt(params, 0, "a token account address");
    configAt(params, 1);
    const account = rawAccount(ledger, address);
    if (!account || !isTokenAccount(account.owner, account.data)) {
      throw invalidParams("the account is not a token account");
    }
    const token = decodeTokenAccount(account.data);
    return withContext(ledger, uiTokenAmount(token.amount, ledger.decimalsOf(token.mint)));
  },
  getTokenSupply: (params, { ledger }) => {
    const address = addressAt(params, 0, "a mint address");
    configAt(params, 1);
    const account = rawAccount(ledger, address);
    if (!account || !isMint(account.owner, account.data)) throw invalidParams("the account is not a token mint");
    const mint = decodeMint(account.data);
    return withContext(ledger, uiTokenAmount(mint.supply, mint.decimals));
  },
  getMinimumBalanceForRentExemption: (params, { ledger }) => {
    const length = integerAt(params, 0, "the account data length in bytes");
    if (length > 10n * 1024n * 1024n) throw invalidParams("the data length may be at most 10 MiB");
    configAt(params, 1);
    return ledger.svm.minimumBalanceForRentExemption(length);
  },
  getFeeForMessage: (params, { ledger }) => {
    const encoded = stringAt(params, 0, "a base64 encoded message");
    configAt(params, 1);
    const bytes = Buffer.from(encoded, "base64");
    // A message is a transaction without signatures: prefix a zero signature count per required signer.
    let decoded: ReturnType<Ledger["decode"]>;
    try {
      const signerCount = bytes[0] !== undefined && bytes[0] & 0x80 ? bytes[1] : bytes[0];
      const count = signerCount ?? 0;
      const wire = new Uint8Array(1 + count * 64 + bytes.length);
      wire[0] = count;
      wire.set(bytes, 1 + count * 64);
      decoded = ledger.decode(wire);
    } catch {
      throw invalidParams("the first parameter must be a base64 encoded transaction message");
    }
    const fee = ledger.isBlockhashValid(decoded.message.lifetimeToken) ? ledger.feeFor(decoded.message) : null;
    return withContext(ledger, fee);
  },
  sendTransaction: (params, { ledger }) => {
    const encoded = stringAt(params, 0, "a signed transaction (base64 or base58)");
    const config = configAt(params, 1);
    const decoded = ledger.decodeEncoded(encoded, wireEncoding(config));
    optionalInteger(config, "maxRetries");
    return ledger.send(decoded, { skipPreflight: flag(config, "skipPreflight") });
  },
  simulateTransaction: (params, { ledger }) => {
    const encoded = stringAt(params, 0, "a transaction (base64 or base58)");
    const config = configAt(params, 1);
    const decoded = ledger.decodeEncoded(encoded, wireEncoding(config));
    const sigVerify = flag(config, "sigVerify");
    const replaceRecentBlockhash = flag(config, "replaceRecentBlockhash");
    if (sigVerify && replaceRecentBlockhash) {
      throw invalidParams("sigVerify may not be used with replaceRecentBlockhash");
    }
    const result = ledger.simulate(decoded, { sigVerify, replaceRecentBlockhash });
    let accounts: unknown = null;
    const accountsConfig = config.accounts as { addresses?: unknown; encoding?: unknown } | undefined;
    if (accountsConfig !== undefined && accountsConfig !== null) {
      if (typeof accountsConfig !== "object" || !Array.isArray(accountsConfig.addresses)) {
        throw invalidParams("accounts must be { addresses: [...], encoding }");
      }
      const encoding = accountEncoding(accountsConfig as Config, "base64");
      accounts = accountsConfig.addresses.map((address, index) => {
        if (!isAddress(address)) throw invalidParams(`accounts.addresses #${index + 1} is not a base58 address`);
        const after = result.postAccounts.get(address);
        if (!after) return accountJson(ledger, address, encoding, {});
        return encodeAccount({ ...after, owner: after.owner }, encoding, {}, (mint) =>
          ledger.decimalsOf(mint as Address),
        );
      });
    }
    return withContext(ledger, {
      accounts,
      err: result.err,
      innerInstructions: null,
      loadedAccountsDataSize: 0,
      logs: result.logs,
      replacementBlockhash: replaceRecentBlockhash ? ledger.latestBlockhash() : null,
      returnData: result.returnData,
      unitsConsumed: result.unitsConsumed,
    });
  },
  getSignatureStatuses: (params, { ledger }) => {
    const list = arrayAt(params, 0, "transaction signatures", 256);
    configAt(params, 1);
    return withContext(
      ledger,
      list.map((signature, index) => {
        if (!isSignature(signature)) throw invalidParams(`signature #${index + 1} is not a base58 signature`);
        const entry = ledger.transaction(signature);
        if (!entry) return null;
        return {
          confirmationStatus: "finalized",
          confirmations: null,
          err: entry.err,
          slot: entry.slot,
          status: entry.err === null ? { Ok: null } : { Err: entry.err },
        };
      }),
    );
  },
  getSignaturesForAddress: (params, { ledger }) => {
    const address = addressAt(params, 0);
    const config = configAt(params, 1);
    const limit = optionalInteger(config, "limit") ?? 1000;
    if (limit < 1 || limit > 1000) throw invalidParams("limit must be between 1 and 1000");
    for (const key of ["before", "until"]) {
      if (config[key] !== undefined && config[key] !== null && !isSignature(config[key])) {
        throw invalidParams(`${key} must be a base58 transaction signature`);
      }
    }
    let list = ledger.transactionsFor(address);
    if (typeof config.before === "string") {
      const at = list.findIndex((entry) => entry.signature === config.before);
      list = at < 0 ? [] : list.slice(at + 1);
    }
    if (typeof config.until === "string") {
      const at = list.findIndex((entry) => entry.signature === config.until);
      if (at >= 0) list = list.slice(0, at);
    }
    return list.slice(0, limit).map(signatureInfo);
  },
  getTransaction: (params, { ledger }) => {
    const signature = signatureAt(params, 0);
    const config =
      typeof params[1] === "string" ? { encoding: params[1] } : (configAt(params, 1) as Record<string, unknown>);
    if (config.commitment === "processed") {
      throw invalidParams("Method does not support commitment below `confirmed`");
    }
    const encoding = oneOf<TransactionEncoding>(config, "encoding", ["json", "jsonParsed", "base64", "base58"], "json");
    const maxVersion = optionalInteger(config, "maxSupportedTransactionVersion");
    const entry = ledger.transaction(signature);
    if (!entry) return null;
    if (entry.message.version !== "legacy" && maxVersion === undefined) {
      throw new RpcError(
        RPC_ERROR.unsupportedTransactionVersion,
        `Transaction version (${entry.message.version}) is not supported by the requesting client. ` +
          'Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
      );
    }
    return transactionJson(entry, encoding, maxVersion !== undefined);
  },
  getBlockTime: (params, { ledger }) => {
    const slot = Number(integerAt(params, 0, "a slot"));
    const time = ledger.blockTime(slot);
    if (time === undefined)
      throw invalidParams(`slot ${slot} has no block here (the first slot is 1, the current ${ledger.slot})`);
    return time;
  },
  getRecentPrioritizationFees: () => [],
  requestAirdrop: async (params, { ledger, genesis }) => {
    const address = addressAt(params, 0, "the recipient's address");
    const amount = integerAt(params, 1, "the amount in lamports");
    configAt(params, 2);
    if (amount === 0n) throw invalidParams("the airdrop amount must be more than 0 lamports");
    if (amount > MAX_AIRDROP_LAMPORTS) {
      throw invalidParams(`an airdrop may be at most ${MAX_AIRDROP_LAMPORTS} lamports (10,000 SOL)`);
    }
    return ledger.exclusive(() =>
      sendInstructions(ledger, genesis.faucet, [
        getTransferSolInstruction({ source: genesis.faucet, destination: address, amount: lamports(amount) }),
      ]),
    );
  },
};

/** The RPC methods this server answers. */
export const SOLANA_LOCAL_METHODS: readonly string[] = Object.freeze(Object.keys(handlers).sort());

/** Run one method; unknown names are -32601 "Method not found". */
export async function callMethod(method: string, params: Params, context: MethodContext): Promise<unknown> {
  const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
  if (!handler) throw new RpcError(RPC_ERROR.methodNotFound, "Method not found");
  return handler(params, context);
}
