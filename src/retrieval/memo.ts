/** @module A bounded memo for pure string functions on retrieval's hot paths (stems, feature hashes). */

/** Remembers `compute(key)` per key; forgets everything once it holds `limit` entries, so it cannot grow without bound. */
export class BoundedMemo<V> {
  private readonly map = new Map<string, V>();
  constructor(
    private readonly compute: (key: string) => V,
    private readonly limit: number,
  ) {}

  get(key: string): V {
    let value = this.map.get(key);
    if (value === undefined) {
      if (this.map.size >= this.limit) this.map.clear();
      value = this.compute(key);
      this.map.set(key, value);
    }
    return value;
  }
}
