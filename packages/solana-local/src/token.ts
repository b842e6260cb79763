// SPL token account and mint layouts (Token and Token-2022 share the base layout), read without a round trip.
import { type Address, getAddressDecoder } from "@solana/kit";
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";

/** The SPL Token-2022 program (accounts it owns share the base token layouts). */
export const TOKEN_2022_PROGRAM_ADDRESS = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb" as Address;

/** The token programs whose accounts are parsed. */
export const TOKEN_PROGRAMS: readonly Address[] = [TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS];

/** Size of a base token account and of a mint. */
export const TOKEN_ACCOUNT_SIZE = 165;
/** Size of a base mint. */
export const MINT_SIZE = 82;

/** A token account's base fields. */
export type TokenAccountState = {
  mint: Address;
  owner: Address;
  amount: bigint;
  delegate: Address | null;
  state: "uninitialized" | "initialized" | "frozen";
  isNative: boolean;
  delegatedAmount: bigint;
  closeAuthority: Address | null;
};

/** A mint's base fields. */
export type MintState = {
  mintAuthority: Address | null;
  supply: bigint;
  decimals: number;
  isInitialized: boolean;
  freezeAuthority: Address | null;
};

const addressDecoder = getAddressDecoder();

function view(data: Uint8Array): DataView {
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}

function optionAddress(data: Uint8Array, offset: number): Address | null {
  return view(data).getUint32(offset, true) === 1
    ? addressDecoder.decode(data.subarray(offset + 4, offset + 36))
    : null;
}

/** Whether an account of this owner and size is a token account (Token-2022 extensions mark byte 165 = 2). */
export function isTokenAccount(owner: string, data: Uint8Array): boolean {
  if (!TOKEN_PROGRAMS.includes(owner as Address)) return false;
  if (data.length === TOKEN_ACCOUNT_SIZE) return true;
  return owner === TOKEN_2022_PROGRAM_ADDRESS && data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] === 2;
}

/** Whether an account of this owner and size is a mint. */
export function isMint(owner: string, data: Uint8Array): boolean {
  if (!TOKEN_PROGRAMS.includes(owner as Address)) return false;
  if (data.length === MINT_SIZE) return true;
  return owner === TOKEN_2022_PROGRAM_ADDRESS && data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] === 1;
}

/** Decode a token account's base fields. */
export function decodeTokenAccount(data: Uint8Array): TokenAccountState {
  const v = view(data);
  const state = data[108] === 2 ? "frozen" : data[108] === 1 ? "initialized" : "uninitialized";
  return {
    mint: addressDecoder.decode(data.subarray(0, 32)),
    owner: addressDecoder.decode(data.subarray(32, 64)),
    amount: v.getBigUint64(64, true),
    delegate: optionAddress(data, 72),
    state,
    isNative: v.getUint32(109, true) === 1,
    delegatedAmount: v.getBigUint64(121, true),
    closeAuthority: optionAddress(data, 129),
  };
}

/** Decode a mint's base fields. */
export function decodeMint(data: Uint8Array): MintState {
  const v = view(data);
  return {
    mintAuthority: optionAddress(data, 0),
    supply: v.getBigUint64(36, true),
    decimals: data[44] ?? 0,
    isInitialized: data[45] === 1,
    freezeAuthority: optionAddress(data, 46),
  };
}

/** A token amount as the RPC shows it: raw string, decimals, and the UI figures. */
export function uiTokenAmount(amount: bigint, decimals: number) {
  const text = amount.toString().padStart(decimals + 1, "0");
  const whole = text.slice(0, text.length - decimals);
  const fraction = text.slice(text.length - decimals).replace(/0+$/, "");
  const uiAmountString = fraction ? `${whole}.${fraction}` : whole;
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}
