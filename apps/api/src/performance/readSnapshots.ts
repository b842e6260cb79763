import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { queryRows } from "../db/queryRows.js";
import type { DataSource } from "../db/schema.js";
import type { Snapshot } from "./buildPerformance.js";

type Vault = "futures" | "nft-lending";
export type SnapshotRead = { source: DataSource | undefined; snapshots: Snapshot[] };

/**
 * The vault's most preferred source that has any row in `table`: real data first (the exchange, the Solana chain),
 * then an admin import, demo last. One index probe
 * per source: the `LIMIT 1` inside the lateral subquery keeps the planner from turning it into a semi-join
 * that reads the whole table (an `EXISTS` did that: 20-30 ms on PGlite for 105,000 snapshots).
 */
const chosenSource = (vault: Vault, table: "performance_snapshots" | "performance_daily") => sql`
  SELECT preferred.source
  FROM (VALUES ('bybit', 1), ('solana', 2), ('import', 3), ('demo', 4)) AS preferred(source, rank)
  CROSS JOIN LATERAL (
    SELECT 1 FROM ${sql.identifier(table)} AS present
    WHERE present.vault = ${vault} AND present.source = preferred.source
    LIMIT 1
  ) AS found
  ORDER BY preferred.rank
  LIMIT 1`;

type Row = { source: DataSource; ms: number | string; value: number | string };

const toRead = (rows: readonly Row[]): SnapshotRead => ({
  source: rows[0]?.source,
  snapshots: rows.map((row) => ({ takenAt: new Date(Number(row.ms)), value: Number(row.value) })),
});

/**
 * The last snapshot of each UTC day of the vault's preferred source, oldest first: the rows of
 * `performance_daily` (kept by triggers on `performance_snapshots`), one index range of (vault, source, day).
 * The work is proportional to the days, not to the snapshots (a year of 5-minute snapshots is 105,000 rows,
 * read as 365).
 */
export async function readDailySnapshots(db: Db, vault: Vault): Promise<SnapshotRead> {
  const rows = await queryRows<Row>(
    db,
    sql`
    WITH chosen AS (${chosenSource(vault, "performance_daily")})
    SELECT chosen.source, floor(extract(epoch FROM d.taken_at) * 1000)::float8 AS ms, d.value
    FROM chosen JOIN performance_daily d ON d.vault = ${vault} AND d.source = chosen.source
    ORDER BY d.day`,
  );
  return toRead(rows);
}

/** Every snapshot of the vault's preferred source, oldest first (an index range scan of two columns). */
export async function readSnapshots(db: Db, vault: Vault): Promise<SnapshotRead> {
  const rows = await queryRows<Row>(
    db,
    sql`
    WITH chosen AS (${chosenSource(vault, "performance_snapshots")})
    SELECT chosen.source, floor(extract(epoch FROM s.taken_at) * 1000)::float8 AS ms, s.value
    FROM chosen JOIN performance_snapshots s ON s.vault = ${vault} AND s.source = chosen.source
    ORDER BY s.taken_at`,
  );
  return toRead(rows);
}
