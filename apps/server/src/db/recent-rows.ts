/**
 * Rows read moments ago, kept for a short while so that a hot read (the session behind every signed-in
 * request, the profile behind every page) does not reach the database each time.
 *
 * What it guarantees: an entry is never older than `ttlMs`, so another server process's change shows
 * within that time; in this process, `delete`/`clear` take effect at once, and a read that began before
 * a `clear` cannot store what it read afterwards (the generation check below). Time is the monotonic
 * clock, not the app's clock: this is about freshness of a copy, not about business time.
 */
export class RecentRows<K, V> {
  readonly #entries = new Map<K, { value: V; storedAt: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  #generation = 0;

  constructor({ ttlMs, maxEntries, now = () => performance.now() }: RecentRowsOptions) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
    this.#now = now;
  }

  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.#now() - entry.storedAt >= this.#ttlMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Take it before reading from the database; pass it to `set`. */
  get generation(): number {
    return this.#generation;
  }

  /** Stores `value` unless the cache was cleared since `generation` was taken (the read may be stale). */
  set(key: K, value: V, generation: number): void {
    if (generation !== this.#generation) return;
    this.#entries.delete(key);
    // A Map iterates in insertion order: the first key is the oldest one.
    if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value as K);
    this.#entries.set(key, { value, storedAt: this.#now() });
  }

  /** Replaces the value of an entry still held, keeping its age (this process wrote the change). */
  update(key: K, change: (value: V) => V): void {
    const entry = this.#entries.get(key);
    if (entry) entry.value = change(entry.value);
  }

  delete(key: K): void {
    this.#entries.delete(key);
    this.#generation++;
  }

  clear(): void {
    this.#entries.clear();
    this.#generation++;
  }

  get size(): number {
    return this.#entries.size;
  }
}

export interface RecentRowsOptions {
  ttlMs: number;
  maxEntries: number;
  /** Milliseconds from a monotonic clock; tests pass their own. */
  now?: () => number;
}
