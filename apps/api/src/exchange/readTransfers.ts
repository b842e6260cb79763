import { and, desc, eq, gte, lte, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { exchangeTransfers } from "../db/schema.js";
import { HttpError, publicError } from "../http/errors.js";
import { getSyncState, JOBS } from "../jobs/syncState.js";
import { storedAmountUsd } from "../sync/amountUsd.js";
import { NO_KEYS_MESSAGE } from "../sync/runBybitSync.js";

export type TransferKind = "deposit" | "withdrawal";

export type TransferPageQuery = {
  limit: number;
  /** `<time ms>:<record id>`, the `next_cursor` of the previous page. */
  cursor?: string | undefined;
  since?: number | undefined;
  until?: number | undefined;
};

export type TransferPage = {
  source: string;
  /** Each record's JSON text (the unified transfer with `amountUsd`), or null when there is an error and no row. */
  records: string[] | null;
  error: string | null;
  nextCursor: string | null;
};

/** Splits `<time ms>:<record id>`; a time that is not a safe whole number is a 400. */
export function parseTransferCursor(cursor: string): { time: number; id: string } {
  const split = cursor.indexOf(":");
  const time = Number(cursor.slice(0, split));
  const id = cursor.slice(split + 1);
  if (split <= 0 || id === "" || !/^\d+$/.test(cursor.slice(0, split)) || !Number.isSafeInteger(time))
    throw new HttpError(400, "cursor must be a next_cursor value from a previous page");
  return { time, id };
}

/**
 * One page of the fund's deposits or withdrawals, newest first: a keyset query through the
 * (exchange, kind, timestamp, id) index (`(timestamp, id) < cursor`, `LIMIT limit + 1`), so a page costs the
 * same on the first page and a million rows deep. Each record comes out as its stored JSON text (`record_text`, kept by the database at write time)
 * and goes into the response as it is, with no parse and no re-serialization; only a record stored before
 * `amountUsd` existed is parsed, to add it.
 */
export async function readTransferPage(
  db: Db,
  config: { bybit: { credentials: object | undefined } },
  kind: TransferKind,
  query: TransferPageQuery,
): Promise<TransferPage> {
  const keys = Boolean(config.bybit.credentials);
  const t = exchangeTransfers;
  const filters: SQL[] = [eq(t.exchange, "bybit"), eq(t.kind, kind)];
  // With keys, only what the exchange said; without, whatever history there is (demo or imported).
  filters.push(keys ? eq(t.source, "bybit") : ne(t.source, "bybit"));
  if (query.since !== undefined) filters.push(gte(t.timestamp, query.since));
  if (query.until !== undefined) filters.push(lte(t.timestamp, query.until));
  if (query.cursor) {
    const { time, id } = parseTransferCursor(query.cursor);
    filters.push(sql`(${t.timestamp}, ${t.id}) < (${time}, ${id})`);
  }
  const [rows, state] = await Promise.all([
    db
      .select({
        json: t.recordText,
        priced: t.priced,
        timestamp: t.timestamp,
        id: t.id,
        source: t.source,
      })
      .from(t)
      .where(and(...filters))
      .orderBy(desc(t.timestamp), desc(t.id))
      .limit(query.limit + 1),
    keys ? getSyncState(db, kind === "deposit" ? JOBS.deposits : JOBS.withdrawals) : undefined,
  ]);
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const error = keys ? publicError(state?.lastError) : NO_KEYS_MESSAGE;
  const records =
    page.length === 0 && error && !query.cursor
      ? null
      : page.map((row) => {
          if (row.priced) return row.json;
          const record = JSON.parse(row.json) as Record<string, unknown>;
          return JSON.stringify({ ...record, amountUsd: storedAmountUsd(record) });
        });
  return {
    source: keys ? "bybit" : (page[0]?.source ?? "bybit"),
    records,
    error,
    nextCursor: more && last ? `${last.timestamp}:${last.id}` : null,
  };
}

/** The spec's envelope as JSON text: `{ message, statusCode, data: { source, <plural>, error, next_cursor } }`. */
export function transferEnvelopeJson(label: string, plural: string, page: TransferPage): string {
  const list = page.records === null ? "null" : `[${page.records.join(",")}]`;
  return (
    `{"message":${JSON.stringify(`${label} retrieved`)},"statusCode":200,"data":{"source":${JSON.stringify(page.source)},` +
    `${JSON.stringify(plural)}:${list},"error":${JSON.stringify(page.error)},"next_cursor":${JSON.stringify(page.nextCursor)}}}`
  );
}
