/** Builds one migrated PGlite data directory and hands its tarball's path to the test files. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client.js";
import { migrate } from "../db/migrate.js";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "fundament-api-test-"));
  const database = await openDatabase();
  await migrate(database);
  if (database.driver !== "pglite") throw new Error("The test template is a PGlite database");
  const { client } = database;
  const dump = await client.dumpDataDir("none");
  const file = join(dir, "template.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("pgliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
