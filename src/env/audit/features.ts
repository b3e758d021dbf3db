/**
 * @module The categorical form features of an observed document that the audit tests against role: format,
 * extension, folder, title / subject / path-name templates and shapes, presence of a code, author (its kind, whether
 * it is the mailbox owner, its share of the app), length and date bands, hidden e-mail headers, the handle's form.
 * Every feature is computed from what an agent sees; none reads a label. Values are plain strings so the association
 * test and the exploit treat every feature alike.
 *
 * Templates keep the words a generator's pattern fixes and mask what fills its slots. A word is a *frame* word of a
 * field when the suite uses it broadly and repeatedly: in at least `FRAME_SHARE` of the tasks (and `FRAME_TASKS`),
 * and in two or more different values of the field within one task in at least `FRAME_TASKS` tasks ("Case summary -
 * <name> (<id>)" once per case, "Re: Question on <id>" once per thread). A topic is neither: a domain's topics stay in
 * its own tasks, and a background document's topic ("Benefits enrollment reminder") names one document of a task.
 * People's names never count, nor do the task's question words (a title that repeats the question is relevant:
 * content an agent may use). Any other word becomes `*`; codes, numbers and dates become `<code>`, `#`, `<date>`.
 */
import type { Observed } from "./observe.ts";

export const FRAME_TASKS = 3;
export const FRAME_SHARE = 0.4;

