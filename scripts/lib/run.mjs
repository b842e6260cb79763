// @ts-check
/** Child-process helpers: run a command, streaming its output, optionally keeping a copy. */
import { spawn } from "node:child_process";

/**
 * @typedef {object} RunOptions
 * @property {string} [cwd]
 * @property {NodeJS.ProcessEnv} [env] merged over `process.env`
 * @property {boolean} [capture] keep a copy of stdout and stderr in `output`
 * @property {boolean} [silent] do not stream to this process's stdout/stderr
 */

/**
 * @typedef {object} RunResult
 * @property {number} code exit code (1 when killed by a signal)
 * @property {NodeJS.Signals | null} signal
 * @property {string} output captured stdout + stderr (empty unless `capture`)
 */

/**
 * Runs a command to completion. Output streams through unless `silent`.
 * @param {string} command
 * @param {readonly string[]} args
 * @param {RunOptions} [options]
 * @returns {Promise<RunResult>}
 */
export function run(command, args, { cwd, env, capture = false, silent = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: capture || silent ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    /** @type {string[]} */
    const chunks = [];
    /**
     * @param {import("node:stream").Readable | null} stream
     * @param {NodeJS.WriteStream} sink
     */
    const tee = (stream, sink) => {
      stream?.on("data", (/** @type {Buffer} */ data) => {
        if (capture) chunks.push(data.toString("utf8"));
        if (!silent) sink.write(data);
      });
    };
    tee(child.stdout, process.stdout);
    tee(child.stderr, process.stderr);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      resolve({ code: code ?? 1, signal, output: chunks.join("") });
    });
  });
}

/**
 * Removes ANSI colour and cursor sequences, for parsing tool output.
 * @param {string} text
 */
export function stripAnsi(text) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI sequences start with ESC
  return text.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, "");
}
