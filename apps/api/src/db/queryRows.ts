import type { SQL } from "drizzle-orm";
import type { Db } from "./client.js";

/**
 * The rows of a raw SQL query on either driver (node-postgres and PGlite both answer `{ rows }`). The caller
 * states the row type: columns come as the drivers parse them (numbers for int4 and float8, text for text).
 */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows?: unknown };
  if (!Array.isArray(result.rows)) throw new Error("The database answered a query without rows");
  return result.rows as Row[];
}
