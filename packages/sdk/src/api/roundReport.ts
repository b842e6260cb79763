import { RequestFailedError } from "../baseErrors.js";
import { parseRoundReport } from "../report/checkRoundReport.js";
import type { RoundReport, RoundReportManualItem } from "../report/types.js";
import { apiUrl, type FetchOptions } from "./fetchJson.js";

/** Where the API serves a round's report: `GET /v1/vaults/{vaultId}/rounds/{poolId}/report`. */
export function roundReportUrl(base: string, vaultId: number | bigint, poolId: number | bigint): string {
  return apiUrl(base, `/v1/vaults/${vaultId}/rounds/${poolId}/report`);
}

/** The served report: its exact text (canonical JSON, what is hashed) and the report read from it. */
export type FetchedRoundReport = { text: string; report: RoundReport };

async function failed(response: Response): Promise<RequestFailedError> {
  let detail: string | undefined;
  try {
    const body = (await response.json()) as { message?: unknown; detail?: unknown; error?: unknown };
    const words = [body.detail, body.message, body.error].find((v) => typeof v === "string" && v);
    detail = typeof words === "string" ? words : undefined;
  } catch {
    detail = undefined; // not JSON: the status says what happened
  }
  return new RequestFailedError(response.status, detail);
}

/**
 * The report of a settled round, as the API serves it (the one whose hash the settlement carries). A round with no
 * settled report answers 404 ('Request failed').
 */
export async function fetchRoundReport(
  base: string,
  { vaultId, poolId }: { vaultId: number | bigint; poolId: number | bigint },
  { fetch: fetchFn = fetch, signal }: FetchOptions = {},
): Promise<FetchedRoundReport> {
  const response = await fetchFn(roundReportUrl(base, vaultId, poolId), {
    headers: { accept: "application/json" },
    ...(signal ? { signal } : {}),
  });
  if (response.status !== 200) throw await failed(response);
  const text = await response.text();
  return { text, report: parseRoundReport(text) };
}

/** What building a report answers: the report, its canonical JSON and its hash (what the settlement carries). */
export type BuiltRoundReport = FetchedRoundReport & { hash: `0x${string}`; total: string };

/**
 * Asks the API to build (and store) a locked round's report now, at the latest block, with the exchange's answer
 * where the API has an exchange account: `POST /v1/vaults/{vaultId}/rounds/{poolId}/report`.
 */
export async function requestRoundReport(
  base: string,
  {
    vaultId,
    poolId,
    manualItems = [],
  }: { vaultId: number | bigint; poolId: number | bigint; manualItems?: readonly RoundReportManualItem[] },
  { fetch: fetchFn = fetch, signal }: FetchOptions = {},
): Promise<BuiltRoundReport> {
  const response = await fetchFn(roundReportUrl(base, vaultId, poolId), {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json" },
    body: JSON.stringify({ manualItems }),
    ...(signal ? { signal } : {}),
  });
  if (response.status !== 200 && response.status !== 201) throw await failed(response);
  const body = (await response.json()) as { hash?: unknown; total?: unknown; text?: unknown };
  if (typeof body.hash !== "string" || !/^0x[0-9a-f]{64}$/.test(body.hash) || typeof body.text !== "string") {
    throw new RequestFailedError(response.status, "the report answer did not have a hash and a text");
  }
  const report = parseRoundReport(body.text);
  return { text: body.text, report, hash: body.hash as `0x${string}`, total: report.total };
}
