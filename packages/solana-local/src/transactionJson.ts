// getTransaction's answer in the json, jsonParsed, base64 and base58 encodings.
import { getBase58Decoder } from "@solana/kit";
import type { LoggedTransaction } from "./ledger.js";
import { parseInstruction } from "./parseInstruction.js";

/** Transaction encodings getTransaction answers in. */
export type TransactionEncoding = "json" | "jsonParsed" | "base64" | "base58";

const base58 = getBase58Decoder();

function meta(entry: LoggedTransaction, parsed: boolean) {
  const keys = entry.accountKeys;
  return {
    computeUnitsConsumed: entry.computeUnitsConsumed,
    err: entry.err,
    fee: entry.fee,
    innerInstructions: entry.innerInstructions.map(({ index, instructions }) => ({
      index,
      instructions: parsed
        ? instructions.map((inner) =>
            parseInstruction(
              keys[inner.programIdIndex] ?? "",
              inner.accounts.map((i) => keys[i] ?? ""),
              inner.data,
              inner.stackHeight,
            ),
          )
        : instructions,
    })),
    loadedAddresses: { readonly: [], writable: [] },
    logMessages: entry.logMessages,
    postBalances: entry.postBalances,
    postTokenBalances: entry.postTokenBalances,
    preBalances: entry.preBalances,
    preTokenBalances: entry.preTokenBalances,
    returnData: entry.returnData ?? undefined,
    rewards: [],
    status: entry.err === null ? { Ok: null } : { Err: entry.err },
  };
}

function isWritable(entry: LoggedTransaction, index: number): boolean {
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = entry.message.header;
  if (index < numSignerAccounts) return index < numSignerAccounts - numReadonlySignerAccounts;
  return index < entry.accountKeys.length - numReadonlyNonSignerAccounts;
}

function message(entry: LoggedTransaction, parsed: boolean) {
  const keys = entry.accountKeys;
  const { header } = entry.message;
  const instructions = entry.message.instructions.map((instruction) => {
    const accounts = instruction.accountIndices ?? [];
    const data = base58.decode(instruction.data ?? new Uint8Array());
    if (parsed) {
      return parseInstruction(
        keys[instruction.programAddressIndex] ?? "",
        accounts.map((i) => keys[i] ?? ""),
        data,
        null,
      );
    }
    return { accounts, data, programIdIndex: instruction.programAddressIndex, stackHeight: null };
  });
  const lookups = entry.message.version === 0 ? (entry.message.addressTableLookups ?? []) : undefined;
  return {
    accountKeys: parsed
      ? keys.map((pubkey, index) => ({
          pubkey,
          signer: index < header.numSignerAccounts,
          source: "transaction",
          writable: isWritable(entry, index),
        }))
      : keys,
    ...(lookups
      ? {
          addressTableLookups: lookups.map((lookup) => ({
            accountKey: lookup.lookupTableAddress,
            readonlyIndexes: lookup.readonlyIndexes,
            writableIndexes: lookup.writableIndexes,
          })),
        }
      : {}),
    header: parsed
      ? undefined
      : {
          numReadonlySignedAccounts: header.numReadonlySignerAccounts,
          numReadonlyUnsignedAccounts: header.numReadonlyNonSignerAccounts,
          numRequiredSignatures: header.numSignerAccounts,
        },
    instructions,
    recentBlockhash: entry.message.lifetimeToken,
  };
}

/** A landed transaction as getTransaction shows it. */
export function transactionJson(entry: LoggedTransaction, encoding: TransactionEncoding, withVersion: boolean) {
  const parsed = encoding === "jsonParsed";
  const transaction =
    encoding === "base64"
      ? [Buffer.from(entry.wire).toString("base64"), "base64"]
      : encoding === "base58"
        ? [base58.decode(entry.wire), "base58"]
        : { message: message(entry, parsed), signatures: entry.signatures };
  return {
    blockTime: entry.blockTime,
    meta: meta(entry, parsed),
    slot: entry.slot,
    transaction,
    ...(withVersion ? { version: entry.message.version } : {}),
  };
}
