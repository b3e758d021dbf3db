/**
 * @module The source blocks of the workflow prediction prompt (J.9 `{doc_ids_block}`, `{findings_text}`,
 * `{sources_reference}`), built from the citation registry within a character budget. Real source ids never reach
 * the prompt (artifact ids name their role); the model sees `src_N`, titles, types, apps and paths.
 */
import type { CitationRegistry, RegisteredSource } from "./citations.ts";
import type { ResearchContext } from "./context.ts";
import type { EvidenceSide, RetrievedFinding } from "./findings.ts";
import { cutAtSentence, GAP, joinPieces, type Piece, showRepeatsOnce } from "./passages.ts";
import { fairShares } from "./text.ts";

/** A piece of evidence for the prompt: text from one registered source. */
export type EvidencePiece = {
  sourceId: string;
  text: string /** Position in the source (chunk ordinal). */;
  order?: number;
};

export type WorkflowSources = {
  docIdsBlock: string;
  findingsText: string;
  sourcesReference: string;
  /** Keys of the sources shown, in order. */
  shown: string[];
};

/** Default character budget of the evidence in the J.9 prompt (≈ 40k tokens). */
export const DEFAULT_EVIDENCE_CHARS = 160_000;

function describe(s: RegisteredSource): string {
  const where = s.app === "web" ? s.path : `${s.app}: ${s.path}`;
  return `${s.title} (${s.type}; ${where})`;
}

/** `n thing(s)`. */
function count(n: number, thing: string): string {
  return `${n} ${thing}${n === 1 ? "" : "s"}`;
}

/**
 * Documents' texts within a budget, shared fairly (short ones whole, long ones cut after a whole sentence, saying
 * how much was left out), and the line that says which passages the request carries.
 */
function fitDocuments(texts: readonly string[], budgetChars: number): { texts: string[]; cut: number } {
  const shares = fairShares(
    texts.map((t) => t.length),
    budgetChars,
  );
  let cut = 0;
  const out = texts.map((t, i) => {
    if (t.length <= shares[i]!) return t;
    cut += 1;
    return cutAtSentence(t, shares[i]!);
  });
  return { texts: out, cut };
}

/** Rounds of the search for the share that fills the budget once repeats are markers (each halves the interval). */
const FILL_ROUNDS = 12;

/**
 * `fitDocuments`, then every repeated paragraph shown once (`showRepeatsOnce`), with the budget filled by what is
 * shown: a company corpus repeats paragraphs across documents, and their markers are far shorter than the copies, so
 * the shares are those of the largest budget (found by bisection; `budget`) whose shown text (`length` characters)
 * still fits `budgetChars`.
 */
export function fitShowingRepeatsOnce(
  labels: readonly string[],
  texts: readonly string[],
  budgetChars: number,
): { fitted: { texts: string[]; cut: number }; texts: string[]; length: number; budget: number } {
  const attempt = (budget: number) => {
    const fitted = fitDocuments(texts, budget);
    const shown = showRepeatsOnce(fitted.texts.map((text, i) => ({ label: labels[i]!, text })));
    return { fitted, texts: shown, length: shown.reduce((n, t) => n + t.length, 0), budget };
  };
  let best = attempt(budgetChars);
  const total = texts.reduce((n, t) => n + t.length, 0);
  if (best.fitted.cut === 0 || best.length > budgetChars) return best;
  let low = budgetChars;
  let high = total;
  for (let round = 0; round < FILL_ROUNDS && high - low > 1; round++) {
    const mid = Math.floor((low + high) / 2);
    const next = attempt(mid);
    if (next.length <= budgetChars) {
      best = next;
      low = mid;
    } else high = mid;
  }
  return best;
}

/** Which passages a request shows: all found, or what was left out, so nothing goes missing silently. */
function carriedLine(passages: number, documents: number, what: string, cut: number): string {
  const all = `All ${count(passages, `${what}passage`)} found so far, from ${count(documents, "document")}, each document's passages in its own order; "${GAP}" marks text between them that was not retrieved`;
  return cut > 0 ? `(${all}. ${count(cut, "document")} cut for length, as marked.)` : `(${all}.)`;
}

/** A found passage: `read` when a read action brought it (no search returned it). */
type FoundPiece = Piece & { read: boolean };

