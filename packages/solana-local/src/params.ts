// Parameter checks for the RPC methods: every bad input becomes a -32602 with a plain message, never a crash.
import type { Address } from "@solana/kit";
import { invalidParams } from "./errors.js";
import { decodeBase58 } from "./ledger.js";

/** A method's positional parameters. */
export type Params = readonly unknown[];

/** An options object (the usual last parameter); absent or null means none. */
export type Config = Record<string, unknown>;

function ordinal(index: number): string {
  return ["first", "second", "third", "fourth"][index] ?? `#${index + 1}`;
}

function base58Of(value: unknown, bytes: number): boolean {
  if (typeof value !== "string" || value.length === 0 || value.length > 100) return false;
  try {
    return decodeBase58(value).length === bytes;
  } catch {
    return false;
  }
}

/** A required base58 address (32 bytes). */
export function addressAt(params: Params, index: number, what = "an account address"): Address {
  const value = params[index];
  if (!base58Of(value, 32)) {
    throw invalidParams(`the ${ordinal(index)} parameter must be ${what} (base58, 32 bytes)`);
  }
  return value as Address;
}

/** Whether a value is a base58 address. */
export function isAddress(value: unknown): value is Address {
  return base58Of(value, 32);
}

/** Whether a value is a base58 transaction signature (64 bytes). */
export function isSignature(value: unknown): value is string {
  return base58Of(value, 64);
}

/** A required base58 transaction signature (64 bytes). */
export function signatureAt(params: Params, index: number): string {
  const value = params[index];
  if (!isSignature(value)) {
    throw invalidParams(`the ${ordinal(index)} parameter must be a transaction signature (base58, 64 bytes)`);
  }
  return value;
}

/** A required string. */
export function stringAt(params: Params, index: number, what: string): string {
  const value = params[index];
  if (typeof value !== "string" || value.length === 0) {
    throw invalidParams(`the ${ordinal(index)} parameter must be ${what}`);
  }
  return value;
}

/** A required non-negative integer (a JSON number, or a decimal string). */
export function integerAt(params: Params, index: number, what: string): bigint {
  const value = params[index];
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === "string" && /^\d{1,20}$/.test(value)) return BigInt(value);
  throw invalidParams(`the ${ordinal(index)} parameter must be ${what} (a whole number, 0 or more)`);
}

/** An optional options object. */
export function configAt(params: Params, index: number): Config {
  const value = params[index];
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw invalidParams(`the ${ordinal(index)} parameter must be an options object`);
  }
  const config = value as Config;
  const commitment = config.commitment;
  if (commitment !== undefined && !["processed", "confirmed", "finalized"].includes(String(commitment))) {
    throw invalidParams("commitment must be processed, confirmed or finalized");
  }
  return config;
}

/** An option that must be one of the given strings (or absent → the default). */
export function oneOf<T extends string>(config: Config, key: string, allowed: readonly T[], fallback: T): T {
  const value = config[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "string" || !allowed.includes(value as T)) {
    throw invalidParams(`${key} must be one of ${allowed.join(", ")}`);
  }
  return value as T;
}

/** An optional boolean option. */
export function flag(config: Config, key: string): boolean {
  const value = config[key];
  if (value === undefined || value === null) return false;
  if (typeof value !== "boolean") throw invalidParams(`${key} must be true or false`);
  return value;
}

/** An optional non-negative integer option. */
export function optionalInteger(config: Config, key: string): number | undefined {
  const value = config[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw invalidParams(`${key} must be a whole number, 0 or more`);
  }
  return value;
}

/** A required array parameter of at most `max` items. */
export function arrayAt(params: Params, index: number, what: string, max: number): unknown[] {
  const value = params[index];
  if (!Array.isArray(value)) throw invalidParams(`the ${ordinal(index)} parameter must be a list of ${what}`);
  if (value.length > max) throw invalidParams(`at most ${max} ${what} per request (got ${value.length})`);
  return value;
}
