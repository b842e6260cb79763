import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { FundamentError } from "../baseErrors.js";
import { type Deployment, parseDeployment } from "./deployment.js";

/** `contracts/deployments/`, where `scripts/deploy.mjs` writes one file per chain id. */
export const DEPLOYMENTS_DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  "..",
  "..",
  "..",
  "..",
  "contracts",
  "deployments",
);

/** Reads and validates `<dir>/<chainId>.json` (Node only). */
export function loadDeployment(chainId: number, dir: string = DEPLOYMENTS_DIR): Deployment {
  const file = join(dir, `${chainId}.json`);
  if (!existsSync(file)) {
    throw new FundamentError(
      `No deployment for chain ${chainId} (${file} is missing). Run \`npm start\` for the local chain, or set FUND_ADDRESS.`,
    );
  }
  return parseDeployment(JSON.parse(readFileSync(file, "utf8")));
}
