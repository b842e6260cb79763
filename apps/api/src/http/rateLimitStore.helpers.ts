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
