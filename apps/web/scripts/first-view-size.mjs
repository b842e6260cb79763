// @ts-check
/**
 * First-view JavaScript of the web app's production build: the entry script index.html loads plus every
 * module it preloads, gzipped (level 9) and summed. Prints a table and the total in KiB; `--json` prints
 * `{ files, totalGzipKiB, budgetKiB }` for the root bench. Reads apps/web/dist (DIST=… for another build);
 * `npm run bench -w @fundament/web` builds first.
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
const html = readFileSync(indexFile, "utf8");
/** @type {Set<string>} */
const paths = new Set();
for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) paths.add(match[1] ?? "");
for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) paths.add(match[1] ?? "");

const files = [...paths]
  .filter(Boolean)
  .map((path) => {
    const bytes = readFileSync(join(dist, path.replace(/^\//, "")));
    return { path, rawKiB: bytes.length / 1024, gzipKiB: gzipSync(bytes, { level: 9 }).length / 1024 };
  })
  .sort((a, b) => b.gzipKiB - a.gzipKiB);
const totalGzipKiB = files.reduce((sum, f) => sum + f.gzipKiB, 0);

if (process.argv.includes("--json")) {
  console.log(JSON.stringify({ files, totalGzipKiB: Number(totalGzipKiB.toFixed(1)), budgetKiB: BUDGET_KIB }));
} else {
  for (const f of files)
    console.log(`${f.gzipKiB.toFixed(1).padStart(7)} KiB gzip  ${f.rawKiB.toFixed(1).padStart(7)} KiB  ${f.path}`);
  console.log(
    `First-view JS: ${totalGzipKiB.toFixed(1)} KiB gzip in ${files.length} files (budget ${BUDGET_KIB} KiB${totalGzipKiB > BUDGET_KIB ? ", OVER" : ""})`,
  );
}
