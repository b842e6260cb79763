import {
  checkRoundReport,
  type Deployment,
  type FetchedRoundReport,
  FundamentError,
  fetchRoundReport,
  fundContract,
} from "@fundament/sdk";
import { queryOptions } from "@tanstack/react-query";
import { keccak256, stringToBytes } from "viem";
import { readContract } from "viem/actions";
import type { FundClient } from "../../shared/hooks/useFundClient";
import { withTimeout } from "../../shared/lib/fundQueries";
import { API_KEY, CHAIN_KEY } from "../../shared/lib/queryKeys";
import type { CheckedReport } from "./report.helpers";

export const reportKeys = {
  report: (apiUrl: string, vaultId: string, poolId: string) =>
    [API_KEY, "round-report", apiUrl, vaultId, poolId] as const,
  /** Per served text (its fingerprint): another text is checked again. */
  check: (vaultId: string, poolId: string, fingerprint: string | null) =>
    [CHAIN_KEY, "round-report-check", vaultId, poolId, fingerprint] as const,
};

/**
 * `GET {api}/v1/vaults/{vaultId}/rounds/{poolId}/report`: the settled round's report, its exact text and the report
 * read from it. A 404 (not settled, or not published) is an answer, not a hiccup: no retry.
 */
export const roundReportQuery = (apiUrl: string, vaultId: string, poolId: string) =>
  queryOptions({
    queryKey: reportKeys.report(apiUrl, vaultId, poolId),
    queryFn: ({ signal }) =>
      fetchRoundReport(apiUrl, { vaultId: BigInt(vaultId), poolId: BigInt(poolId) }, { signal: withTimeout(signal) }),
    staleTime: 60_000,
    retry: false,
  });

/** A fingerprint of the served text, for the check's key (keccak-256 of its bytes). */
export function reportFingerprint(fetched: FetchedRoundReport | undefined): string | null {
  return fetched ? keccak256(stringToBytes(fetched.text)) : null;
}

/**
 * The served report checked against the chain, in the browser: the hash of the bytes served recomputed and compared with the one the
 * round's settlement carries, its total with what the settlement took (`checkRoundReport`), and that figure read too,
 * to show it beside the report's. A report for another fund or chain fails with a `FundamentError` that says so.
 */
export const roundReportCheckQuery = (
  client: FundClient,
  deployment: Deployment,
  route: { vaultId: string; poolId: string },
  fetched: FetchedRoundReport | undefined,
  fingerprint: string | null,
) =>
  queryOptions({
    queryKey: reportKeys.check(route.vaultId, route.poolId, fingerprint),
    queryFn: async (): Promise<CheckedReport> => {
      const { report, text } = fetched as FetchedRoundReport;
      if (!/^\d+$/.test(report.poolId)) {
        throw new FundamentError(`The report names no valid round: pool id "${report.poolId}".`);
      }
      const [check, pool] = await Promise.all([
        checkRoundReport(client, { deployment, report, text }),
        readContract(client, {
          ...fundContract(deployment),
          functionName: "getPoolInfo",
          args: [BigInt(report.poolId)],
        }),
      ]);
      return { ...check, chainTotal: pool.collected };
    },
    enabled: Boolean(fetched),
    retry: false,
  });
