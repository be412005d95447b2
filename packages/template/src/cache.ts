/**
 * A bounded cache that drops the least recently used entries when full.
 *
 * A hit only stamps the entry: moving it to the end of a `Map` (delete + set) is slow on a large map in V8,
 * slower than resolving a template. When an insert would exceed the capacity, the oldest tenth of the entries
 * (at least one) is dropped in one pass, so eviction costs a little per insert on average.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; used: number }>();
  private clock = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`cacheSize must be a whole number of at least 1, got ${capacity}`);
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const e = this.entries.get(key);
    if (e === undefined) return undefined;
    e.used = ++this.clock;
    return e.value;
  }

  set(key: K, value: V): void {
    const e = this.entries.get(key);
    if (e !== undefined) {
      e.value = value;
      e.used = ++this.clock;
      return;
    }
    if (this.entries.size >= this.capacity) this.evict();
    this.entries.set(key, { value, used: ++this.clock });
  }

  clear(): void {
    this.entries.clear();
  }

  private evict(): void {
    const count = Math.max(1, Math.floor(this.capacity / 10));
    const stamps = [...this.entries.values()].map((e) => e.used).sort((a, b) => a - b);
    const threshold = stamps[count - 1]!;
    for (const [key, e] of this.entries) if (e.used <= threshold) this.entries.delete(key);
  }
}
