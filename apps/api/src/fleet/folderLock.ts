import { spawnSync } from "node:child_process";
import {
  closeSync,
  constants,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { hostname } from "node:os";

/** Raised when another process holds the folder, or the folder cannot be used: the message says which and what to do. */
export class FolderLockedError extends Error {
  override name = "FolderLockedError";
}

export type FolderLock = {
  /** The lock file (`<folder>.lock`, beside the folder's real path). */
  path: string;
  /** The folder's real path (symbolic links resolved): what PGlite must open. */
  folder: string;
  /** How the lock is held: an OS lock (`flock`) on an open file, or a pid file where `flock` is missing. */
  kind: "flock" | "pidfile";
  release(): void;
};

/** Who holds a lock, as written in the lock file for the next opener's message. */
type Holder = { pid: number; host: string; since: string };

/** `flock -n`'s exit code when another holds the lock: util-linux's default, and busybox's (Alpine images). */
const BUSY = 1;

/** Lock files this process holds as pid files: a second open from this process is refused without a look at pids. */
const heldHere = new Set<string>();

/**
 * The folder's real path, created when missing. A symbolic link is followed (PGlite's file system does not
 * follow one and fails with an unprintable error); a link to nowhere is said in words.
 */
export function resolveFolder(folder: string): string {
  try {
    mkdirSync(folder, { recursive: true });
    return realpathSync(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST" || code === "ENOENT") {
      throw new FolderLockedError(
        `The database folder ${folder} is a symbolic link to a folder that does not exist, or a file: point PGLITE_DIR at a folder.`,
      );
    }
    throw new FolderLockedError(`The database folder ${folder} cannot be used: ${(error as Error).message}`);
  }
}

function describeHolder(raw: string): string {
  try {
    const holder = JSON.parse(raw) as Partial<Holder>;
    if (typeof holder.pid !== "number") return "another process";
    return `process ${holder.pid} on host ${holder.host ?? "unknown"}${holder.since ? ` (since ${holder.since})` : ""}`;
  } catch {
    return "another process";
  }
}

function busyError(folder: string, lockPath: string, kind: FolderLock["kind"]): FolderLockedError {
  let raw = "";
  try {
    raw = readFileSync(lockPath, "utf8");
  } catch {
    // unreadable: name nobody
  }
  return new FolderLockedError(
    `The database folder ${folder} is in use by ${describeHolder(raw)}. PGlite serves one process at a time: ` +
      "stop that process first, or give every process DATABASE_URL (PostgreSQL) to run several." +
      (kind === "pidfile" ? ` If that process is gone for good, remove ${lockPath}.` : ""),
  );
}

function holderText(): string {
  const holder: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  return `${JSON.stringify(holder)}\n`;
}

/**
 * Takes an OS lock (flock(2), through util-linux's `flock` on a descriptor this process keeps open) on the lock
 * file. The kernel drops it when the descriptor closes, so a process that dies in any way (kill -9, out of memory,
 * a container stopped) frees the folder at once, whatever its pid; and it holds between processes in different
 * pid namespaces (containers sharing a volume). Undefined when `flock` is not installed (macOS, Windows).
 */
function takeFlock(folder: string, real: string, lockPath: string): FolderLock | undefined {
  const fd = openSync(lockPath, constants.O_RDWR | constants.O_CREAT, 0o644);
  const result = spawnSync("flock", ["-n", "3"], {
    stdio: ["ignore", "ignore", "pipe", fd],
  });
  if (result.error || result.status !== 0) {
    closeSync(fd);
    if ((result.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT") return undefined;
    if (result.status === BUSY) throw busyError(folder, lockPath, "flock");
    throw new FolderLockedError(
      `The database folder ${folder} could not be locked (${lockPath}): ${result.error?.message ?? String(result.stderr).trim()}`,
    );
  }
  ftruncateSync(fd, 0);
  writeSync(fd, holderText(), 0);
  let released = false;
  return {
    path: lockPath,
    folder: real,
    kind: "flock",
    release() {
      if (released) return;
      released = true;
      ftruncateSync(fd, 0); // the next opener's message names nobody
      closeSync(fd); // the kernel drops the lock with the last descriptor
    },
  };
}

/** True when a process with this id is alive (signal 0 checks without signalling). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // alive, owned by another user
  }
}

/**
 * Whether a pid file names a process that may still hold the folder. This process's own pid, when this process
 * does not hold the lock, is an earlier life of it (a container restarted after a kill gets pid 1 again); a pid on
 * another host cannot be checked, so it counts as alive.
 */
function mayHold(raw: string): boolean {
  let holder: Partial<Holder>;
  try {
    holder = JSON.parse(raw) as Partial<Holder>;
  } catch {
    return false; // empty or torn: nobody
  }
  if (typeof holder.pid !== "number" || holder.pid <= 0) return false;
  if (holder.host !== undefined && holder.host !== hostname()) return true;
  if (holder.pid === process.pid) return false;
  return isAlive(holder.pid);
}

/**
 * The fallback where `flock` is missing: a pid file created exclusively. A lock of a live process refuses; a lock
 * left by a dead process, or by an earlier life of this pid, is taken over.
 */
function takePidFile(folder: string, real: string, lockPath: string): FolderLock {
  if (heldHere.has(lockPath)) throw busyError(folder, lockPath, "pidfile");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, holderText());
      closeSync(fd);
      heldHere.add(lockPath);
      let released = false;
      return {
        path: lockPath,
        folder: real,
        kind: "pidfile",
        release() {
          if (released) return;
          released = true;
          heldHere.delete(lockPath);
          try {
            unlinkSync(lockPath);
          } catch {
            // already gone: nothing to release
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let raw: string;
    try {
      raw = readFileSync(lockPath, "utf8");
    } catch {
      continue; // removed in between: try again
    }
    if (mayHold(raw)) throw busyError(folder, lockPath, "pidfile");
    try {
      unlinkSync(lockPath); // a stale lock: take it over
    } catch {
      // someone else took it over first: try again
    }
  }
  throw new FolderLockedError(`The database folder ${folder} could not be locked (${lockPath}); try again.`);
}

/**
 * Takes the lock of a PGlite folder for this process, beside the folder's real path (`<folder>.lock`): PGlite is
 * single-writer, so a second opener (another process, a second container on the same volume, or this process)
 * gets FolderLockedError naming the holder. An OS lock where `flock` exists (Linux), which a crash frees by
 * itself; a pid file elsewhere (or with `flock: false`). Released by `release()` (on database close).
 */
export function lockFolder(folder: string, { flock = true }: { flock?: boolean } = {}): FolderLock {
  const real = resolveFolder(folder);
  const lockPath = `${real}.lock`;
  return (flock ? takeFlock(folder, real, lockPath) : undefined) ?? takePidFile(folder, real, lockPath);
}
