/**
 * @module One batched judge question (drflow's `batched` protocol): many items in one request, each verdict read on its
 * own by the id it names. An item the reply leaves out, answers twice differently, or answers unreadably is asked once
 * more, in a request of just the items still open; still open after that, it is unscored with the reason — a batch
 * reply never turns a missing or unknown id into a score.
 */
import { z } from "zod";
import type { Answer } from "./ask.ts";
import type { Read } from "./replies.ts";
import { readJson } from "./replies.ts";

export type BatchSpec<Q, E> = {
  questions: readonly Q[];
  /** The id question `q` has in the prompt, which its entry in the reply must name. */
  idOf: (q: Q) => string;
  /** The reply's list field: `{ "<list>": [ entry, … ] }`. */
  list: string;
  entry: z.ZodType<E>;
  /** The entry field naming the question it answers (`pred_item`, `gold_id`, `claim_id`). */
  idField: string;
  /** Two spellings of one id (`WORKFLOW_STEP_3`, `3`) → one key. Default: the id itself. */
  key?: (id: string) => string;
  /** A problem with an otherwise well-formed entry (e.g. it names a target that does not exist), or null. */
  check?: (e: E) => string | null;
  /** The prompt asking `subset` (all questions first, the still-open ones on the retry). */
  prompt: (subset: readonly Q[]) => string;
  /** Send one prompt (with its repair turn for a reply that is not the expected JSON at all). */
  ask: (prompt: string, read: (text: string) => Read<unknown[]>) => Promise<Answer<unknown[]>>;
};

/** Per question, in order: its entry, or null and why; and the tokens of every request sent. */
export type BatchAnswer<E> = { entries: (E | null)[]; problems: string[]; tokens: number };

/** Rounds per item: the batch, then one retry of the items still open. */
const ROUNDS = 2;

export async function askBatch<Q, E>(spec: BatchSpec<Q, E>): Promise<BatchAnswer<E>> {
  const key = spec.key ?? ((id: string) => id);
  const entries: (E | null)[] = spec.questions.map(() => null);
  const problems: string[][] = spec.questions.map(() => []);
  const List = z.object({ [spec.list]: z.array(z.unknown()) });
  const readList = (text: string): Read<unknown[]> => {
    const r = readJson(List, text);
    return r.ok ? { ok: true, value: r.value[spec.list] as unknown[] } : r;
  };
  let open = spec.questions.map((_, i) => i);
  let tokens = 0;
  for (let round = 1; round <= ROUNDS && open.length > 0; round++) {
    const answer = await spec.ask(spec.prompt(open.map((i) => spec.questions[i]!)), readList);
    tokens += answer.tokens;
    if (answer.value === null) {
      // Not the expected JSON even after the repair turn: asking the same again would not help.
      for (const i of open) problems[i]!.push(answer.problem);
      break;
    }
    const wanted = new Map(open.map((i) => [key(spec.idOf(spec.questions[i]!)), i]));
    const found = new Map<number, { entries: E[]; problems: string[] }>();
    const unknown: string[] = [];
    for (const raw of answer.value) {
      const rawId =
        typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>)[spec.idField] : null;
      const id = rawId === null || rawId === undefined ? null : String(rawId);
      const i = id === null ? undefined : wanted.get(key(id));
      if (i === undefined) {
        unknown.push(id ?? "(no id)");
        continue;
      }
      const parsed = spec.entry.safeParse(raw);
      const slot = found.get(i) ?? { entries: [], problems: [] };
      found.set(i, slot);
      const problem = parsed.success
        ? spec.check?.(parsed.data)
        : parsed.error.issues.map((x) => `${x.path.join(".") || "(entry)"}: ${x.message}`).join("; ");
      if (parsed.success && !problem) slot.entries.push(parsed.data);
      else slot.problems.push(problem ?? "unreadable");
    }
    const unknownNote = unknown.length ? ` (the reply named ids not asked: ${unknown.join(", ")})` : "";
    const still: number[] = [];
    for (const i of open) {
      const id = spec.idOf(spec.questions[i]!);
      const slot = found.get(i);
      const distinct = new Set(slot?.entries.map((e) => JSON.stringify(e)));
      if (slot && distinct.size === 1) {
        entries[i] = slot.entries[0]!;
        continue;
      }
      still.push(i);
      problems[i]!.push(
        !slot
          ? `the batched reply gave no verdict for ${id}${unknownNote}`
          : distinct.size > 1
            ? `the batched reply gave ${distinct.size} different verdicts for ${id}`
            : `the batched reply's verdict for ${id} was unusable: ${slot.problems.join("; ")}`,
      );
    }
    open = still;
  }
  return {
    entries,
    problems: problems.map((p, i) =>
      entries[i] !== null
        ? ""
        : p.length > 1
          ? `${p[0]}; asked again in a batch of the open items: ${p.slice(1).join("; ")}`
          : (p[0] ?? ""),
    ),
    tokens,
  };
}
