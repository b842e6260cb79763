/** How amounts, times, addresses and fees read on the approval screen. */
import {
  type Address,
  formatEther,
  formatUnits,
  getAddress,
  type Hex,
  hexToString,
  isAddressEqual,
  maxUint256,
} from "viem";
import type { KnownContract } from "../config.js";
import type { TokenMeta } from "./tokens.js";

/** A value as text: strings as they are, numbers and booleans printed, anything else as JSON. */
export function plain(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "bigint" || typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value, (_key, v) => (typeof v === "bigint" ? v.toString() : v), 2);
}

/** A typed-data integer as sent: JSON numbers, decimal strings or hex strings. */
export function toBigInt(value: unknown): bigint | undefined {
  if (typeof value === "bigint") return value;
  if (typeof value === "number" && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === "string" && /^(0x[0-9a-fA-F]+|\d+)$/.test(value)) return BigInt(value);
  return undefined;
}

/**
 * A decimal number as people read it: thousands separators, and about six significant digits (four below 1), so
 * `0.032895533858790463` reads `0.0329` and `1234.5` reads `1,234.5`. Whole numbers are never rounded. The exact
 * value stays under Details.
 */
export function formatDecimal(text: string): string {
  const integer = text.replace(/^-/, "").split(".")[0] ?? "0";
  const digits = /^0*$/.test(integer) ? 0 : integer.replace(/^0+/, "").length;
  const options: Intl.NumberFormatOptions =
    digits === 0 ? { maximumSignificantDigits: 4 } : { maximumFractionDigits: Math.max(0, 6 - digits) };
  // A decimal string keeps every digit (Intl.NumberFormat v3); a Number would lose them past 15 or so.
  return new Intl.NumberFormat("en-US", options).format(text as Intl.StringNumericLiteral);
}

/** "1,234.5 mUSDC"; an unknown token's amount stays in raw units, said so. */
export function formatAmount(value: bigint, meta: TokenMeta | undefined): string {
  if (!meta) return `${value.toString()} (raw units of an unknown token)`;
  return `${formatDecimal(formatUnits(value, meta.decimals))} ${meta.symbol}`;
}

/** Like `formatAmount`, with max uint (an approval without limit) said in words. */
export function formatAllowance(value: bigint, meta: TokenMeta | undefined): string {
  return value === maxUint256 ? `an unlimited amount of ${meta?.symbol ?? "tokens"}` : formatAmount(value, meta);
}

export function formatEth(wei: bigint): string {
  return `${formatDecimal(formatEther(wei))} ETH`;
}

/** "≈ $0.14" (or "< $0.01") for an amount of wei at `ethUsd` dollars per ETH. */
export function formatUsdOfWei(wei: bigint, ethUsd: number): string {
  const usd = (Number(wei) / 1e18) * ethUsd;
  if (usd > 0 && usd < 0.01) return "< $0.01";
  return `≈ ${new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(usd)}`;
}

/** "0.000123 ETH (≈ $0.14)", or the ETH alone when no usable price is known (never a made-up dollar figure). */
export function formatEthWithUsd(wei: bigint, ethUsd: number | undefined): string {
  const usable = ethUsd !== undefined && Number.isFinite(ethUsd) && ethUsd > 0;
  return usable ? `${formatEth(wei)} (${formatUsdOfWei(wei, ethUsd)})` : formatEth(wei);
}

/**
 * A date and time in the person's own locale and time zone, with the zone named ("26 Nov 2026, 20:35 UTC"): a bare
 * number of seconds means nothing to most people. `locale` and `timeZone` are for tests.
 */
export function formatDateTime(date: Date, options: { locale?: string; timeZone?: string } = {}): string {
  if (Number.isNaN(date.getTime())) return "not a valid time";
  return new Intl.DateTimeFormat(options.locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    // The app's one time format: 24 hours ("10:21 UTC", not "10:21 AM UTC"); h23, as hour12: false writes 24:00.
    hourCycle: "h23",
    timeZoneName: "short",
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  }).format(date);
}

/** 2001-09-09 and the year 10000: below is a count or a nonce, above is milliseconds or "never" (max uint). */
export const UNIX_SECONDS_MIN = 1_000_000_000n;
export const UNIX_SECONDS_END = 253_402_300_800n;

/** The time a uint stands for, if it looks like Unix seconds. */
export function unixSeconds(value: bigint): Date | undefined {
  return value >= UNIX_SECONDS_MIN && value < UNIX_SECONDS_END ? new Date(Number(value) * 1000) : undefined;
}

/** "until 26 Nov 2026, 20:35 UTC", or no end at all (a deadline of max uint or past the year 9999). */
export function untilPhrase(seconds: bigint, noEnd: boolean): string {
  if (noEnd || seconds >= UNIX_SECONDS_END) return "with no end date";
  return `until ${formatDateTime(new Date(Number(seconds) * 1000))}`;
}

/** "0x1234…abcd": only ever next to a name or in a sentence whose details show the full address. */
export function shortAddress(address: Address): string {
  const checksummed = getAddress(address);
  return `${checksummed.slice(0, 6)}…${checksummed.slice(-4)}`;
}

export function knownName(address: Address, knownContracts: readonly KnownContract[]): string | undefined {
  return knownContracts.find((k) => isAddressEqual(k.address, address))?.name;
}

/** "mUSDC (0x…)" for a known contract, the checksummed address otherwise. */
export function addressLabel(address: Address, knownContracts: readonly KnownContract[]): string {
  const name = knownName(address, knownContracts);
  return name ? `${name} (${getAddress(address)})` : getAddress(address);
}

/** A known contract's name, "you" for the account itself, else the short address (in sentences). */
export function addressWords(address: Address, knownContracts: readonly KnownContract[], account?: Address): string {
  if (account && isAddressEqual(address, account)) return "you";
  return knownName(address, knownContracts) ?? shortAddress(address);
}

/** Text if the bytes are readable UTF-8 (what people sign in practice), otherwise the hex itself. */
export function messageText(message: Hex): string {
  try {
    const text = hexToString(message);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters mean "not text"
    if (!text.includes("\uFFFD") && !/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(text)) return text;
  } catch {
    // not UTF-8: show the bytes
  }
  return message;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "a", "a and b", "a, b and c". */
export function joinPhrases(phrases: readonly string[]): string {
  if (phrases.length <= 1) return phrases[0] ?? "";
  return `${phrases.slice(0, -1).join(", ")} and ${phrases.at(-1)}`;
}