/** Findings grouped by document, in the order first found: each document's passages joined in its own order. */
function foundDocuments(
  found: readonly RetrievedFinding[],
): { id: string; title: string; path: string; side: EvidenceSide; pieces: FoundPiece[]; text: string }[] {
  const byDoc = new Map<string, { title: string; path: string; side: EvidenceSide; pieces: FoundPiece[] }>();
  for (const f of found) {
    const entry = byDoc.get(f.hit.documentId) ?? {
      title: f.hit.title,
      path: f.hit.path,
      side: f.side,
      pieces: [],
    };
    entry.pieces.push({ text: f.hit.text, order: chunkOrdinal(f.hit.chunkId), read: f.read === true });
    byDoc.set(f.hit.documentId, entry);
  }
  return [...byDoc].map(([id, d]) => ({ id, ...d, text: joinPieces(d.pieces) }));
}

/**
 * Which passages of the found documents a digest shows within `budgetChars`. The documents are ranked: those a read
 * action read whole first (the latest first: what the model asked to read is what the next request must show), then
 * the documents most central to the findings — the most distinct passages found in them (the documents several
 * searches led to), then the order first found. Passages are taken document by document in that rank, each
 * document's in its own order while they fit (the first that does not fit ends that document's turn), in up to three
 * rounds: when a document was read whole, first every document's searched passages within half the budget, then the
 * rest of the documents read whole, then what is left; otherwise one round. So a long document read whole (a policy
 * padded with other processes' chapters) never crowds out every other document's found passages, and a procedure
 * found by many searches never loses its passages to a distractor found once. What is left out is whole passages,
 * counted in a marker naming the document's path for `read_document`; a document none of whose passages fits is named
 * in the closing line. No passage is cut.
 */
function fitPassages(
  docs: readonly { id: string; path: string; title: string; pieces: readonly FoundPiece[] }[],
  budgetChars: number,
  readWhole: readonly string[] = [],
): {
  blocks: { title: string; path: string; text: string }[];
  cut: number;
  passagesLeftOut: number;
  omitted: string[];
} {
  const distinct = docs.map((d) =>
    [...new Map(d.pieces.map((p) => [p.order, p])).values()].sort((a, b) => a.order - b.order),
  );
  const readRank = (i: number) => {
    const r = readWhole.indexOf(docs[i]!.id);
    return r < 0 ? readWhole.length : r;
  };
  const ranked = docs
    .map((_, i) => i)
    .sort((a, b) => readRank(a) - readRank(b) || distinct[b]!.length - distinct[a]!.length || a - b);
  const chosen = docs.map(() => new Set<number>());
  const render = (i: number): string => {
    const all = distinct[i]!;
    const kept = all.filter((p) => chosen[i]!.has(p.order));
    const left = all.length - kept.length;
    if (left === 0) return joinPieces(kept);
    if (!readWhole.includes(docs[i]!.id))
      return `${joinPieces(kept)}\n[… ${count(left, "more passage")} of this document found, not shown for length: read_document reads it whole ("document": "${docs[i]!.path}")]`;
    const prefix = kept.every((p, k) => p === all[k]);
    const from = prefix ? `: from passage ${kept.length + 1} of ${all.length} on;` : ";";
    return `${joinPieces(kept)}\n[… ${count(left, "more passage")} of this document, read whole, not shown for length${from} they are among the findings the report is written from]`;
  };
  const cost = (i: number) =>
    chosen[i]!.size === 0 ? 0 : `### ${docs[i]!.title}\n`.length + render(i).length + 2;
  const costs = docs.map(() => 0);
  let spent = 0;
  /** Add `pieces` to document `i` if the total stays within `budget`; whether it did. */
  const take = (i: number, pieces: readonly FoundPiece[], budget: number): boolean => {
    for (const p of pieces) chosen[i]!.add(p.order);
    const next = cost(i);
    if (spent - costs[i]! + next > budget) {
      for (const p of pieces) chosen[i]!.delete(p.order);
      return false;
    }
    spent += next - costs[i]!;
    costs[i] = next;
    return true;
  };
  // A document's wanted passages all at once when they fit (its marker then not needed), else one by one.
  const round = (budget: number, wanted: (i: number, p: FoundPiece) => boolean) => {
    for (const i of ranked) {
      const open = distinct[i]!.filter((p) => !chosen[i]!.has(p.order) && wanted(i, p));
      if (open.length === 0 || take(i, open, budget)) continue;
      for (const p of open) if (!take(i, [p], budget)) break;
    }
  };
  const read = new Set(readWhole);
  if (docs.some((d) => read.has(d.id))) {
    round(Math.floor(budgetChars / 2), (_, p) => !p.read);
    round(budgetChars, (i) => read.has(docs[i]!.id));
  }
  round(budgetChars, () => true);
  const blocks: { title: string; path: string; text: string }[] = [];
  const omitted: string[] = [];
  let cut = 0;
  let passagesLeftOut = 0;
  for (const i of ranked) {
    const left = distinct[i]!.length - chosen[i]!.size;
    passagesLeftOut += left;
    if (chosen[i]!.size === 0) {
      omitted.push(docs[i]!.path);
      continue;
    }
    if (left > 0) cut += 1;
    blocks.push({ title: docs[i]!.title, path: docs[i]!.path, text: render(i) });
  }
  return { blocks, cut, passagesLeftOut, omitted };
}

