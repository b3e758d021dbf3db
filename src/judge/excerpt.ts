/**
 * @module An evidence excerpt that shows why: a window of a passage around its sentence closest to the claim (most
 * shared words), widened with its neighbours up to `max` characters, so a cut never stops before the matching sentence.
 */
import { segmentSentences } from "../retrieval/segment.ts";

const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);

/** At most `max` characters of `passage` around its sentence sharing most words with `claim`, "…" where cut. */
export function excerptAround(passage: string, claim: string, max: number): string {
  const flat = passage.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const sentences = segmentSentences(flat);
  const want = words(claim);
  let best = 0;
  let bestScore = -1;
  for (const [i, s] of sentences.entries()) {
    let shared = 0;
    for (const w of words(s)) if (want.has(w)) shared++;
    if (shared > bestScore) [best, bestScore] = [i, shared];
  }
  let from = best;
  let to = best + 1;
  const length = () => sentences.slice(from, to).join(" ").length;
  // Grow around the match, preceding context first, while it fits.
  for (let grew = true; grew; ) {
    grew = false;
    if (from > 0 && length() + sentences[from - 1]!.length + 1 <= max) [from, grew] = [from - 1, true];
    if (to < sentences.length && length() + sentences[to]!.length + 1 <= max) [to, grew] = [to + 1, true];
  }
  let text = sentences.slice(from, to).join(" ");
  if (text.length > max) text = `${text.slice(0, max - 1)}…`;
  return `${from > 0 ? "… " : ""}${text}${to < sentences.length && !text.endsWith("…") ? " …" : ""}`;
}
