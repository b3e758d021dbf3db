/**
 * @module sqlite-vec's cosine distance, computed in JS over sparse vectors. vec0 (`distance_cosine_float` in
 * sqlite-vec.c) sums `a[i]*b[i]`, `a[i]*a[i]` and `b[i]*b[i]` in float32, i ascending, then returns
 * `1 - dot / (sqrt(aMag) * sqrt(bMag))` in double, rounded to float32. A zero term leaves a float32 sum unchanged, so
 * summing only the dimensions where both are non-zero, in ascending order, with each operation rounded to float32
 * (exact: double rounding is innocuous for float32 operands), gives the very same distance. Hashing embeddings have a
 * few hundred non-zeros in 4,096 dimensions, so a query costs microseconds instead of a scan of every float.
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
export class SparseCosine {
  private readonly items = new Map<string, Sparse>();
  private nonZeros = 0;
  private dims = 0;

  set(id: string, vector: Vector): void {
    const old = this.items.get(id);
    if (old) this.nonZeros -= old.index.length;
    const s = sparse(vector);
    this.items.set(id, s);
    this.nonZeros += s.index.length;
    this.dims = vector.length;
  }

  clear(): void {
    this.items.clear();
    this.nonZeros = 0;
  }

  get size(): number {
    return this.items.size;
  }

  /**
   * Every item's distance to `query`, in no particular order; null when sparse evaluation does not pay (dense vectors)
   * or cannot match sqlite-vec exactly (a zero or non-finite stored vector, whose distance is NaN there).
   */
  distances(query: Vector): { id: string; distance: number }[] | null {
    if (this.items.size === 0) return [];
    if (this.nonZeros > 0.25 * this.items.size * this.dims) return null;
    const q = sparse(query);
    const qRoot = Math.sqrt(q.magnitude);
    const out: { id: string; distance: number }[] = [];
    for (const [id, item] of this.items) {
      if (!(item.magnitude > 0) || !Number.isFinite(item.magnitude)) return null;
      let dot = 0;
      let i = 0;
      let j = 0;
      const a = item.index;
      const b = q.index;
      while (i < a.length && j < b.length) {
        const ai = a[i]!;
        const bj = b[j]!;
        if (ai === bj) {
          dot = f32(dot + f32(item.value[i]! * q.value[j]!));
          i++;
          j++;
        } else if (ai < bj) i++;
        else j++;
      }
      out.push({ id, distance: f32(1 - dot / (Math.sqrt(item.magnitude) * qRoot)) });
    }
    return out;
  }
}
