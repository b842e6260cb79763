import { FundamentError, RequestFailedError, type RoundReport, type RoundReportCheck } from "@fundament/sdk";
import { parseUnits } from "viem";
import { formatNumber, formatTokenAmount, shortenAddress } from "../../shared/lib/format";

/** What the chain says about a served report, as the page leads with it. */
export type ReportVerdict =
  | { kind: "match"; hash: string }
  /** The round's settlement carries no hash yet: there is nothing to check the report against. */
  | { kind: "unsettled" }
  | {
      kind: "mismatch";
      /** The hash computed from the served report and the one the settlement carries, when they differ. */
      hash: { computed: string; chain: string } | null;
      /** The report's total and what the settlement took as returned, when they differ. */
      total: { report: string; chain: string } | null;
      /** The report names another vault or round than the page's address. */
      identity: string | null;
    };

/** The chain's side of the check: `checkRoundReport`'s answer and what the settlement took as returned (units). */
export type CheckedReport = RoundReportCheck & { chainTotal: bigint };

/**
 * The verdict on a served report: it matches when the settlement carries its hash and its total is what the
 * settlement took, and it names the vault and round of the page; it does not match otherwise, with each difference.
 */
export function reportVerdict(check: CheckedReport, route: { vaultId: string; poolId: string }): ReportVerdict {
  const { report } = check;
  const identity =
    report.vaultId !== route.vaultId || report.poolId !== route.poolId
      ? `This report is for vault ${report.vaultId}'s pool ${report.poolId}, not vault ${route.vaultId}'s pool ${route.poolId}.`
      : null;
  if (!check.settled && !identity) return { kind: "unsettled" };
  if (check.hashMatches && check.totalMatches && !identity) return { kind: "match", hash: check.hash };
  return {
    kind: "mismatch",
    hash: check.settled && !check.hashMatches ? { computed: check.hash, chain: check.chainHash } : null,
    total:
      check.settled && !check.totalMatches
        ? { report: reportAmount(report.total, report.token).text, chain: chainTotalText(check) }
        : null,
    identity,
  };
}

function chainTotalText({ chainTotal, report }: CheckedReport): string {
  return formatTokenAmount(chainTotal, report.token.decimals, report.token.symbol);
}

/** An amount of the report (a decimal string in token units) for display, and its full precision for the title. */
export function reportAmount(value: string, token: RoundReport["token"]): { text: string; title: string } {
  const title = `${value} ${token.symbol}`;
  try {
    return { text: formatTokenAmount(parseUnits(value, token.decimals), token.decimals, token.symbol), title };
  } catch {
    // The served text is untrusted: a figure that is not a decimal is shown as it came.
    return { text: title, title };
  }
}

/** A share in basis points as a percent: "6000" → "60%". */
export function allocationPercent(basisPoints: string): string {
  const bps = Number(basisPoints);
  return Number.isFinite(bps) ? `${formatNumber(bps / 100)}%` : basisPoints;
}

/** A second timestamp of the report ("1767225600") as milliseconds; NaN when it is not one. */
export function reportTimeMs(seconds: string): number {
  return /^\d+$/.test(seconds) ? Number(seconds) * 1000 : Number.NaN;
}

/**
 * Who an address of the report is: the fund, one of the round's trading wallets (its type), "Minted" for the zero
 * address (tokens created, not sent by anyone), or the short address.
 */
export function addressLabel(address: string, report: Pick<RoundReport, "fund" | "tradingWallets">): string {
  const key = address.toLowerCase();
  if (key === report.fund.toLowerCase()) return "Fund";
  if (/^0x0{40}$/.test(key)) return "Minted";
  const wallet = report.tradingWallets.find((w) => w.address.toLowerCase() === key);
  return wallet ? `${wallet.walletType || "Trading wallet"} (${shortenAddress(address)})` : shortenAddress(address);
}

/** The command that re-checks a report from the chain (rebuilds it at its block): what the page offers anyone. */
export function verifyCommand(vaultId: string, poolId: string): string {
  return `npm run verify-report -- ${vaultId} ${poolId}`;
}

/** Why a report could not be shown, in words: a title and the sentences under it. */
export type ReportLoadFailure = { title: string; lines: string[]; retry: boolean };

/**
 * A failed fetch of the report: not published (404: the round has not settled, or its report was not published
 * yet), another answer of the API (its words), a report that is not one, or the API out of reach.
 */
export function reportLoadFailure(error: unknown): ReportLoadFailure {
  if (error instanceof RequestFailedError) {
    const says = error.serverMessage ? [`The fund's server says: ${sentence(error.serverMessage)}`] : [];
    if (error.status === 404) {
      return {
        title: "This round's report is not published yet",
        lines: [
          ...says,
          "A round's report is published when the round settles: its settlement carries the report's hash.",
        ],
        retry: false,
      };
    }
    return {
      title: "The report could not be loaded",
      lines: [`The fund's server answered with an error (HTTP ${error.status}).`, ...says],
      retry: true,
    };
  }
  if (error instanceof FundamentError) {
    return { title: "The served report cannot be read", lines: [error.shortMessage], retry: false };
  }
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return {
      title: "The report could not be loaded",
      lines: ["The fund's server did not answer in time. Try again in a moment."],
      retry: true,
    };
  }
  return {
    title: "The report could not be loaded",
    lines: ["The fund's server cannot be reached. It may be down; try again in a moment."],
    retry: true,
  };
}

/** A server's words as a sentence: ends with a full stop. */
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
