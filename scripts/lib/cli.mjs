// @ts-check
/** Helpers for scripts that are both importable modules and command-line entry points. */
import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";

/**
 * Whether the module with this `import.meta.url` is the script node was asked to run.
 * @param {string} metaUrl
 */
export function isMain(metaUrl) {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return pathToFileURL(realpathSync(entry)).href === metaUrl;
  } catch {
    return false;
  }
}

/**
 * Runs `main`, printing a one-line error (or the stack with DEBUG set) and exiting 1 on failure.
 * @param {() => Promise<unknown>} main
 */
export function runCli(main) {
  main().catch((/** @type {unknown} */ error) => {
    const detail =
      error instanceof Error ? (process.env.DEBUG ? (error.stack ?? error.message) : error.message) : String(error);
    console.error(`✗ ${detail}`);
    process.exit(1);
  });
}