type Fitted = ReturnType<typeof fitPassages>;
const used = (f: Fitted) => f.blocks.reduce((n, b) => n + b.title.length + b.text.length + 6, 0);

/**
 * Both sides within one budget, the company's documents first: the user's own files, chats and e-mails (where
 * conditions are resolved, one short passage each) get half of it first and the policies the rest, then the personal
 * side what the policies left — so a procedure found by many searches never crowds the user's evidence out.
 */
function fitBothSides(
  docs: ReturnType<typeof foundDocuments>,
  budgetChars: number,
  readWhole: readonly string[],
): Fitted {
  const policy = docs.filter((d) => d.side === "policy");
  const personal = docs.filter((d) => d.side === "personal");
  let mine = fitPassages(personal, Math.floor(budgetChars / 2), readWhole);
  const theirs = fitPassages(policy, budgetChars - used(mine), readWhole);
  if (mine.passagesLeftOut > 0) mine = fitPassages(personal, budgetChars - used(theirs), readWhole);
  return {
    blocks: [...theirs.blocks, ...mine.blocks],
    cut: theirs.cut + mine.cut,
    passagesLeftOut: theirs.passagesLeftOut + mine.passagesLeftOut,
    omitted: [...theirs.omitted, ...mine.omitted],
  };
}

/**
 * A digest of the findings of one side (J.7's `{findings_summary}`) or of both (DRBA's AAP), one block per document
 * (`### <title>`, its whole passages joined in document order), the documents with the most passages found first,
 * after a line saying which passages it carries.
 */
export function findingsDigest(
  rc: Pick<ResearchContext, "findings">,
  side: "policy" | "personal" | "all",
  budgetChars: number,
): string {
  const found = side === "all" ? rc.findings.all() : rc.findings.bySide(side);
  if (found.length === 0) return "(nothing found yet)";
  const docs = foundDocuments(found);
  const readWhole = rc.findings.readWhole();
  const fitted =
    side === "all" ? fitBothSides(docs, budgetChars, readWhole) : fitPassages(docs, budgetChars, readWhole);
  const what = side === "all" ? "" : `${side} `;
  const passages = docs.reduce((n, d) => n + new Set(d.pieces.map((p) => p.order)).size, 0);
  const read = new Set(readWhole).size > 0 && docs.some((d) => readWhole.includes(d.id));
  const first = read
    ? "the documents read whole with read_document (the latest first), then those"
    : "the documents";
  const order =
    side === "all"
      ? `the company's documents first, then the user's own files, chats and e-mails, each side's ${first.replace("the documents", "documents")} with the most passages found first`
      : `${first} with the most passages found first`;
  const all = `All ${count(passages, `${what}passage`)} found so far, from ${count(docs.length, "document")}, ${order}, each document's passages whole and in its own order; "${GAP}" marks text between them that was not retrieved`;
  const leftOut = fitted.cut + fitted.omitted.length;
  const line =
    fitted.passagesLeftOut > 0
      ? `(${all}. shown: ${passages - fitted.passagesLeftOut} of them; ${count(fitted.passagesLeftOut, "passage")} of ${count(leftOut, "document")} left out for length, as marked.)`
      : `(${all}.)`;
  const closing = fitted.omitted.length
    ? [
        `[… ${count(fitted.omitted.length, "more document")} found, not shown for length (found least often); read_document reads one whole: ${fitted.omitted.map((p) => `"${p}"`).join(", ")}]`,
      ]
    : [];
  // Two documents may share a title: the path tells them apart (and is what read_document takes).
  const titles = fitted.blocks.map((b) => b.title);
  const label = (b: { title: string; path: string }) =>
    titles.indexOf(b.title) === titles.lastIndexOf(b.title) ? `"${b.title}"` : `"${b.title}" (${b.path})`;
  const texts = showRepeatsOnce(fitted.blocks.map((b) => ({ label: label(b), text: b.text })));
  const blocks = fitted.blocks.map((b, i) => {
    const heading =
      titles.indexOf(b.title) === titles.lastIndexOf(b.title) ? b.title : `${b.title} (${b.path})`;
    return `### ${heading}\n${texts[i]}`;
  });
  return [line, ...blocks, ...closing].join("\n\n");
}

