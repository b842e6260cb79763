import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { FolderLockedError, lockFolder } from "./folderLock.js";

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const LOCK_MODULE = join(API_DIR, "src", "fleet", "folderLock.ts");

/** A script that takes the folder's lock, says "locked <pid>" (or "refused: …") and holds it until killed. */
const holderScript = (folder: string) => `
import { lockFolder } from ${JSON.stringify(LOCK_MODULE)};
try {
  lockFolder(${JSON.stringify(folder)});
  console.log("locked " + process.pid);
  setInterval(() => {}, 60_000);
} catch (error) {
  console.log("refused: " + error.message);
  process.exit(3);
}`;

/** Can this machine make pid namespaces (root, or unprivileged user namespaces)? */
const canUnshare = (() => {
  const probe = spawnSync("unshare", ["--pid", "--fork", "--mount-proc", "true"], { stdio: "ignore" });
  return probe.status === 0;
})();

const children: ChildProcess[] = [];

/** Starts a lock holder (in a pid namespace of its own when `namespace`) and waits for its first line. */
async function startHolder(
  folder: string,
  { namespace = false, pidOne = true }: { namespace?: boolean; pidOne?: boolean } = {},
): Promise<{ child: ChildProcess; line: string }> {
  const node = [process.execPath, "--import", "tsx", "--input-type=module", "-e", holderScript(folder)];
  // `sh -c '…; true'` keeps the shell as the namespace's pid 1, so node gets pid 2 there.
  const command = namespace
    ? [
        "unshare",
        "--pid",
        "--fork",
        "--mount-proc",
        "--kill-child",
        ...(pidOne ? node : ["sh", "-c", `"$@"; true`, "sh", ...node]),
      ]
    : node;
  const [file = "", ...args] = command;
  const child = spawn(file, args, { cwd: API_DIR, stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  const line = await new Promise<string>((resolve) => {
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      if (output.includes("\n")) resolve(output.trim());
    });
    child.once("exit", () => resolve(output.trim() || "exited"));
  });
  return { child, line };
}

async function kill9(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

describe("the PGlite folder lock", () => {
  const root = mkdtempSync(join(tmpdir(), "fundament-folder-lock-"));
  afterEach(async () => {
    await Promise.all(children.splice(0).map(kill9));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("is an OS lock here (flock), refuses this process's second open, and frees the folder on release", () => {
    const folder = join(root, "twice");
    const lock = lockFolder(folder);
    expect(lock.kind).toBe("flock");
    expect(() => lockFolder(folder)).toThrow(FolderLockedError);
    expect(() => lockFolder(folder)).toThrow(
      `The database folder ${folder} is in use by process ${process.pid} on host ${hostname()}`,
    );
    lock.release();
    lockFolder(folder).release();
  });

  it("refuses while another process holds it, naming that process, and is free the moment it is killed (-9)", async () => {
    const folder = join(root, "other");
    const { child, line } = await startHolder(folder);
    expect(line).toMatch(/^locked \d+$/);
    expect(() => lockFolder(folder)).toThrow(`is in use by process ${child.pid} on host ${hostname()}`);
    await kill9(child);
    lockFolder(folder).release();
  }, 30_000);

  it("follows a symbolic link: one lock for the link and the folder it points at", async () => {
    const real = join(root, "real");
    const link = join(root, "link");
    mkdirSync(real);
    symlinkSync(real, link);
    const lock = lockFolder(link);
    expect(lock.folder).toBe(real);
    expect(lock.path).toBe(`${real}.lock`);
    expect(() => lockFolder(real)).toThrow(FolderLockedError);
    lock.release();
    symlinkSync(join(root, "nowhere"), join(root, "dangling"));
    writeFileSync(join(root, "nowhere"), "a file, not a folder");
    expect(() => lockFolder(join(root, "dangling"))).toThrow(
      /a symbolic link to a folder that does not exist, or a file/,
    );
  });

  describe.skipIf(!canUnshare)("in containers (pid namespaces: the same pids in each)", () => {
    it("refuses a pid 1 in one namespace while pid 2 of another holds it (the old pid file let both open)", async () => {
      const folder = join(root, "volume");
      const holder = await startHolder(folder, { namespace: true, pidOne: false });
      expect(holder.line).toBe("locked 2");
      const second = await startHolder(folder, { namespace: true });
      expect(second.line).toMatch(/^refused: The database folder .* is in use by process 2 on host /);
    }, 60_000);

    it("lets a restarted pid 1 open the folder after the last pid 1 was killed (-9), with no person to help", async () => {
      const folder = join(root, "restart");
      const first = await startHolder(folder, { namespace: true });
      expect(first.line).toBe("locked 1");
      const refused = await startHolder(folder, { namespace: true });
      expect(refused.line).toMatch(/^refused: .* is in use by process 1 /);
      await kill9(first.child);
      const restarted = await startHolder(folder, { namespace: true });
      expect(restarted.line).toBe("locked 1");
    }, 60_000);
  });
});

describe("the pid-file fallback (no flock on the machine)", () => {
  const root = mkdtempSync(join(tmpdir(), "fundament-pid-lock-"));
  const noFlock = { flock: false } as const;
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const holder = (pid: number, host = hostname()) => `${JSON.stringify({ pid, host, since: "2026-01-01" })}\n`;

  it("refuses a second open from this process and a live process's lock, names them, and frees on release", () => {
    const folder = join(root, "live");
    const lock = lockFolder(folder, noFlock);
    expect(lock.kind).toBe("pidfile");
    expect(() => lockFolder(folder, noFlock)).toThrow(`is in use by process ${process.pid}`);
    lock.release();
    const parent = process.ppid; // alive: it started this process
    writeFileSync(`${folder}.lock`, holder(parent));
    expect(() => lockFolder(folder, noFlock)).toThrow(`is in use by process ${parent} on host ${hostname()}`);
  });

  it("takes over a dead process's lock, and an earlier life of this very pid (a container restarted as pid 1)", () => {
    const dead = Number(spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" }).stdout);
    for (const [name, pid] of [
      ["dead", dead],
      ["same-pid", process.pid],
    ] as const) {
      const folder = join(root, name);
      mkdirSync(folder);
      writeFileSync(`${folder}.lock`, holder(pid));
      lockFolder(folder, noFlock).release();
    }
  });

  it("refuses a lock from another host, which it cannot check, and says so", () => {
    const folder = join(root, "other-host");
    mkdirSync(folder);
    writeFileSync(`${folder}.lock`, holder(4242, "elsewhere"));
    expect(() => lockFolder(folder, noFlock)).toThrow("is in use by process 4242 on host elsewhere");
  });
});
