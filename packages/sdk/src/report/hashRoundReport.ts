import { type Hex, keccak256, stringToBytes } from "viem";
import { canonicalJson } from "./canonicalJson.js";
import type { RoundReport } from "./types.js";

/** The report as the bytes that are stored, served and hashed: its canonical JSON. */
export function serializeRoundReport(report: RoundReport): string {
  return canonicalJson(report);
}

/** The keccak-256 hash of the report's canonical JSON (UTF-8): what its settlement carries on chain. */
export function hashRoundReport(report: RoundReport): Hex {
  return keccak256(stringToBytes(serializeRoundReport(report)));
}