/** Which whole documents a J.9 prompt carries: every document of the environment (Basic), or every one found. */
export type WholeDocuments = "environment" | "found";

/** Render the three J.9 source slots. Pieces of one source are joined in document order; sources appear in key order. */
export function renderSources(
  registry: CitationRegistry,
  pieces: readonly EvidencePiece[],
  budgetChars: number,
  found?: { passages: number; documents: number },
  /** The pieces are whole documents, of the whole environment (Basic) or of every document found: the line says so. */
  whole: WholeDocuments | false = false,
): WorkflowSources {
  const grouped = new Map<string, Piece[]>();
  for (const p of pieces) {
    const s = registry.resolve(p.sourceId);
    if (!s || !p.text.trim()) continue;
    const list = grouped.get(s.key) ?? [];
    if (!list.some((q) => q.text === p.text)) list.push({ text: p.text, order: p.order ?? 0 });
    grouped.set(s.key, list);
  }
  const shown = registry.entries().filter((s) => grouped.has(s.key));
  const { fitted, texts } = fitShowingRepeatsOnce(
    shown.map((s) => `[${s.key}]`),
    shown.map((s) => joinPieces(grouped.get(s.key)!)),
    budgetChars,
  );
  const docIds = shown.map((s) => `- ${s.key}: ${describe(s)}`);
  const contents = shown.map((s, i) => `=== [${s.key}] ${describe(s)} ===\n${texts[i]}`);
  const reference = shown.map(
    (s) =>
      `- ${s.key}: type=${s.type}; title=${s.title}; author=${s.author || "unknown"}; date=${s.date || "unknown"}`,
  );
  const shownPassages = [...grouped.values()].reduce((n, list) => n + list.length, 0);
  const carried = whole
    ? `(${whole === "environment" ? "Every document of the environment" : "Every document found so far"}, whole: ${count(shown.length, "document")}${fitted.cut ? `; ${count(fitted.cut, "document")} cut for length, as marked` : ""}.)`
    : found && (found.passages > shownPassages || found.documents > shown.length)
      ? `(${count(shownPassages, "passage")} from ${count(shown.length, "document")} of the ${count(found.passages, "passage")} from ${count(found.documents, "document")} found: the ones most relevant to the question, for length; "${GAP}" marks text between passages that was not retrieved${fitted.cut ? `; ${count(fitted.cut, "document")} cut for length, as marked` : ""}.)`
      : carriedLine(shownPassages, shown.length, "", fitted.cut);
  return {
    docIdsBlock: docIds.join("\n") || "(no sources found)",
    findingsText: contents.length ? `${carried}\n\n${contents.join("\n\n")}` : "(no documents retrieved)",
    sourcesReference: reference.join("\n") || "(none)",
    shown: shown.map((s) => s.key),
  };
}

/** The ordinal of a chunk id `<document>#<n>` (0 when it has none). */
export function chunkOrdinal(chunkId: string): number {
  const m = /#(\d+)$/.exec(chunkId);
  return m ? Number(m[1]) : 0;
}

/**
 * The evidence for workflow generation from the session (J.8 phase one): every document found, whole, when they fit
 * the budget (`whole: "found"`); else every retrieved chunk when those fit; otherwise the chunks the findings store
 * ranks highest for the question and the given focus queries (e.g. intermediate workflow steps), taken round-robin
 * so every query gets its share.
 */
