// @ts-check
/**
 * A workspace package's local service as a child process of the stack (`node --import tsx src/main.ts` in the
 * package): its output kept (the last 8,000 characters) and copied to a log file, killed with this process, and a
 * stop that asks first (SIGTERM) and insists after 5 s (SIGKILL).
 */
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";

/**
 * @typedef {object} ChildService
 * @property {Promise<number | null>} exited resolves with the exit code when the process exits (null: it could not start)
 * @property {() => boolean} isDead whether the process has exited (or never started)
 * @property {() => string} output the last 8,000 characters it wrote (stdout and stderr)
 * @property {() => string} where how an error message points at the output: the log file, or the output itself
 * @property {() => Promise<void>} stop SIGTERM, then SIGKILL after 5 s (idempotent)
 */

/**
 * @param {{ cwd: string, env: Record<string, string>, logFile?: string | undefined,
 *   onOutput?: (output: string) => void }} options `env` is added to this process's environment; `onOutput` sees
 *   the kept output after each chunk (e.g. to spot a ready line)
 * @returns {ChildService}
 */
export function startChildService({ cwd, env, logFile, onOutput }) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
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
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  };
  return {
    exited,
    isDead: () => dead,
    output: () => output,
    where: () => (logFile ? `; see ${logFile}` : `:\n${output.trim()}`),
    stop,
  };
}
