// `npm run bench -w @fundament/api`: throughput of the API's read routes against a bare route, on PGlite
// holding 10,000 exchange transfers and the demo performance history. Figures are printed, not asserted.
import autocannon from "autocannon";
import { seedDemo } from "../demo/seed.js";
import { startServer } from "../exports/server.js";

const DURATION_S = Number(process.env.BENCH_DURATION_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

type Figure = { route: string; mode: string; rps: number; p99: number; errors: number };

async function measure(url: string): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function run(mode: "cache" | "no cache"): Promise<Figure[]> {
  const server = await startServer({
    port: 0,
    sync: false,
    benchRoute: true,
    env: {
      PGLITE_DIR: "memory://",
      LOG_LEVEL: "warn",
      CHAIN_ID: "999",
      RATE_LIMIT_MAX: "1000000000",
      CACHE_TTL_MS: mode === "cache" ? "5000" : "0",
    },
  });
  try {
    await seedDemo({ db: server.database.db, transfers: 10_000 });
    const figures: Figure[] = [];
    for (const route of ["/bench/bare", "/futures/performance", "/api/deposits/bybit"]) {
      if (mode === "no cache" && route === "/bench/bare") continue;
      await measure(`${server.url}${route}`); // warm-up is short but lets the JIT settle
      figures.push({ route, mode, ...(await measure(`${server.url}${route}`)) });
    }
    return figures;
  } finally {
    await server.close();
  }
}

const figures = [...(await run("cache")), ...(await run("no cache"))];
const bare = figures.find((f) => f.route === "/bench/bare")?.rps ?? 1;
console.log(
  `\n@fundament/api throughput (autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per route, PGlite, 10,000 transfers)`,
);
console.log("route                    response cache   requests/s   p99 ms   ratio to bare   errors");
for (const f of figures) {
  console.log(
    `${f.route.padEnd(25)}${(f.route === "/bench/bare" ? "-" : f.mode).padEnd(17)}${f.rps.toFixed(0).padStart(10)}${String(f.p99).padStart(9)}${(f.rps / bare).toFixed(2).padStart(16)}${String(f.errors).padStart(9)}`,
  );
}
