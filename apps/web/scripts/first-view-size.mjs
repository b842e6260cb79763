// @ts-check
/**
 * First-view JavaScript of the web app's production build: the entry script index.html loads plus every
 * module it preloads, gzipped (level 9) and summed: what the browser runs before the app's frame (header,
 * navigation, wallet button, page skeleton) paints. Target: at most 150 KiB.
 *
 * Also printed, for reference (no target): each page's own code on top of that, as loaded when it is the
 * first page opened (the page's chunk and the chunks it imports, from the build manifest), so that the
 * landing page (Vaults, `/`) is seen whole.
 *
 * `--json` prints `{ files, totalGzipKiB, budgetKiB, pages }` for the root bench. Reads apps/web/dist (DIST=…
 * for another build); `npm run bench -w @fundament/web` builds first.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const BUDGET_KIB = 150;
const dist = process.env.DIST ?? join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const indexFile = join(dist, "index.html");
if (!existsSync(indexFile)) {
  console.error("apps/web/dist/index.html is missing: run `npm run build -w @fundament/web` first");
  process.exit(1);
}
/** @param {string} path a path under dist, with or without the leading slash */
const gzipKiB = (path) => gzipSync(readFileSync(join(dist, path.replace(/^\//, ""))), { level: 9 }).length / 1024;

const html = readFileSync(indexFile, "utf8");
/** @type {Set<string>} */
const paths = new Set();
for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) paths.add(match[1] ?? "");
for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) paths.add(match[1] ?? "");

const files = [...paths]
  .filter(Boolean)
  .map((path) => ({
    path,
    rawKiB: readFileSync(join(dist, path.replace(/^\//, ""))).length / 1024,
    gzipKiB: gzipKiB(path),
  }))
  .sort((a, b) => b.gzipKiB - a.gzipKiB);
const totalGzipKiB = files.reduce((sum, f) => sum + f.gzipKiB, 0);

/** @type {Array<{ page: string, extraGzipKiB: number, totalGzipKiB: number }>} */
const pages = [];
const manifestFile = join(dist, ".vite", "manifest.json");
if (existsSync(manifestFile)) {
  /** @type {Record<string, { file: string, src?: string, imports?: string[] }>} */
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
  const shell = new Set([...paths].map((p) => p.replace(/^\//, "")));
  for (const [key, chunk] of Object.entries(manifest)) {
    const page = /src\/pages\/[^/]+\/(\w+Page)\.tsx$/.exec(key)?.[1];
    if (!page) continue;
    /** @type {Set<string>} */
    const extra = new Set();
    const walk = (/** @type {{ file: string, imports?: string[] }} */ c) => {
      if (shell.has(c.file) || extra.has(c.file)) return;
      extra.add(c.file);
      for (const i of c.imports ?? []) if (manifest[i]) walk(manifest[i]);
    };
    walk(chunk);
    const extraGzipKiB = [...extra].reduce((sum, f) => sum + gzipKiB(f), 0);
    pages.push({ page, extraGzipKiB, totalGzipKiB: totalGzipKiB + extraGzipKiB });
  }
  pages.sort((a, b) => a.totalGzipKiB - b.totalGzipKiB);
}

const kib = (/** @type {number} */ n) => Number(n.toFixed(1));
if (process.argv.includes("--json")) {
  console.log(
    JSON.stringify({
      files,
      totalGzipKiB: kib(totalGzipKiB),
      budgetKiB: BUDGET_KIB,
      pages: pages.map((p) => ({ page: p.page, extraGzipKiB: kib(p.extraGzipKiB), totalGzipKiB: kib(p.totalGzipKiB) })),
    }),
  );
} else {
  for (const f of files)
    console.log(`${f.gzipKiB.toFixed(1).padStart(7)} KiB gzip  ${f.rawKiB.toFixed(1).padStart(7)} KiB  ${f.path}`);
  console.log(
    `First-view JS: ${totalGzipKiB.toFixed(1)} KiB gzip in ${files.length} files (budget ${BUDGET_KIB} KiB${totalGzipKiB > BUDGET_KIB ? ", OVER" : ""})`,
  );
  if (pages.length > 0) {
    console.log("Each page opened first (its own chunks on top of the first view; reference, no budget):");
    for (const p of pages)
      console.log(
        `  ${p.page.padEnd(16)} +${p.extraGzipKiB.toFixed(1).padStart(5)} KiB = ${p.totalGzipKiB.toFixed(1).padStart(6)} KiB gzip`,
      );
  }
}
