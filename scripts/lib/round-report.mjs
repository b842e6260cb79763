// @ts-check
/**
 * A round's NAV report from the scripts (seed, e2e): built with the SDK's `buildRoundReport` (TypeScript, loaded
 * through tsx at run time, once), so the seed's settlements carry the same report the API would build, and
 * published to the API afterwards (`PUT`, accepted only when its hash is the one the chain carries).
 */
import { tsImport } from "tsx/esm/api";

/** @type {Promise<typeof import("@fundament/sdk/report")> | undefined} */
let sdkReport;
/** The SDK's report module, loaded once. */
export function loadReportSdk() {
  sdkReport ??= /** @type {Promise<typeof import("@fundament/sdk/report")>} */ (
    tsImport("@fundament/sdk/report", import.meta.url)
  );
  return sdkReport;
}

/**
 * @typedef {object} SettlementReport
 * @property {bigint} vaultId
 * @property {bigint} poolId
 * @property {import("viem").Hex} hash keccak-256 of `text`: what the settlement carries
 * @property {string} text the report's canonical JSON
 * @property {string} total what it claims, in token units
 */

/**
 * Builds a locked round's report at the latest block (no exchange account: the local stack has none).
 * @param {import("viem").Client} client
 * @param {{ chainId: number, investmentFund: import("viem").Address, deploymentBlock: number | bigint }} deployment
 * @param {bigint} vaultId
 * @param {bigint} poolId
 * @param {{ amount: string, note: string }[]} [manualItems]
 * @returns {Promise<SettlementReport>}
 */
export async function buildSettlementReport(client, deployment, vaultId, poolId, manualItems = []) {
  const { buildRoundReport, hashRoundReport, serializeRoundReport } = await loadReportSdk();
  const report = await buildRoundReport(client, {
    deployment: {
      chainId: deployment.chainId,
      investmentFund: deployment.investmentFund,
      deploymentBlock: BigInt(deployment.deploymentBlock),
    },
    poolId,
    exchange: null,
    manualItems,
  });
  return { vaultId, poolId, hash: hashRoundReport(report), text: serializeRoundReport(report), total: report.total };
}

/**
 * Publishes reports to the API (`PUT /v1/vaults/{vaultId}/rounds/{poolId}/report`); the API stores each only when its
 * hash is the one the chain carries. Throws with the API's words when one is refused.
 * @param {string} apiUrl
 * @param {readonly SettlementReport[]} reports
 */
export async function publishReports(apiUrl, reports) {
  for (const { vaultId, poolId, text } of reports) {
    const url = new URL(`/v1/vaults/${vaultId}/rounds/${poolId}/report`, apiUrl);
    const response = await fetch(url, { method: "PUT", headers: { "content-type": "application/json" }, body: text });
    if (response.status !== 200 && response.status !== 201) {
      const body = await response.text();
      throw new Error(`the API refused round ${poolId}'s report (HTTP ${response.status}): ${body.slice(0, 300)}`);
    }
  }
}
