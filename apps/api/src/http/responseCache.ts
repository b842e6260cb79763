/** The default byte cap of a response cache: 32 MiB of serialized bodies. */
export const DEFAULT_CACHE_MAX_BYTES = 32 * 1024 * 1024;

type Entry = { body: string; bytes: number; expires: number };

/**
 * Serialized responses kept for `ttlMs` and dropped whenever a sync writes, so repeated reads of the same
 * page cost no database query. Bounded in bytes (UTF-8 size of the bodies): the least recently used entries
 * go first, and a body larger than the whole cap is never stored. Concurrent misses of one key share one
 * build (one promise in flight per key), so a burst of requests after an expiry or a clear builds once.
 * Each API instance keeps its own; the TTL bounds how stale an answer can be in another instance.
 * A TTL of 0 turns it off: every request builds its own answer.
 */
export class ResponseCache {
  /** In least-recently-used-first order (a Map keeps insertion order; a hit re-inserts its key). */
  readonly #entries = new Map<string, Entry>();
  readonly #inFlight = new Map<string, Promise<string>>();
  readonly #ttlMs: number;
  readonly #maxBytes: number;
  #bytes = 0;
  /** Bumped by `clear()`: a build that started before a clear is not stored after it. */
  #generation = 0;

  constructor(ttlMs: number, maxBytes = DEFAULT_CACHE_MAX_BYTES) {
    if (!Number.isFinite(ttlMs) || ttlMs < 0) throw new RangeError(`ttlMs must be 0 or more, got ${ttlMs}`);
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 0)
      throw new RangeError(`maxBytes must be a whole number of bytes, got ${maxBytes}`);
    this.#ttlMs = ttlMs;
    this.#maxBytes = maxBytes;
  }

  /** The UTF-8 bytes held by the stored bodies. */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): string | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expires <= Date.now()) {
      this.#bytes -= entry.bytes;
      return undefined;
    }
    this.#entries.set(key, entry);
    return entry.body;
  }

  set(key: string, body: string): void {
    if (this.#ttlMs <= 0) return;
    const bytes = Buffer.byteLength(body) + key.length;
    const previous = this.#entries.get(key);
    if (previous) {
      this.#entries.delete(key);
      this.#bytes -= previous.bytes;
    }
    if (bytes > this.#maxBytes) return;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes + bytes <= this.#maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
    this.#entries.set(key, { body, bytes, expires: Date.now() + this.#ttlMs });
    this.#bytes += bytes;
  }

  /**
   * The stored body of `key`, else the result of `build()`, stored. Concurrent calls for a key that is
   * being built wait for that one build (its failure reaches each of them, and nothing is stored).
   */
  async getOrBuild(key: string, build: () => Promise<string>): Promise<string> {
    if (this.#ttlMs <= 0) return build();
    const stored = this.get(key);
    if (stored !== undefined) return stored;
    const pending = this.#inFlight.get(key);
    if (pending) return pending;
    const generation = this.#generation;
    const promise = build().then(
      (body) => {
        if (this.#inFlight.get(key) === promise) this.#inFlight.delete(key);
        if (generation === this.#generation) this.set(key, body);
        return body;
      },
      (error: unknown) => {
        if (this.#inFlight.get(key) === promise) this.#inFlight.delete(key);
        throw error;
      },
    );
    this.#inFlight.set(key, promise);
    return promise;
  }

  /** Drops everything, and lets no build that is under way store its answer: called after each sync write. */
  clear(): void {
    this.#entries.clear();
    this.#inFlight.clear();
    this.#bytes = 0;
    this.#generation++;
  }
}
