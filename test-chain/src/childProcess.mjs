// @ts-check
/**
 * A local service as a child process (anvil, the bundler, a workspace package's `src/main.ts`): its output kept (the
 * last 8,000 characters) and copied to a log file, killed with this process, and a stop that asks first (SIGTERM) and
 * insists after a few seconds (SIGKILL). The one launcher behind every child process of the stack and the tests.
 */
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";

/**
 * @typedef {object} ChildService
 * @property {import("node:child_process").ChildProcess} child
 * @property {Promise<number | null>} exited resolves with the exit code when the process exits (null: it could not start)
 * @property {() => boolean} isDead whether the process has exited (or never started)
 * @property {() => string} output the last 8,000 characters it wrote (stdout and stderr)
 * @property {() => string} where how an error message points at the output: the log file, or the output itself
 * @property {() => Promise<void>} stop SIGTERM, then SIGKILL after `stopTimeoutMs` (idempotent)
 */

/**
 * @typedef {object} ChildProcessOptions
 * @property {string} command the executable
 * @property {readonly string[]} args
 * @property {string} [cwd]
 * @property {Record<string, string>} [env] added to this process's environment
 * @property {string} [logFile] append the output here
 * @property {(output: string) => void} [onOutput] sees the kept output after each chunk (e.g. to spot a ready line)
 * @property {number} [stopTimeoutMs] how long `stop` waits after SIGTERM before SIGKILL; default 5 s
 */

/**
 * Spawns `command` and keeps its output; never throws (a failed spawn shows as `exited` resolving with null).
 * @param {ChildProcessOptions} options
 * @returns {ChildService}
 */
export function startChildProcess({ command, args, cwd, env = {}, logFile, onOutput, stopTimeoutMs = 5000 }) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const log = logFile ? createWriteStream(logFile, { flags: "a" }) : undefined;
  let output = "";
  const collect = (/** @type {Buffer} */ data) => {
    log?.write(data);
    output = (output + data.toString("utf8")).slice(-8000);
    onOutput?.(output);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  let dead = false;
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => {
    child.on("exit", (code) => {
      dead = true;
      log?.end();
      resolve(code);
    });
    child.on("error", (error) => {
      dead = true;
      output += String(error);
      resolve(null);
    });
  });
  const killOnExit = () => child.kill("SIGKILL");
  process.on("exit", killOnExit);
  const stop = async () => {
    process.off("exit", killOnExit);
    if (dead) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), stopTimeoutMs);
    await exited;
    clearTimeout(timer);
  };
  return {
    child,
    exited,
    isDead: () => dead,
    output: () => output,
    where: () => (logFile ? `; see ${logFile}` : `:\n${output.trim()}`),
    stop,
  };
}
