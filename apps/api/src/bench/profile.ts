// `npx tsx src/bench/profile.ts`: where the time of one uncached build goes, by phase (SQL and driver decoding,
// reduction, JSON), for the old whole-history reads and the current ones, on PGlite and PostgreSQL, with a year
// of 5-minute equity snapshots and 10,000 exchange transfers. Printed, not asserted.
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { type Database, openDatabase } from "../db/client.js";
import { migrate } from "../db/migrate.js";
import { exchangeTransfers, performanceSnapshots } from "../db/schema.js";
import { seedDemo } from "../demo/seed.js";
import { readTransferPage, transferEnvelopeJson } from "../exchange/readTransfers.js";
import { buildFuturesPerformance } from "../performance/buildPerformance.js";
import { readDailySnapshots } from "../performance/readSnapshots.js";
import { storedAmountUsd } from "../sync/amountUsd.js";
import { startThrowawayPostgres } from "./postgres.js";

const REPEAT = 20;

async function time<T>(run: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  let value = await run();
  const start = performance.now();
  for (let i = 0; i < REPEAT; i++) value = await run();
  return { ms: (performance.now() - start) / REPEAT, value };
}

async function profile(name: string, database: Database) {
  const { db } = database;
  await migrate(database);
  await seedDemo({ db, transfers: 10_000 });
  await db.execute(sql`
    INSERT INTO performance_snapshots (vault, source, taken_at, value)
    SELECT 'futures', 'bybit', t, round((250000 + 20000 * sin(extract(epoch FROM t) / 2592000))::numeric, 2)
    FROM generate_series(now() - interval '365 days', now(), interval '5 minutes') AS t`);
  await db.execute(sql`ANALYZE`);
  const p = performanceSnapshots;
  const sources = await time(() => db.selectDistinct({ source: p.source }).from(p).where(eq(p.vault, "futures")));
  const all = await time(() =>
    db
      .select({ takenAt: p.takenAt, value: p.value })
      .from(p)
      .where(and(eq(p.vault, "futures"), eq(p.source, "bybit")))
      .orderBy(asc(p.takenAt)),
  );
  const build = await time(() => buildFuturesPerformance(all.value, null, "bybit"));
  const json = await time(() => JSON.stringify(build.value));
  const daily = await time(() => readDailySnapshots(db, "futures"));
  const dailyBuild = await time(() => JSON.stringify(buildFuturesPerformance(daily.value.snapshots, null, "bybit")));
  console.log(`\n${name}: /futures/performance, ${all.value.length} snapshots, one build (mean of ${REPEAT})`);
  console.log(
    `  before: distinct sources ${sources.ms.toFixed(1)} ms, read every snapshot ${all.ms.toFixed(1)} ms, per-day reduction + records ${build.ms.toFixed(1)} ms, JSON ${json.ms.toFixed(2)} ms`,
  );
  console.log(
    `  after:  per-day SQL (${daily.value.snapshots.length} rows) ${daily.ms.toFixed(1)} ms, records + JSON ${dailyBuild.ms.toFixed(2)} ms`,
  );

  const t = exchangeTransfers;
  const rows = await time(() =>
    db
      .select({ record: t.record, timestamp: t.timestamp, id: t.id, source: t.source })
      .from(t)
      .where(and(eq(t.exchange, "bybit"), eq(t.kind, "deposit"), ne(t.source, "bybit")))
      .orderBy(desc(t.timestamp), desc(t.id))
      .limit(101),
  );
  const shaped = await time(() =>
    JSON.stringify({
      message: "Deposits retrieved",
      statusCode: 200,
      data: {
        deposits: rows.value.slice(0, 100).map((row) => ({ ...row.record, amountUsd: storedAmountUsd(row.record) })),
      },
    }),
  );
  const config = { bybit: { credentials: undefined } };
  const page = await time(() => readTransferPage(db, config, "deposit", { limit: 100 }));
  const envelope = await time(() => transferEnvelopeJson("Deposits", "deposits", page.value));
  console.log(`${name}: /api/deposits/bybit?limit=100, one page (mean of ${REPEAT})`);
  console.log(
    `  before: SQL + jsonb parsed into objects ${rows.ms.toFixed(2)} ms, spread + JSON.stringify ${shaped.ms.toFixed(2)} ms (${shaped.value.length} bytes)`,
  );
  console.log(
    `  after:  SQL with record::text ${page.ms.toFixed(2)} ms, envelope by concatenation ${envelope.ms.toFixed(3)} ms (${envelope.value.length} bytes)`,
  );
}

{
  const database = await openDatabase();
  try {
    await profile("PGlite", database);
  } finally {
    await database.close();
  }
}
const postgres = await startThrowawayPostgres();
try {
  const database = await openDatabase({ databaseUrl: postgres.url });
  try {
    await profile("PostgreSQL", database);
  } finally {
    await database.close();
  }
} finally {
  await postgres.stop();
}
