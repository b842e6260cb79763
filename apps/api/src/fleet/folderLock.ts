import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";

/** Raised when another live process holds the folder: the message says which and what to do. */
export class FolderLockedError extends Error {
  override name = "FolderLockedError";
}

export type FolderLock = {
  /** The lock file (`<folder>.lock`, beside the folder). */
  path: string;
  release(): void;
};

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
 * Takes the lock of a PGlite folder for this process: a file `<folder>.lock` created exclusively, holding the
 * pid. A lock of a live process (this one included: PGlite is single-writer) refuses with FolderLockedError; a
 * lock left by a dead process (kill -9, a crash) is taken over. Released by `release()` (on database close).
 */
export function lockFolder(folder: string): FolderLock {
  const path = `${folder.replace(/\/+$/, "")}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          try {
            if (Number(readFileSync(path, "utf8").trim()) === process.pid) unlinkSync(path);
          } catch {
            // already gone: nothing to release
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number(readFileSync(path, "utf8").trim());
    } catch {
      continue; // removed in between: try again
    }
    if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
      throw new FolderLockedError(
        `The database folder ${folder} is in use by process ${holder}${holder === process.pid ? " (this one)" : ""}. ` +
          "PGlite serves one process at a time: stop that process first, or give every process DATABASE_URL " +
          "(PostgreSQL) to run several.",
      );
    }
    try {
      unlinkSync(path); // a stale lock of a dead process (or an unreadable one): take it over
    } catch {
      // someone else took it over first: try again
    }
  }
  throw new FolderLockedError(`The database folder ${folder} could not be locked (${path}); try again.`);
}
