import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { checkBearer } from "../admin/checkBearer.js";
import { parseSnapshotImport } from "../admin/parseSnapshotImport.js";
import { performanceSnapshots } from "../db/schema.js";
import { HttpError } from "../http/errors.js";
import type { RouteContext } from "./context.js";

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
        await database.db.transaction(async (tx) => {
          for (let i = 0; i < points.length; i += 1000) {
            await tx
              .insert(performanceSnapshots)
              .values(
                points.slice(i, i + 1000).map((p) => ({
                  vault: "nft-lending" as const,
                  source: "import" as const,
                  takenAt: p.takenAt,
                  value: p.value,
                })),
              )
              .onConflictDoUpdate({
                target: [performanceSnapshots.vault, performanceSnapshots.source, performanceSnapshots.takenAt],
                set: { value: sql`excluded.value` },
              });
          }
        });
        cache.clear();
        return { stored: points.length };
      },
    );
  };
}
