// @ts-check
/** Absolute paths of the places the scripts work with. */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** The Foundry project. */
export const CONTRACTS_DIR = join(ROOT, "contracts");
/** Forge's artifact folder: `out/<File>.sol/<Contract>.json`. */
export const OUT_DIR = join(CONTRACTS_DIR, "out");
/** Where `deploy` writes `<chainId>.json`. */
export const DEPLOYMENTS_DIR = join(CONTRACTS_DIR, "deployments");
/** Local runtime data (logs, embedded database); git-ignored. */
export const DATA_DIR = join(ROOT, ".data");
