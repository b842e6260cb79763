import { type Client, formatUnits, getAddress, type Hex, isAddress, keccak256, stringToBytes, zeroHash } from "viem";
import { readContract } from "viem/actions";
import { FundamentError } from "../baseErrors.js";
import type { Deployment } from "../deployment/deployment.js";
import { fundContract } from "../reads/fundContract.js";
import { buildRoundReport } from "./buildRoundReport.js";
import { canonicalJson } from "./canonicalJson.js";
import { hashRoundReport } from "./hashRoundReport.js";
import type { RoundReport } from "./types.js";

/** A served report's text, read as a report: JSON with the report's version and identity (untrusted input). */
export function parseRoundReport(text: string): RoundReport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new FundamentError("The report is not valid JSON.");
  }
  const report = value as Partial<RoundReport> | null;
  const strings = ["vaultId", "poolId", "round", "principal", "collected", "total"] as const;
  if (
    typeof report !== "object" ||
    report === null ||
    report.version !== 1 ||
    typeof report.chainId !== "number" ||
    typeof report.fund !== "string" ||
    !isAddress(report.fund) ||
    strings.some((key) => typeof report[key] !== "string") ||
    typeof report.block?.number !== "string" ||
    !Array.isArray(report.tradingWallets) ||
    !Array.isArray(report.transfers) ||
    !Array.isArray(report.manualItems)
  ) {
    throw new FundamentError("The report does not have the shape of a round's NAV report (version 1).");
  }
  return report as RoundReport;
}

export type RoundReportCheck = {
  report: RoundReport;
  /** keccak-256 of the bytes served when they were given (`text`), else of the report's canonical JSON. */
  hash: Hex;
  /** The hash the round's settlement carries on chain (zero while the round is not settled). */
  chainHash: Hex;
  settled: boolean;
  /** The settlement carries this report's hash. */
  hashMatches: boolean;
  /** The report's total is what the round's settlement took as returned. */
  totalMatches: boolean;
};

/**
 * Checks a served report against the chain: recomputes its hash and compares it with the one its round's settlement
 * carries, and its total with what the settlement took. Given the served `text`, the hash is of those exact bytes (a
 * server that reorders or reformats a report fails the check). Works in a browser (no rebuild: see
 * `verifyRoundReport`).
 */
export async function checkRoundReport(
  client: Client,
  { deployment, report, text }: { deployment: Deployment; report: RoundReport; text?: string },
): Promise<RoundReportCheck> {
  if (getAddress(report.fund) !== getAddress(deployment.investmentFund)) {
    throw new FundamentError(`The report is for the fund ${report.fund}, not ${deployment.investmentFund}.`);
  }
  if (report.chainId !== deployment.chainId) {
    throw new FundamentError(`The report is for chain ${report.chainId}, not ${deployment.chainId}.`);
  }
  const pool = await readContract(client, {
    ...fundContract(deployment),
    functionName: "getPoolInfo",
    args: [BigInt(report.poolId)],
  });
  const hash = text === undefined ? hashRoundReport(report) : keccak256(stringToBytes(text));
  const settled = pool.reportHash !== zeroHash;
  return {
    report,
    hash,
    chainHash: pool.reportHash,
    settled,
    hashMatches: settled && pool.reportHash === hash,
    totalMatches: settled && formatUnits(pool.collected, report.token.decimals) === report.total,
  };
}

export type RoundReportVerification = RoundReportCheck & {
  /** Rebuilt from the chain at the report's block (with its exchange answer and manual items), it is the same. */
  rebuiltMatches: boolean;
  /** The report's top-level fields that differ from the rebuilt one. */
  differences: string[];
};

/**
 * `checkRoundReport`, and the report rebuilt from the chain at its block: every chain figure (balances, transfers,
 * collections) is read again. The exchange's answer and the manual items cannot be re-read: they are taken as given.
 */
export async function verifyRoundReport(
  client: Client,
  { deployment, report, text }: { deployment: Deployment; report: RoundReport; text?: string },
): Promise<RoundReportVerification> {
  const check = await checkRoundReport(client, { deployment, report, ...(text === undefined ? {} : { text }) });
  const rebuilt = await buildRoundReport(client, {
    deployment,
    poolId: BigInt(report.poolId),
    blockNumber: BigInt(report.block.number),
    exchange: report.exchange,
    manualItems: report.manualItems,
  });
  const differences = (Object.keys(rebuilt) as (keyof RoundReport)[]).filter(
    (key) => canonicalJson(rebuilt[key]) !== canonicalJson(report[key] ?? null),
  );
  return { ...check, rebuiltMatches: differences.length === 0, differences };
}
