/**
 * @module A small seeded PRNG (mulberry32) with forkable streams; never Math.random. A stream's state comes from its
 * origin string: FNV-1a by default, SHA-256 for a keyed stream (`Rng.keyed`), whose forks then cannot be derived from
 * one another without the origin (which holds a suite's secret).
 */
import { createHash } from "node:crypto";

/** FNV-1a 32-bit hash of a string: turns labels and seeds into PRNG states. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The first 32 bits of SHA-256 of a string. */
function sha32(text: string): number {
  return createHash("sha256").update(text).digest().readUInt32BE(0);
}

/** A deterministic random stream. `fork(label)` derives an independent stream, so edits in one place do not shift another. */
export class Rng {
  private state: number;
  private readonly origin: string;
  private readonly isKeyed: boolean;

  constructor(seed: number | string, keyed = false) {
    this.origin = String(seed);
    this.isKeyed = keyed;
    this.state = (keyed ? sha32(this.origin) : hash32(this.origin)) || 0x9e3779b9;
  }

  /**
   * A stream whose state and every fork's state are SHA-256 of the origin: with a secret in the origin, draws an agent
   * observes (one fork's) tell nothing about another fork, nor the seed. FNV-1a's 32-bit running state would: every
   * fork `origin/label` follows from the 32 bits after `origin`, a search of 2^32.
   */
  static keyed(origin: string): Rng {
    return new Rng(origin, true);
  }

  /**
   * The stream of a suite's draws from `origin`: keyed, with the suite's secret in its origin, when the suite has one
   * (then no draw an agent observes leads to the seed or to another draw); the plain stream when it has none, so a
   * suite generated without a secret is reproduced as it always was.
   */
  static suite(origin: string, secret = ""): Rng {
    return secret ? Rng.keyed(`${origin}\n${secret}`) : new Rng(origin);
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("Rng.pick: expected a non-empty list");
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  /** `n` distinct items (all of them when `n` exceeds the list). */
  sample<T>(items: readonly T[], n: number): T[] {
    return this.shuffle(items).slice(0, n);
  }

  /** An independent stream named by `label`, derived from this stream's origin (not its position). */
  fork(label: string): Rng {
    return new Rng(`${this.origin}/${label}`, this.isKeyed);
  }
}
