/** What a rate-limit store answers for one counted request: the hits in the window, and the ms until it ends. */
export type RateLimitCount = { current: number; ttl: number };

/**
 * The fixed window holding `now`: windows are aligned to multiples of their length since the epoch, so every
 * instance computes the same window for the same moment without agreeing on anything.
 */
export function fixedWindow(now: number, windowMs: number): { start: number; ttl: number } {
  const length = Math.max(1, Math.trunc(windowMs));
  const start = Math.floor(now / length) * length;
  return { start, ttl: start + length - now };
}

/**
 * Fixed-window counters in this process's memory, with the same windows as the shared store: the fallback while
 * the database fails. At most `maxKeys` keys (the oldest entries go first), so a flood of new clients cannot grow it.
 */
export class LocalWindowCounter {
  private readonly counts = new Map<string, { start: number; hits: number }>();

  constructor(private readonly maxKeys = 10_000) {}

  hit(key: string, windowMs: number, now: number): RateLimitCount {
    const { start, ttl } = fixedWindow(now, windowMs);
    const entry = this.counts.get(key);
    if (entry && entry.start === start) {
      entry.hits += 1;
      return { current: entry.hits, ttl };
    }
    if (entry) this.counts.delete(key);
    while (this.counts.size >= this.maxKeys) {
      const oldest = this.counts.keys().next().value;
      if (oldest === undefined) break;
      this.counts.delete(oldest);
    }
    this.counts.set(key, { start, hits: 1 });
    return { current: 1, ttl };
  }

  get size(): number {
    return this.counts.size;
  }
}

/**
 * One key's count in one window, as an instance that batches its writes sees it: `sharedKnown` is the table's
 * total as of this instance's last flush (this instance's flushed hits included), `inFlight` the hits of the flush
 * under way, `pending` the hits counted since. The request's count is their sum.
 */
export type BatchedCount = {
  readonly key: string;
  readonly start: number;
  readonly end: number;
  sharedKnown: number;
  inFlight: number;
  pending: number;
  /** When `sharedKnown` was learned (-Infinity: never). */
  knownAt: number;
  /** Batches taken (and restored) so far: the number of the next batch. */
  batches: number;
  /** The last settled batch: its number, the table's total after it, and its hits. */
  settled?: { batch: number; total: number; size: number };
};

/** Where one hit sits: the batch that will carry it and its place among that batch's hits (1-based). */
export type HitTicket = { batch: number; position: number };

/**
 * The count of a hit once its batch has settled: its place in the table's order (the total after the batch,
 * less the batch's hits after it). Undefined when its batch has not settled (failed, or still under way): the
 * caller then uses the entry's count.
 */
export function settledCount(entry: BatchedCount, ticket: HitTicket): number | undefined {
  const settled = entry.settled;
  if (!settled || settled.batch !== ticket.batch) return undefined;
  return settled.total - settled.size + ticket.position;
}

/** The hits of one flush, as the three columns of `unnest(text[], bigint[], int[])`. */
export type FlushBatch = { keys: string[]; starts: number[]; hits: number[]; entries: BatchedCount[] };

/** A row the flush returns: the table's total for one key and window after the flush. */
export type FlushedRow = { key: string; window_start: number | string; hits: number | string };

/** The count a request sees: the table's total as last known plus this instance's hits not yet in it. */
export const countOf = (entry: BatchedCount): number => entry.sharedKnown + entry.inFlight + entry.pending;

const entryId = (key: string, start: number) => `${start} ${key}`;

/**
 * The per-(key, window) counts of an instance that counts locally and flushes to the shared table in batches.
 * At most `maxKeys` entries: past it the oldest entry goes (its unflushed hits with it), so a flood of new clients
 * between two flushes cannot grow it without bound.
 */
export class BatchedWindowCounts {
  private readonly entries = new Map<string, BatchedCount>();
  /** The entries with pending hits: what the next flush sends. */
  private readonly dirty = new Set<BatchedCount>();
  private unflushedHits = 0;

  constructor(private readonly maxKeys = 50_000) {}

