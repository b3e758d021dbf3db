/** @module The Porter (1980) suffix-stripping stemmer, steps 1a–5b, for English words in lower case. */

const VOWELS = new Set(["a", "e", "i", "o", "u"]);

function isConsonant(w: string, i: number): boolean {
  const c = w[i]!;
  if (VOWELS.has(c)) return false;
  if (c === "y") return i === 0 ? true : !isConsonant(w, i - 1);
  return true;
}

/** m in [C](VC)^m[V]: the number of vowel–consonant sequences in `stem`. */
function measure(stem: string): number {
  let m = 0;
  let i = 0;
  const n = stem.length;
  while (i < n && isConsonant(stem, i)) i++;
  while (i < n) {
    while (i < n && !isConsonant(stem, i)) i++;
    if (i >= n) break;
    while (i < n && isConsonant(stem, i)) i++;
    m++;
  }
  return m;
}

function hasVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsDoubleConsonant(w: string): boolean {
  const n = w.length;
  return n >= 2 && w[n - 1] === w[n - 2] && isConsonant(w, n - 1);
}

/** *o: stem ends cvc where the last c is not w, x or y. */
function endsCvc(w: string): boolean {
  const n = w.length;
  if (n < 3) return false;
  if (!isConsonant(w, n - 1) || isConsonant(w, n - 2) || !isConsonant(w, n - 3)) return false;
  const last = w[n - 1]!;
  return last !== "w" && last !== "x" && last !== "y";
}

/** Replace `suffix` by `replacement` when the remaining stem has measure > `minMeasure`. */
function replaceIf(w: string, rules: [string, string][], minMeasure: number): string {
  for (const [suffix, replacement] of rules) {
    if (w.endsWith(suffix)) {
      const stem = w.slice(0, -suffix.length);
      return measure(stem) > minMeasure ? stem + replacement : w;
    }
  }
  return w;
}

const STEP2: [string, string][] = [
  ["ational", "ate"],
  ["tional", "tion"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["izer", "ize"],
  ["bli", "ble"],
  ["alli", "al"],
  ["entli", "ent"],
  ["eli", "e"],
  ["ousli", "ous"],
  ["ization", "ize"],
  ["ation", "ate"],
  ["ator", "ate"],
  ["alism", "al"],
  ["iveness", "ive"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["aliti", "al"],
  ["iviti", "ive"],
  ["biliti", "ble"],
  ["logi", "log"],
];
const STEP3: [string, string][] = [
  ["icate", "ic"],
  ["ative", ""],
  ["alize", "al"],
  ["iciti", "ic"],
  ["ical", "ic"],
  ["ful", ""],
  ["ness", ""],
];
const STEP4 = [
  "al",
  "ance",
  "ence",
  "er",
  "ic",
  "able",
  "ible",
  "ant",
  "ement",
  "ment",
  "ent",
  "ion",
  "ou",
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
];

/** Longest-match ordering for step 2/3 rule tables. */
function longestFirst(rules: [string, string][]): [string, string][] {
  return [...rules].sort((a, b) => b[0].length - a[0].length);
}
const STEP2_SORTED = longestFirst(STEP2);
const STEP3_SORTED = longestFirst(STEP3);
const STEP4_SORTED = [...STEP4].sort((a, b) => b.length - a.length);

/** Stems already computed: text repeats its words, and a large environment stems millions of tokens. */
const STEMS = new Map<string, string>();
/** The memo is dropped when it reaches this many words (a bound on memory, not a cache policy that matters). */
const STEM_LIMIT = 200_000;

/** The Porter stem of a lower-case word; words of one or two letters are returned unchanged. */
export function porterStem(word: string): string {
  if (word.length <= 2) return word;
  let stem = STEMS.get(word);
  if (stem === undefined) {
    if (STEMS.size >= STEM_LIMIT) STEMS.clear();
    stem = stemOf(word);
    STEMS.set(word, stem);
  }
  return stem;
}

function stemOf(word: string): string {
  let w = word;

  // Step 1a
  if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("ies")) w = w.slice(0, -2);
  else if (w.endsWith("ss")) {
    /* unchanged */
  } else if (w.endsWith("s")) w = w.slice(0, -1);

  // Step 1b
  let step1bExtra = false;
  if (w.endsWith("eed")) {
    if (measure(w.slice(0, -3)) > 0) w = w.slice(0, -1);
  } else if (w.endsWith("ed") && hasVowel(w.slice(0, -2))) {
    w = w.slice(0, -2);
    step1bExtra = true;
  } else if (w.endsWith("ing") && hasVowel(w.slice(0, -3))) {
    w = w.slice(0, -3);
    step1bExtra = true;
  }
  if (step1bExtra) {
    if (w.endsWith("at") || w.endsWith("bl") || w.endsWith("iz")) w += "e";
    else if (endsDoubleConsonant(w) && !/[lsz]$/.test(w)) w = w.slice(0, -1);
    else if (measure(w) === 1 && endsCvc(w)) w += "e";
  }

  // Step 1c
  if (w.endsWith("y") && hasVowel(w.slice(0, -1))) w = `${w.slice(0, -1)}i`;

  // Steps 2 and 3
  w = replaceIf(w, STEP2_SORTED, 0);
  w = replaceIf(w, STEP3_SORTED, 0);

  // Step 4
  for (const suffix of STEP4_SORTED) {
    if (!w.endsWith(suffix)) continue;
    const stem = w.slice(0, -suffix.length);
    if (measure(stem) > 1 && (suffix !== "ion" || /[st]$/.test(stem))) w = stem;
    break;
  }

  // Step 5a
  if (w.endsWith("e")) {
    const stem = w.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !endsCvc(stem))) w = stem;
  }
  // Step 5b
  if (measure(w) > 1 && endsDoubleConsonant(w) && w.endsWith("l")) w = w.slice(0, -1);
  return w;
}