export async function sessionEvidence(
  rc: ResearchContext,
  focus: readonly string[],
  budgetChars: number,
): Promise<{ pieces: EvidencePiece[]; whole: WholeDocuments | false }> {
  const whole = await foundWhole(rc, budgetChars);
  if (whole) return { pieces: whole, whole: "found" };
  return { pieces: await foundPassages(rc, focus, budgetChars), whole: false };
}

/**
 * Every document the session found, whole, when together they fit the budget (null otherwise): a found document's
 * other passages are one read away, and the passage a search missed is often the one that resolves a condition (a
 * case note's second paragraph, a policy's decision table) — Basic, reading every document, never misses it.
 */
async function foundWhole(rc: ResearchContext, budgetChars: number): Promise<EvidencePiece[] | null> {
  const found = rc.findings.all();
  const ids = [...new Set(found.map((f) => f.hit.documentId))];
  const pieces: EvidencePiece[] = [];
  for (const id of ids) {
    const chunks = await rc.chunksOf(id);
    // A document the environment cannot read whole (a web page) brings the passages found of it.
    if (chunks.length > 0) for (const c of chunks) pieces.push({ sourceId: id, text: c.text, order: c.ord });
    else
      for (const f of found.filter((x) => x.hit.documentId === id))
        pieces.push({ sourceId: id, text: f.hit.text, order: chunkOrdinal(f.hit.chunkId) });
  }
  const total = pieces.reduce((n, p) => n + p.text.length, 0);
  if (total > budgetChars) return null;
  if (pieces.length > found.length)
    rc.tracer.note(
      `report evidence: the ${ids.length} documents found, whole (${pieces.length - found.length} passage(s) no search returned added; ${total.toLocaleString("en-US")} of ${budgetChars.toLocaleString("en-US")} characters)`,
    );
  return pieces;
}

/** The found passages within the budget (J.8 phase one): all when they fit, else the most relevant (see `sessionEvidence`). */
async function foundPassages(
  rc: ResearchContext,
  focus: readonly string[],
  budgetChars: number,
): Promise<EvidencePiece[]> {
  const all = rc.findings.all();
  const total = all.reduce((n, f) => n + f.hit.text.length, 0);
  const toPiece = (f: RetrievedFinding): EvidencePiece => ({
    sourceId: f.hit.documentId,
    text: f.hit.text,
    order: chunkOrdinal(f.hit.chunkId),
  });
  if (total <= budgetChars) return all.map(toPiece);
  const queries = [rc.question, ...focus];
  const ranked = await Promise.all(queries.map((q) => rc.findings.search(q, 40)));
  // One relevance order: round-robin over the queries' rankings, so every query gets its share.
  const order: RetrievedFinding[] = [];
  for (let rank = 0; rank < 40; rank++) {
    for (const list of ranked) {
      const f = list[rank];
      if (f?.kind === "retrieved" && !order.includes(f)) order.push(f);
    }
  }
  for (const f of all) if (!order.includes(f)) order.push(f);
  // A document read whole at the model's request comes ahead of passages ranked for relevance (the latest read first).
  const readWhole = rc.findings.readWhole();
  const rank = (f: RetrievedFinding) => {
    const r = readWhole.indexOf(f.hit.documentId);
    return r < 0 ? readWhole.length : r;
  };
  order.sort((a, b) => rank(a) - rank(b));
  // Both sides get half the budget first (policy for the generic workflow, personal for its resolution);
  // what one side leaves unused goes to the best remaining findings of either side.
  const chosen = new Map<string, RetrievedFinding>();
  let used = 0;
  const take = (f: RetrievedFinding, cap: number) => {
    if (chosen.has(f.id) || used + f.hit.text.length > cap) return;
    chosen.set(f.id, f);
    used += f.hit.text.length;
  };
  for (const side of ["policy", "personal"] as const) {
    let sideUsed = 0;
    for (const f of order) {
      if (f.side !== side || chosen.has(f.id) || sideUsed + f.hit.text.length > budgetChars / 2) continue;
      take(f, budgetChars);
      sideUsed += f.hit.text.length;
    }
  }
  for (const f of order) take(f, budgetChars);
  // Keep discovery order for readability.
  return all.filter((f) => chosen.has(f.id)).map(toPiece);
}