  /** Counts one hit; answers the key's entry and the request's count. */
  hit(key: string, windowMs: number, now: number): { entry: BatchedCount; count: RateLimitCount; ticket: HitTicket } {
    const { start, ttl } = fixedWindow(now, windowMs);
    const id = entryId(key, start);
    let entry = this.entries.get(id);
    if (!entry) {
      while (this.entries.size >= this.maxKeys) {
        const oldest = this.entries.entries().next().value;
        if (oldest === undefined) break;
        this.forget(oldest[0], oldest[1]);
      }
      entry = {
        key,
        start,
        end: now + ttl,
        sharedKnown: 0,
        inFlight: 0,
        pending: 0,
        knownAt: Number.NEGATIVE_INFINITY,
        batches: 0,
      };
      this.entries.set(id, entry);
    }
    entry.pending += 1;
    this.unflushedHits += 1;
    this.dirty.add(entry);
    return {
      entry,
      count: { current: countOf(entry), ttl },
      ticket: { batch: entry.batches, position: entry.pending },
    };
  }

  /**
   * Moves every pending hit into one batch (now in flight), except those of windows that have ended: no request
   * counts them again, so they are dropped unsent.
   */
  take(now: number): FlushBatch {
    const batch: FlushBatch = { keys: [], starts: [], hits: [], entries: [] };
    for (const entry of this.dirty) {
      this.dirty.delete(entry);
      if (entry.pending === 0) continue;
      if (entry.end <= now) {
        this.unflushedHits -= entry.pending;
        entry.pending = 0;
        continue;
      }
      entry.inFlight = entry.pending;
      entry.pending = 0;
      entry.batches += 1;
      batch.keys.push(entry.key);
      batch.starts.push(entry.start);
      batch.hits.push(entry.inFlight);
      batch.entries.push(entry);
    }
    return batch;
  }

  /**
   * The flush succeeded: each entry learns the table's total (which holds its flushed hits). Throws, changing
   * nothing, when a row of the batch is missing from the answer.
   */
  settle(batch: FlushBatch, rows: readonly FlushedRow[], now: number): void {
    const totals = new Map<string, number>();
    for (const row of rows) totals.set(entryId(row.key, Number(row.window_start)), Number(row.hits));
    const learned = batch.entries.map((entry) => {
      const total = totals.get(entryId(entry.key, entry.start));
      if (total === undefined || !Number.isSafeInteger(total) || total < entry.inFlight) {
        throw new Error(`The rate-limit flush returned no valid total for "${entry.key}" at ${entry.start}`);
      }
      return total;
    });
    batch.entries.forEach((entry, i) => {
      const total = learned[i] as number;
      entry.settled = { batch: entry.batches - 1, total, size: entry.inFlight };
      entry.sharedKnown = Math.max(entry.sharedKnown, total);
      entry.knownAt = now;
      this.unflushedHits -= entry.inFlight;
      entry.inFlight = 0;
    });
  }

  /**
   * The flush failed: its hits are pending again (counted locally, sent with the next flush). The places of the
   * pending hits are lost (the batch number moves on), so their requests use the entry's count.
   */
  restore(batch: FlushBatch): void {
    for (const entry of batch.entries) {
      entry.batches += 1;
      entry.pending += entry.inFlight;
      entry.inFlight = 0;
      if (entry.pending > 0) this.dirty.add(entry);
    }
  }

  /** Forgets the entries of windows that ended before `now` and have nothing in flight. */
  prune(now: number): void {
    for (const [id, entry] of this.entries) if (entry.end <= now && entry.inFlight === 0) this.forget(id, entry);
  }

  /** This instance's hits not yet in the table (pending and in flight). */
  get unflushed(): number {
    return this.unflushedHits;
  }

  get size(): number {
    return this.entries.size;
  }

  private forget(id: string, entry: BatchedCount): void {
    this.entries.delete(id);
    this.dirty.delete(entry);
    this.unflushedHits -= entry.pending + entry.inFlight;
    entry.pending = 0;
    // An entry in flight settles or restores on its own object, no longer counted here.
    entry.inFlight = 0;
  }
}