/** A token of a visible string: a document or case code, a date, a number, a word, or one punctuation mark. */
const TOKEN =
  /(?:Mrs|Mr|Ms|Mx|Dr)\.|[A-Za-z]{1,8}-\d{2,}(?:-[A-Za-z0-9]+)*|[A-Z]{2,}\d{2,}|\d{4}-\d{2}-\d{2}|\d+(?:[.,:]\d+)*|[A-Za-z]+(?:'[a-z]+)?|[^\sA-Za-z0-9]/g;
const CODE = /^(?:[A-Za-z]{1,8}-\d{2,}(?:-[A-Za-z0-9]+)*|[A-Z]{2,}\d{2,})$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^\d/;
const WORD = /^[A-Za-z]/;
const HONORIFIC = /^(?:mrs|mr|ms|mx|dr)\.?$/i;

type Kind = "code" | "date" | "number" | "word" | "mark";
const kindOf = (t: string): Kind =>
  CODE.test(t) ? "code" : DATE.test(t) ? "date" : NUMBER.test(t) ? "number" : WORD.test(t) ? "word" : "mark";

export function tokensOf(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** The codes (`CU-197`, `ACCT-09799`, `acct-09799`) a visible string carries, upper-cased. */
export function codesIn(text: string): string[] {
  return tokensOf(text)
    .filter((t) => kindOf(t) === "code")
    .map((t) => t.toUpperCase());
}

/** Fields whose templates are learned from the suite. */
export const TEMPLATE_FIELDS = ["title", "subject", "name", "channel", "id"] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];

function fieldValue(doc: Observed, field: TemplateField): string {
  if (field === "name") return baseName(doc.visible.path).replace(/\.[A-Za-z0-9]+$/, "");
  // a handle's random hex says nothing; what is around it might (`doc-<hex>` vs `<task>_IN_<n>`)
  if (field === "id") return doc.visible.id.replace(/[0-9a-f]{8,}/gi, "hex");
  return doc.visible[field];
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** Frame words per field, learned from every observed document of the suite (no labels). */
export type FrameWords = Record<TemplateField, Set<string>>;

const STOP = new Set(
  "the and for with what how who when which from into our your are was this that does need needs should".split(
    " ",
  ),
);

function questionWords(question: string): Set<string> {
  return new Set(
    tokensOf(question.toLowerCase()).filter((t) => kindOf(t) === "word" && t.length >= 3 && !STOP.has(t)),
  );
}

/**
 * Words of people's names an agent sees anywhere in the suite (authors, e-mail addresses, the mailbox owner): names
 * are drawn from shared pools, so a surname recurs across tasks and would otherwise pass for a frame word.
 */
function nameWords(docs: readonly Observed[]): Set<string> {
  const out = new Set<string>();
  const add = (s: string) => {
    for (const t of tokensOf(s.toLowerCase())) if (kindOf(t) === "word") out.add(t);
  };
  for (const d of docs) {
    const a = d.visible.author;
    if (authorKind(a) === "person") add(a);
    if (authorKind(a) === "email") add(a.split("@")[0]!.replace(/[._]/g, " "));
    add(d.user.name);
  }
  return out;
}

export function frameWords(docs: readonly Observed[]): FrameWords {
  const names = nameWords(docs);
  const taskCount = new Set(docs.map((d) => d.task)).size;
  const out = {} as FrameWords;
  for (const field of TEMPLATE_FIELDS) {
    /** word → task → the distinct values of the field holding it */
    const seen = new Map<string, Map<string, Set<string>>>();
    for (const d of docs) {
      const value = fieldValue(d, field);
      for (const t of new Set(tokensOf(value.toLowerCase()))) {
        if (kindOf(t) !== "word" || names.has(t) || HONORIFIC.test(t)) continue;
        const tasks = seen.get(t) ?? seen.set(t, new Map()).get(t)!;
        (tasks.get(d.task) ?? tasks.set(d.task, new Set()).get(d.task)!).add(value);
      }
    }
    out[field] = new Set(
      [...seen]
        .filter(([, tasks]) => {
          const repeated = [...tasks.values()].filter((values) => values.size >= 2).length;
          return tasks.size >= Math.max(FRAME_TASKS, FRAME_SHARE * taskCount) && repeated >= FRAME_TASKS;
        })
        .map(([w]) => w),
    );
  }
  return out;
}

const MASK: Partial<Record<Kind, string>> = { code: "<code>", date: "<date>", number: "#" };

/** A value's template: frame words kept, other words `*` (runs merged), codes, dates and numbers masked. */
export function templateOf(value: string, frame: ReadonlySet<string>, question: ReadonlySet<string>): string {
  const out: string[] = [];
  for (const raw of tokensOf(value)) {
    const kind = kindOf(raw);
    const t = raw.toLowerCase();
    const shown = kind === "word" ? (frame.has(t) && !question.has(t) ? t : "*") : (MASK[kind] ?? t);
    if (shown === "*" && out.at(-1) === "*") continue;
    out.push(shown);
  }
  return out.join(" ");
}

/** A value's shape: every word run one `W`, codes `C`, numbers `#`, dates `D`, punctuation kept. */
export function shapeOf(value: string): string {
  const SHAPE: Record<Kind, string> = { code: "C", date: "D", number: "#", word: "W", mark: "" };
  const out: string[] = [];
  for (const raw of tokensOf(value)) {
    const kind = kindOf(raw);
    const shown = kind === "mark" ? raw : SHAPE[kind];
    if (shown === "W" && out.at(-1) === "W") continue;
    out.push(shown);
  }
  return out.join(" ");
}

/** Band of `x` among the sorted `values`: `bands` equal shares, numbered from 1. */
function band(x: number, sorted: readonly number[], bands: number): string {
  if (sorted.length === 0) return "-";
  let below = 0;
  while (below < sorted.length && sorted[below]! < x) below++;
  return String(Math.min(bands, 1 + Math.floor((below / sorted.length) * bands)));
}

function authorKind(author: string): string {
  const a = author.trim();
  if (!a) return "empty";
  if (/^[^@\s]+@[^@\s]+$/.test(a)) return "email";
  if (/^(?:(?:Dr|Mr|Mrs|Ms)\.? )?[A-Z][a-z'’-]+(?: [A-Z][a-z'’-]+){1,2}$/.test(a)) return "person";
  return "other";
}

const norm = (s: string) => s.trim().toLowerCase();

/** Hidden header names of an e-mail, sorted (which headers a message carries, not their values). */
function headerNames(headers: string): string {
  return [
    ...new Set(
      headers
        .split("\n")
        .map((l) => /^([A-Za-z0-9-]+):/.exec(l)?.[1]?.toLowerCase())
        .filter(Boolean),
    ),
  ]
    .sort()
    .join(",");
}

function messageIdShape(headers: string): string {
  const id = /^message-id:\s*(.*)$/im.exec(headers)?.[1] ?? "";
  return id ? id.replace(/[0-9a-f]{6,}/gi, "h").replace(/\d+/g, "#") : "";
}

/** Where a document sits: its app, and the folder below the app root ("" at the root). */
export function folderOf(doc: Observed): string {
  const parts = doc.visible.path.split("/");
  return parts.length > 2 ? parts.slice(1, -1).join("/") : "";
}

/** The form features of every document, keyed by feature name; the suite gives frame words and bands. */
export function describe(docs: readonly Observed[]): Map<Observed, Record<string, string>> {
  const frame = frameWords(docs);
  const byApp = new Map<string, Observed[]>();
  const byTaskApp = new Map<string, Observed[]>();
  for (const d of docs) {
    (byApp.get(d.visible.app) ?? byApp.set(d.visible.app, []).get(d.visible.app)!).push(d);
    const k = `${d.task}\u0000${d.visible.app}`;
    (byTaskApp.get(k) ?? byTaskApp.set(k, []).get(k)!).push(d);
  }
  const appLengths = new Map(
    [...byApp].map(([app, ds]) => [app, ds.map((d) => d.textLength).sort((a, b) => a - b)]),
  );
  const questions = new Map<string, Set<string>>();
  const out = new Map<Observed, Record<string, string>>();
  for (const group of byTaskApp.values()) {
    const lengths = group.map((d) => d.textLength).sort((a, b) => a - b);
    const dates = group
      .map((d) => Date.parse(d.visible.date))
      .filter((t) => !Number.isNaN(t))
      .sort((a, b) => a - b);
    const authors = new Map<string, number>();
    for (const d of group)
      authors.set(norm(d.visible.author), (authors.get(norm(d.visible.author)) ?? 0) + 1);
    const most = Math.max(...authors.values());
    for (const d of group) {
      const q = questions.get(d.task) ?? questions.set(d.task, questionWords(d.question)).get(d.task)!;
      const v = d.visible;
      const author = norm(v.author);
      const time = Date.parse(v.date);
      const name = fieldValue(d, "name");
      const isUser =
        author !== "" && (author === norm(d.user.name) || author === norm(d.user.email))
          ? "yes"
          : author === ""
            ? "-"
            : "no";
      out.set(d, {
        format: v.format,
        extension: /\.([A-Za-z0-9]+)$/.exec(v.path)?.[1]?.toLowerCase() ?? "",
        folder: folderOf(d),
        "title template": templateOf(v.title, frame.title, q),
        "title shape": shapeOf(v.title),
        "code in title": codesIn(v.title).length > 0 ? "yes" : "no",
        "subject template": templateOf(v.subject, frame.subject, q),
        "code in subject": v.subject ? (codesIn(v.subject).length > 0 ? "yes" : "no") : "-",
        channel: templateOf(v.channel, frame.channel, q),
        "path template": templateOf(name, frame.name, q),
        "code in path": codesIn(name).length > 0 ? "yes" : "no",
        "numbered copy": /-\d+$/.test(name) && !/\d{4}-\d{2}-\d{2}$/.test(name) ? "yes" : "no",
        "author kind": authorKind(v.author),
        "author is the user": isUser,
        "author's share": authors.size === 1 ? "sole" : authors.get(author) === most ? "most" : "other",
        author: author,
        "length band (app)": band(d.textLength, appLengths.get(v.app)!, 4),
        "length band (task)": band(d.textLength, lengths, 3),
        "date band (task)": Number.isNaN(time) ? "-" : band(time, dates, 3),
        "header names": headerNames(v.headers),
        "message-id form": messageIdShape(v.headers),
        "id template": templateOf(fieldValue(d, "id"), frame.id, q),
        "id first digit": /^doc-([0-9a-f])/.exec(v.id)?.[1] ?? "-",
      });
    }
  }
  return out;
}
