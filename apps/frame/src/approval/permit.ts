/** Permits in one sentence: EIP-2612 (`Permit(owner,spender,value,nonce,deadline)`) and DAI's older one. */
import { type Address, getAddress, isAddress, isAddressEqual, maxUint256, type TypedDataDefinition } from "viem";
import { addressWords, formatAmount, formatDateTime, toBigInt, UNIX_SECONDS_END, untilPhrase } from "./format.js";
import type { ReadContext } from "./types.js";

export type Permit =
  | { kind: "eip2612"; token: Address; owner: Address; spender: Address; value: bigint; deadline: bigint }
  | { kind: "dai"; token: Address; owner: Address; spender: Address; allowed: boolean; expiry: bigint };

type TypedField = { name: string; type: string };

const EIP2612_FIELDS = "deadline:uint256,nonce:uint256,owner:address,spender:address,value:uint256";
const DAI_FIELDS = "allowed:bool,expiry:uint256,holder:address,nonce:uint256,spender:address";

const asAddress = (value: unknown) =>
  typeof value === "string" && isAddress(value, { strict: false }) ? getAddress(value) : undefined;

/** The permit the typed data is, if its Permit type has exactly one of the two known shapes. */
export function readPermit(typedData: TypedDataDefinition): Permit | undefined {
  const { primaryType } = typedData;
  const types = typedData.types as Record<string, readonly TypedField[]>;
  const domain = (typedData.domain ?? {}) as Record<string, unknown>;
  const message = (typedData.message ?? {}) as Record<string, unknown>;
  const token = asAddress(domain.verifyingContract);
  if (primaryType !== "Permit" || !token) return undefined;
  const shape = (types.Permit ?? [])
    .map((f) => `${f.name}:${f.type}`)
    .sort()
    .join(",");
  const spender = asAddress(message.spender);
  if (!spender) return undefined;
  if (shape === EIP2612_FIELDS) {
    const owner = asAddress(message.owner);
    const value = toBigInt(message.value);
    const deadline = toBigInt(message.deadline);
    if (!owner || value === undefined || deadline === undefined) return undefined;
    return { kind: "eip2612", token, owner, spender, value, deadline };
  }
  if (shape === DAI_FIELDS) {
    const owner = asAddress(message.holder);
    const expiry = toBigInt(message.expiry);
    if (!owner || expiry === undefined || typeof message.allowed !== "boolean") return undefined;
    return { kind: "dai", token, owner, spender, allowed: message.allowed, expiry };
  }
  return undefined;
}

export type PermitWords = { title: string; action: string; summary: string; warnings: string[] };

/**
 * "Allow Investment fund to spend up to 100 mUSDC until 26 Nov 2026, 20:35 UTC." — the spender named, the amount in
 * the token's units, the end as a date; the signature's fields stay under Details.
 */
export async function describePermit(
  permit: Permit,
  context: Pick<ReadContext, "account" | "knownContracts" | "tokens">,
  onThisChain: boolean,
): Promise<PermitWords> {
  const { account, knownContracts, tokens } = context;
  // A token on another chain cannot be read from this chain's node: its amount stays in raw units.
  const meta = onThisChain ? await tokens(permit.token) : undefined;
  const symbol = meta?.symbol ?? "tokens";
  const spender = addressWords(permit.spender, knownContracts);
  const warnings: string[] = [];
  if (!isAddressEqual(permit.owner, account)) {
    warnings.push(`This permit is for the account ${getAddress(permit.owner)}, not yours.`);
  }
  const title = `Sign a spending permit for ${symbol}`;
  const action = `let ${spender} spend your ${symbol}`;
  let summary: string;
  let end: bigint;
  if (permit.kind === "eip2612") {
    end = permit.deadline;
    const amount =
      permit.value === maxUint256 ? `any amount of your ${symbol}` : `up to ${formatAmount(permit.value, meta)}`;
    summary = `Allow ${spender} to spend ${amount} ${untilPhrase(end, end === maxUint256)}.`;
  } else {
    end = permit.expiry;
    if (!permit.allowed) {
      return {
        title,
        action: `take back ${spender}'s permission to spend your ${symbol}`,
        summary: `Remove ${spender}'s permission to spend your ${symbol}.`,
        warnings,
      };
    }
    // DAI's permit is all or nothing, and an expiry of 0 never expires.
    summary = `Allow ${spender} to spend any amount of your ${symbol} ${untilPhrase(end, end === 0n)}.`;
  }
  if (end < UNIX_SECONDS_END && end * 1000n < BigInt(Date.now()) && !(permit.kind === "dai" && end === 0n)) {
    warnings.push(
      `This permission expired on ${formatDateTime(new Date(Number(end) * 1000))}: the token will refuse it.`,
    );
  }
  return { title, action, summary, warnings };
}
