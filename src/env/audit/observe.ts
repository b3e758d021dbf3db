/** @module What an agent observes of a task's environment (every visible field and both orders), joined with the gold side for the audit. */
import type { ArtifactRole, Split } from "../../core/index.ts";
import type { LoadedTask } from "../../store/task-store.ts";
import { readArtifact } from "../documents.ts";
import { APP_NAMES } from "../env.ts";
import { loadEnv } from "../load.ts";

/** One document as the agent sees it, and (for the audit only) its role, case and the first gold step it supports. */
export type Observed = {
  task: string;
  /** What the agent is told of the task: the question and whose mailbox this is. */
  question: string;
  user: { name: string; email: string };
  /** Gold side: the user's own case id (null when the task has none). */
  userCase: string | null;
  /** Agent-visible fields. */
  visible: {
    id: string;
    app: string;
    /** The realized file's format (pdf, docx, md, eml, chat…), as a reader of the file can tell. */
    format: string;
    path: string;
    title: string;
    author: string;
    date: string;
    channel: string;
    subject: string;
    /** Email header lines the extracted text does not show (Message-ID, X-…), as name: value lines. */
    headers: string;
  };
  /** Length of the extracted text in characters. */
  textLength: number;
  /** Position in `env.list()` and in its app's own listing (the order search falls back to on ties), 0-based. */
  listPosition: number;
  appPosition: number;
  /** Gold side. */
  role: ArtifactRole;
  step: number | null;
  /** The case the document's evidence belongs to (the user's case or a look-alike's), null for company documents. */
  caseId: string | null;
};

const SHOWN_HEADERS = /^(subject|from|to|cc|date|mime-version|content-type|content-transfer-encoding):/i;

/** The header block of a raw .eml, without the headers the extracted text already shows. */
function hiddenHeaders(raw: Uint8Array | undefined): string {
  if (!raw) return "";
  const text = new TextDecoder().decode(raw.subarray(0, 16 * 1024));
  const end = text.search(/\r?\n\r?\n/);
  return (end >= 0 ? text.slice(0, end) : text)
    .split(/\r?\n(?![ \t])/)
    .filter((line) => !SHOWN_HEADERS.test(line))
    .join("\n");
}

/** Load the split on the embedded backend (in memory) and record what an agent can observe of every document. */
export async function observeTask(loaded: LoadedTask, split: Split): Promise<Observed[]> {
  const env = await loadEnv(loaded, { split });
  try {
    const listed = await env.list();
    const appPosition = new Map<string, number>();
    for (const app of APP_NAMES) {
      const docs = await env.apps[app].list();
      docs.forEach((d, i) => {
        appPosition.set(d.id, i);
      });
    }
    const entries = new Map(loaded.manifest.artifacts.map((a) => [a.id, a]));
    const units = new Map(loaded.task.evidence.map((u) => [u.id, u]));
    const userCase = loaded.task.user_case?.case_id ?? null;
    const raw = new Map<string, Uint8Array>();
    for (const d of listed.filter((x) => x.app === "email")) {
      const entry = entries.get(d.id);
      const doc = entry ? await readArtifact(loaded, entry) : null;
      if (doc?.raw) raw.set(d.id, doc.raw);
    }
    return listed.map((d, i) => {
      const entry = entries.get(d.id);
      if (!entry) throw new Error(`${loaded.dir}: the env lists "${d.id}", which the manifest does not hold`);
      const steps = entry.evidence.flatMap((e) => units.get(e)?.supports_steps ?? []);
      const cases = entry.evidence.map((e) => units.get(e)?.case_id).filter((c): c is string => !!c);
      return {
        task: loaded.task.id,
        question: env.question,
        user: env.user,
        userCase,
        visible: {
          id: d.id,
          app: d.app,
          format: d.format ?? entry.format,
          path: d.path,
          title: d.title,
          author: d.author,
          date: d.date,
          channel: d.channel ?? "",
          subject: d.subject ?? "",
          headers: hiddenHeaders(raw.get(d.id)),
        },
        textLength: d.text.length,
        listPosition: i,
        appPosition: appPosition.get(d.id) ?? -1,
        role: entry.role,
        step: steps.length > 0 ? Math.min(...steps) : null,
        caseId: cases[0] ?? (entry.side === "user" && entry.role === "insight" ? userCase : null),
      };
    });
  } finally {
    await env.close();
  }
}
