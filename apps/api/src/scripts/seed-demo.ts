// `npm run seed:demo -w @fundament/api`: writes the demo history into the configured database (idempotent).

import { mkdirSync } from "node:fs";
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/client.js";
import { migrate } from "../db/migrate.js";
import { seedDemo } from "../demo/seed.js";

const config = loadConfig();
if (!config.databaseUrl) mkdirSync(config.pgliteDir, { recursive: true });
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
try {
  await migrate(database);
  const written = await seedDemo({ db: database.db });
  console.log(
    `Demo data written to ${config.databaseUrl ? "PostgreSQL" : config.pgliteDir}: ${written.futures} futures equity days, ${written.nft} NFT-lending days, ${written.transfers} exchange transfers`,
  );
} finally {
  await database.close();
}
