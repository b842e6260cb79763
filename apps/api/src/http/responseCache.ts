/**
 * Serialized responses kept for a short time and dropped whenever a sync writes, so repeated reads of
 * the same page cost no database query. Each API instance keeps its own; the TTL bounds staleness across
 * instances.
 */
export class ResponseCache {
  readonly #entries = new Map<string, { body: string; expires: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;

  constructor(ttlMs: number, maxEntries = 1000) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
  }

  get(key: string): string | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.body;
  }

  set(key: string, body: string): void {
    if (this.#ttlMs <= 0) return;
    if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
    this.#entries.set(key, { body, expires: Date.now() + this.#ttlMs });
  }

  /** Drops everything: called after each sync write. */
  clear(): void {
    this.#entries.clear();
  }
}
