import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { checkBearer } from "../admin/checkBearer.js";
import { type ImportedPoint, parseSnapshotImport } from "../admin/parseSnapshotImport.js";
import type { Db } from "../db/client.js";
import { HttpError } from "../http/errors.js";
import type { RouteContext } from "./context.js";

/** Rows per statement of an import: each one short, so the process answers other requests between them. */
const IMPORT_CHUNK = 2_000;

/**
 * Stores imported NFT-lending values, all or none (one transaction), upserted by time. Each chunk is one
 * `INSERT … SELECT FROM unnest(…)` with two array parameters (not four parameters a row), and the event loop
 * runs between chunks: PGlite runs in this thread, and 100,000 rows in one go held it for seconds.
 */
async function storeImportedSnapshots(db: Db, points: ImportedPoint[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (let i = 0; i < points.length; i += IMPORT_CHUNK) {
      const chunk = points.slice(i, i + IMPORT_CHUNK);
      const times = `{${chunk.map((p) => `"${p.takenAt.toISOString()}"`).join(",")}}`;
      const values = `{${chunk.map((p) => p.value).join(",")}}`;
      await tx.execute(sql`
        INSERT INTO performance_snapshots (vault, source, taken_at, value)
        SELECT 'nft-lending', 'import', t, v FROM unnest(${times}::timestamptz[], ${values}::float8[]) AS u(t, v)
        ON CONFLICT (vault, source, taken_at) DO UPDATE SET value = excluded.value`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
}

/** `POST /admin/nft-lending/snapshots`: imports NFT-lending values (bearer `ADMIN_TOKEN`). */
export function adminRoutes({ config, database, cache }: RouteContext): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser(
      ["text/csv", "text/plain"],
      { parseAs: "string", bodyLimit: 10_485_760 },
      (_r, body, done) => done(null, body),
    );
    app.post(
      "/admin/nft-lending/snapshots",
      {
        bodyLimit: 10_485_760,
        schema: {
          tags: ["admin"],
          summary:
            "Import NFT lending values: JSON [{ timestamp, total_sol_value }] or CSV; Authorization: Bearer ADMIN_TOKEN",
        },
      },
      async (request) => {
        if (!config.adminToken) throw new HttpError(401, "Admin import is disabled: ADMIN_TOKEN is not configured");
        if (!checkBearer(request.headers.authorization, config.adminToken)) {
          throw new HttpError(401, "A valid admin bearer token is required");
        }
        const points = parseSnapshotImport(request.body);
        await storeImportedSnapshots(database.db, points);
        cache.clear();
        return { stored: points.length };
      },
    );
  };
}
