// @ts-check
/** A workspace package's local service as a child process of the stack: `node --import tsx src/main.ts` in it. */
import { startChildProcess } from "@fundament/test-chain";

/** @typedef {import("@fundament/test-chain").ChildService} ChildService */

/**
 * @param {{ cwd: string, env: Record<string, string>, logFile?: string | undefined,
 *   onOutput?: (output: string) => void }} options see `startChildProcess`
 * @returns {ChildService}
 */
export function startChildService({ cwd, env, logFile, onOutput }) {
  return startChildProcess({
    command: process.execPath,
    args: ["--import", "tsx", "src/main.ts"],
    cwd,
    env,
    ...(logFile ? { logFile } : {}),
    ...(onOutput ? { onOutput } : {}),
  });
}
