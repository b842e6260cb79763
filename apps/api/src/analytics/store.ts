import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { analyticsEvents } from "../db/schema.js";
import { type AnalyticsEventName, domainOf, eventTime, pathOf, sanitizeProperties } from "./sanitize.js";

/** An event as `POST /e` received it (shape already checked). */
export type IncomingEvent = {
  eventId: string;
  url: string;
  domain: string;
  /** The sender's time in ms. */
  timestamp: number;
  event: AnalyticsEventName;
  properties: unknown;
};

/**
 * Stores an event without anything that identifies a person: the event name, its time (the arrival time when the
 * sender's clock is far off), the site's host, the page's path (no query, no fragment, hex runs masked) and the
 * sanitized properties; never an address or an IP address. A repeated `eventId` is stored once.
 * @returns Whether this call stored it (false: it was already stored).
 */
export async function storeEvent(db: Db, event: IncomingEvent, now: Date = new Date()): Promise<boolean> {
  const rows = await db
    .insert(analyticsEvents)
    .values({
      eventId: event.eventId,
      event: event.event,
      occurredAt: eventTime(event.timestamp, now),
      domain: domainOf(event.domain),
      path: pathOf(event.url),
      properties: sanitizeProperties(event.properties),
      receivedAt: now,
    })
    .onConflictDoNothing()
    .returning({ eventId: analyticsEvents.eventId });
  return rows.length > 0;
}

/** One UTC day's counts per event name. */
export type DailyCounts = { day: string; counts: Record<string, number> };

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The events of the last `days` UTC days (today included), counted per day and event, oldest day first; a day
 * without events has empty counts.
 */
export async function dailyCounts(db: Db, days: number, now: Date = new Date()): Promise<DailyCounts[]> {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const from = today - (days - 1) * DAY_MS;
  const rows = await db
    .select({
      day: sql<string>`to_char(${analyticsEvents.occurredAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      event: analyticsEvents.event,
      count: sql<number>`count(*)::int`,
    })
    .from(analyticsEvents)
    .where(sql`${analyticsEvents.occurredAt} >= ${new Date(from).toISOString()}::timestamptz`)
    .groupBy(sql`1`, analyticsEvents.event);
  const byDay = new Map<string, Record<string, number>>();
  for (let ms = from; ms <= today; ms += DAY_MS) byDay.set(isoDay(ms), {});
  for (const row of rows) {
    const counts = byDay.get(row.day);
    if (counts) counts[row.event] = Number(row.count);
  }
  return [...byDay].map(([day, counts]) => ({ day, counts }));
}
