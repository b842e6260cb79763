// `npm run verify-report -- <vaultId> <poolId>` (from the repository root): checks a settled round's NAV report as
// anyone can. It fetches the report the API serves, hashes its bytes and compares the hash with the one the round's
// settlement carries on chain, compares the report's total with what the settlement took, and rebuilds the report from
// the chain at its block (every balance, transfer and collection read again). Exit code 0 only when all agree.
//
// The API: API_URL (else PUBLIC_API_URL, else http://API_HOST:API_PORT); the chain and the fund: the API's own
// settings (RPC_URL, CHAIN_ID, FUND_ADDRESS…, or the local deployment record), so it checks what the API serves.
import {
  createFundPublicClient,
  FundamentError,
  fetchRoundReport,
  isSupportedChainId,
  verifyRoundReport,
} from "@fundament/sdk";
import { createPublicClient, http, keccak256, stringToBytes } from "viem";
import { loadConfig } from "../config.js";

const USAGE =
  "Usage: npm run verify-report -- <vaultId> <poolId>   (both positive whole numbers, as in the report's URL)";

/** Where to reach an API listening on `host`: a wildcard address (every interface) is reached on this machine. */
function localHost(host: string): string {
  if (host === "0.0.0.0" || host === "") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

/** An error as one line: the SDK's and viem's short message, else the first line of its message. */
function oneLine(error: unknown): string {
  const short = (error as { shortMessage?: unknown }).shortMessage;
  const text = typeof short === "string" && short ? short : error instanceof Error ? error.message : String(error);
  return text.split("\n")[0] ?? text;
}

/** One line per finding; returns whether everything agreed. */
async function verify(vaultId: number, poolId: number): Promise<boolean> {
  const config = loadConfig();
  const env = process.env;
  const apiUrl = (env.API_URL || env.PUBLIC_API_URL || `http://${localHost(config.host)}:${config.port}`).replace(
    /\/+$/,
    "",
  );
  const deployment = config.deployment;
  const rpcUrl = deployment && config.rpcUrls.get(deployment.chainId);
  if (!deployment || !rpcUrl) {
    throw new FundamentError(
      "No fund to check against: set RPC_URL and FUND_ADDRESS (or run npm start for the local one).",
    );
  }
  let fetched: Awaited<ReturnType<typeof fetchRoundReport>>;
  try {
    fetched = await fetchRoundReport(apiUrl, { vaultId, poolId });
  } catch (error) {
    if (error instanceof FundamentError) throw error;
    throw new FundamentError(`The API at ${apiUrl} did not answer (${oneLine(error)}).`);
  }
  const client = isSupportedChainId(deployment.chainId)
    ? createFundPublicClient({ chainId: deployment.chainId, rpcUrl })
    : createPublicClient({ transport: http(rpcUrl) });
  let result: Awaited<ReturnType<typeof verifyRoundReport>>;
  try {
    result = await verifyRoundReport(client, { deployment, report: fetched.report, text: fetched.text });
  } catch (error) {
    if (error instanceof FundamentError) throw error;
    throw new FundamentError(`The chain at ${rpcUrl} did not answer (${oneLine(error)}).`);
  }
  const bytesHash = keccak256(stringToBytes(fetched.text));
  const { report } = fetched;
  console.log(
    `Round ${report.round} of vault ${report.vaultId} (pool ${report.poolId}), read at block ${report.block.number}`,
  );
  console.log(`  report hash (of the bytes served)  ${bytesHash}`);
  console.log(`  hash the settlement carries         ${result.chainHash}`);
  console.log(`  total claimed                       ${report.total} ${report.token.symbol}`);
  const problems: string[] = [];
  if (report.vaultId !== String(vaultId) || report.poolId !== String(poolId)) {
    problems.push(
      `the API served the report of vault ${report.vaultId}'s pool ${report.poolId}, not the one asked for`,
    );
  }
  if (bytesHash !== result.chainHash) problems.push("the served report's hash is not the one the settlement carries");
  if (!result.totalMatches) problems.push("the report's total is not what the settlement took as returned");
  if (!result.rebuiltMatches) {
    problems.push(
      `rebuilt from the chain at block ${report.block.number}, these fields differ: ${result.differences.join(", ")}`,
    );
  }
  if (report.manualItems.length > 0) {
    console.log(
      `  declared, not observed              ${report.manualItems.map((i) => `${i.amount} (${i.note})`).join("; ")}`,
    );
  }
  if (report.exchange)
    console.log(`  exchange (as it answered, not re-read) equity ${report.exchange.equity} at ${report.exchange.at}`);
  if (problems.length === 0) {
    console.log("✓ Report matches the chain (its hash, its total, and every chain figure read again at its block).");
    return true;
  }
  for (const problem of problems) console.error(`✗ THE REPORT DOES NOT MATCH THE CHAIN: ${problem}.`);
  return false;
}

const args = process.argv.slice(2).filter((arg) => arg !== "--");
const ids = args.map((arg) => (/^[1-9]\d{0,9}$/.test(arg) ? Number(arg) : Number.NaN));
if (ids.length !== 2 || ids.some(Number.isNaN)) {
  console.error(USAGE);
  process.exit(2);
}
try {
  process.exit((await verify(ids[0] as number, ids[1] as number)) ? 0 : 1);
} catch (error) {
  console.error(`✗ ${oneLine(error)}`);
  process.exit(1);
}
