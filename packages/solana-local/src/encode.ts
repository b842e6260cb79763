// Accounts in the RPC's encodings: base58, base64, jsonParsed (SPL token accounts and mints).
import { getBase58Decoder } from "@solana/kit";
import { invalidParams } from "./errors.js";
import type { Config } from "./params.js";
import { oneOf } from "./params.js";
import {
  decodeMint,
  decodeTokenAccount,
  isMint,
  isTokenAccount,
  TOKEN_2022_PROGRAM_ADDRESS,
  uiTokenAmount,
} from "./token.js";

/** rentEpoch of every rent-exempt account (u64::MAX), as the validator reports it. */
export const RENT_EXEMPT_EPOCH = 18_446_744_073_709_551_615n;

/** Account data encodings a method may be asked for. */
export type AccountEncoding = "base58" | "base64" | "jsonParsed";

/** An account as stored: lamports, data, owner program, executable. */
export type RawAccount = { lamports: bigint; data: Uint8Array; owner: string; executable: boolean };

const base58 = getBase58Decoder();

/** The account encoding option (base64+zstd is not offered here). */
export function accountEncoding(config: Config, fallback: AccountEncoding = "base58"): AccountEncoding {
  return oneOf(config, "encoding", ["base58", "base64", "jsonParsed"] as const, fallback);
}

function slice(data: Uint8Array, config: Config): Uint8Array {
  const dataSlice = config.dataSlice;
  if (dataSlice === undefined || dataSlice === null) return data;
  const { offset, length } = (dataSlice ?? {}) as { offset?: unknown; length?: unknown };
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || Number(offset) < 0 || Number(length) < 0) {
    throw invalidParams("dataSlice must be { offset, length } with whole numbers");
  }
  return data.subarray(Number(offset), Number(offset) + Number(length));
}

/** The jsonParsed form of a token account or mint; undefined for anything else. */
export function parsedTokenData(account: RawAccount, decimalsOf: (mint: string) => number) {
  const program = account.owner === TOKEN_2022_PROGRAM_ADDRESS ? "spl-token-2022" : "spl-token";
  if (isTokenAccount(account.owner, account.data)) {
    const token = decodeTokenAccount(account.data);
    const decimals = decimalsOf(token.mint);
    const info: Record<string, unknown> = {
      isNative: token.isNative,
      mint: token.mint,
      owner: token.owner,
      state: token.state,
      tokenAmount: uiTokenAmount(token.amount, decimals),
    };
    if (token.delegate) {
      info.delegate = token.delegate;
      info.delegatedAmount = uiTokenAmount(token.delegatedAmount, decimals);
    }
    if (token.closeAuthority) info.closeAuthority = token.closeAuthority;
    return { program, parsed: { info, type: "account" }, space: account.data.length };
  }
  if (isMint(account.owner, account.data)) {
    const mint = decodeMint(account.data);
    return {
      program,
      parsed: {
        info: {
          decimals: mint.decimals,
          freezeAuthority: mint.freezeAuthority,
          isInitialized: mint.isInitialized,
          mintAuthority: mint.mintAuthority,
          supply: mint.supply.toString(),
        },
        type: "mint",
      },
      space: account.data.length,
    };
  }
  return undefined;
}

/** An account as getAccountInfo shows it. */
export function encodeAccount(
  account: RawAccount,
  encoding: AccountEncoding,
  config: Config,
  decimalsOf: (mint: string) => number,
) {
  const base = {
    executable: account.executable,
    lamports: account.lamports,
    owner: account.owner,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: account.data.length,
  };
  if (encoding === "jsonParsed") {
    const parsed = config.dataSlice ? undefined : parsedTokenData(account, decimalsOf);
    if (parsed) return { ...base, data: parsed };
    return { ...base, data: [Buffer.from(slice(account.data, config)).toString("base64"), "base64"] };
  }
  const data = slice(account.data, config);
  if (encoding === "base58") {
    if (data.length > 128) {
      throw invalidParams("Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.");
    }
    return { ...base, data: [base58.decode(data), "base58"] };
  }
  return { ...base, data: [Buffer.from(data).toString("base64"), "base64"] };
}
