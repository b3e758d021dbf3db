/**
 * @module sqlite-vec's cosine distance, computed in JS over sparse vectors. vec0 (`distance_cosine_float` in
 * sqlite-vec.c) sums `a[i]*b[i]`, `a[i]*a[i]` and `b[i]*b[i]` in float32, i ascending, then returns
 * `1 - dot / (sqrt(aMag) * sqrt(bMag))` in double, rounded to float32. A zero term leaves a float32 sum unchanged, so
 * summing only the dimensions where both are non-zero, in ascending order, with each operation rounded to float32
 * (exact: double rounding is innocuous for float32 operands), gives the very same distance. Hashing embeddings have a
 * few hundred non-zeros in 4,096 dimensions, so a query costs microseconds instead of a scan of every float.
 *
 * Queries go through an inverted index (per dimension, the items non-zero there, rebuilt after changes): visiting the
 * query's dimensions in ascending order adds each item's terms in the same order as a merge of the two index lists,
 * so the float32 sums, and the distances, are the same; an item sharing no dimension with the query has dot 0.
 */
const f32 = Math.fround;

/** A vector as stored or queried: the embedder's numbers, or the float32 values read back from vec0. */
type Vector = ArrayLike<number>;

type Sparse = { index: Int32Array; value: Float32Array; magnitude: number };

function sparse(vector: Vector): Sparse {
  let n = 0;
  for (let i = 0; i < vector.length; i++) if (f32(vector[i]!) !== 0) n++;
  const index = new Int32Array(n);
  const value = new Float32Array(n);
  let magnitude = 0;
  for (let i = 0, j = 0; i < vector.length; i++) {
    const v = f32(vector[i]!);
    if (v === 0) continue;
    index[j] = i;
    value[j] = v;
    magnitude = f32(magnitude + f32(v * v));
    j++;
  }
  return { index, value, magnitude };
}

/** Vectors by id, with the exact cosine distance sqlite-vec would compute to any query. */
/** Per dimension, the items non-zero there (by position in `ids`) and their values. */
type Postings = {
  ids: string[];
  magnitudes: Float64Array;
  start: Int32Array;
  item: Int32Array;
  value: Float32Array;
};

export class SparseCosine {
  private readonly items = new Map<string, Sparse>();
  private nonZeros = 0;
  private dims = 0;
  private postings: Postings | null = null;

  set(id: string, vector: Vector): void {
    const old = this.items.get(id);
    if (old) this.nonZeros -= old.index.length;
    const s = sparse(vector);
    this.items.set(id, s);
    this.nonZeros += s.index.length;
    this.dims = vector.length;
    this.postings = null;
  }

  clear(): void {
    this.items.clear();
    this.nonZeros = 0;
    this.postings = null;
  }

  private index(): Postings {
    if (this.postings) return this.postings;
    const ids = [...this.items.keys()];
    const magnitudes = new Float64Array(ids.length);
    const count = new Int32Array(this.dims + 1);
    for (const s of this.items.values()) for (const d of s.index) count[d + 1]!++;
    const start = new Int32Array(this.dims + 1);
    for (let d = 0; d < this.dims; d++) start[d + 1] = start[d]! + count[d + 1]!;
    const fill = start.slice();
    const item = new Int32Array(this.nonZeros);
    const value = new Float32Array(this.nonZeros);
    ids.forEach((id, i) => {
      const s = this.items.get(id)!;
      magnitudes[i] = s.magnitude;
      for (let k = 0; k < s.index.length; k++) {
        const at = fill[s.index[k]!]!++;
        item[at] = i;
        value[at] = s.value[k]!;
      }
    });
    this.postings = { ids, magnitudes, start, item, value };
    return this.postings;
  }

  /** Every item's distance to `query`, positionally with `ids` (insertion order); null when `distances` is. */
  distanceArray(query: Vector): { ids: readonly string[]; distances: Float64Array } | null {
    if (this.items.size === 0) return { ids: [], distances: new Float64Array(0) };
    if (this.nonZeros > 0.25 * this.items.size * this.dims) return null;
    const p = this.index();
    for (let i = 0; i < p.ids.length; i++) {
      const m = p.magnitudes[i]!;
      if (!(m > 0) || !Number.isFinite(m)) return null;
    }
    const q = sparse(query);
    const qRoot = Math.sqrt(q.magnitude);
    // a Float32Array stores every partial sum rounded to float32, as f32(dot + f32(a * b)) does
    const dot = new Float32Array(p.ids.length);
    for (let j = 0; j < q.index.length; j++) {
      const d = q.index[j]!;
      if (d >= this.dims) continue;
      const qv = q.value[j]!;
      for (let at = p.start[d]!, end = p.start[d + 1]!; at < end; at++) {
        const i = p.item[at]!;
        dot[i] = dot[i]! + f32(p.value[at]! * qv);
      }
    }
    const distances = new Float64Array(p.ids.length);
    for (let i = 0; i < p.ids.length; i++)
      distances[i] = f32(1 - dot[i]! / (Math.sqrt(p.magnitudes[i]!) * qRoot));
    return { ids: p.ids, distances };
  }

  get size(): number {
    return this.items.size;
  }

  /**
   * Every item's distance to `query`, in no particular order; null when sparse evaluation does not pay (dense vectors)
   * or cannot match sqlite-vec exactly (a zero or non-finite stored vector, whose distance is NaN there).
   */
  distances(query: Vector): { id: string; distance: number }[] | null {
    const all = this.distanceArray(query);
    return all ? all.ids.map((id, i) => ({ id, distance: all.distances[i]! })) : null;
  }
}
