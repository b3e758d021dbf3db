/**
 * @module Basic, the paper's minimal baseline: no planning, no search — it reads every document of the environment
 * (within a character budget, shared fairly) and predicts the workflow in one J.9 call.
 */
import { z } from "zod";
import type { SearchHit } from "../../env/types.ts";
import { defineAgent } from "../define.ts";
import { openContext } from "../shared/context.ts";
import { DEFAULT_EVIDENCE_CHARS, fitShowingRepeatsOnce } from "../shared/sources.ts";
import { fairShares } from "../shared/text.ts";
import { generateWorkflow } from "../shared/workflow.ts";
import type { Agent, AgentContext, AgentOutput } from "../types.ts";

export const BasicOptions = z.strictObject({
  /** Character budget of all documents together in the prompt. */
  contextChars: z.number().int().min(1000).default(DEFAULT_EVIDENCE_CHARS),
});
export type BasicOptions = z.infer<typeof BasicOptions>;

export const BASIC = defineAgent({
  name: "basic",
  summary: "the paper's minimal baseline: every document in one J.9 call",
  options: BasicOptions,
  serves: ["drflow"],
  needsModel: true,
  run: (context, opts) => runBasic(context, opts),
});

export function basic(options: z.input<typeof BasicOptions> = {}): Agent {
  return BASIC.create(options);
}

/**
 * What of the environment fits the prompt: every document gets an equal share of the budget (`fairShares`), so a
 * document shorter than its share is read whole and a longer one only from its start, and a paragraph another
 * document already showed is a marker (`fitShowingRepeatsOnce`, which raises the shares until what is shown fills
 * the budget) — at 500,000 characters and the default 160,000 most policies and handbooks are cut after a page or two.
 */
function budgetNote(pieces: readonly { text: string; label: string }[], budget: number): string {
  const lengths = pieces.map((p) => p.text.length);
  const total = lengths.reduce((a, b) => a + b, 0);
  const fit = fitShowingRepeatsOnce(
    pieces.map((p) => p.label),
    pieces.map((p) => p.text),
    budget,
  );
  const shares = fairShares(lengths, fit.budget);
  const whole = shares.filter((s, i) => s >= lengths[i]!).length;
  const read = fit.length;
  const cut = pieces.length - whole;
  return `context budget: ${read.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} characters (${total === 0 ? 100 : Math.round((100 * read) / total)} %): ${whole} of ${pieces.length} documents whole${cut > 0 ? `, ${cut} cut to their first ${Math.max(...shares.filter((s, i) => s < lengths[i]!)).toLocaleString("en-US")} characters` : ""}`;
}

async function runBasic(context: AgentContext, opts: BasicOptions): Promise<AgentOutput> {
  const rc = await openContext(context);
  try {
    const docs = (await rc.env.list()).sort(
      (a, b) => a.app.localeCompare(b.app) || a.path.localeCompare(b.path),
    );
    rc.tracer.record({
      type: "tool",
      tool: "list_documents",
      input: {},
      resultCount: docs.length,
      sourceIds: docs.map((d) => d.id),
    });
    for (const d of docs) {
      rc.registry.register({
        id: d.id,
        title: d.title,
        app: d.app,
        path: d.path,
        author: d.author,
        date: d.date,
      });
    }
    // The whole documents also go into the session store so citation repair can find support.
    const hits: SearchHit[] = docs.map((d) => ({
      documentId: d.id,
      chunkId: `${d.id}#all`,
      app: d.app,
      title: d.title,
      path: d.path,
      score: 0,
      snippet: "",
      text: d.text,
      author: d.author,
      date: d.date,
      ...(d.channel ? { channel: d.channel } : {}),
      ...(d.subject ? { subject: d.subject } : {}),
    }));
    await rc.findings.addHits(hits, { stage: "REQUIREMENT_COLLECTION", actionId: "read_all", iteration: 0 });
    const pieces = docs.map((d) => ({ sourceId: d.id, text: d.text }));
    const labelled = docs.map((d) => ({
      text: d.text,
      label: `[${rc.registry.resolve(d.id)?.key ?? d.id}]`,
    }));
    rc.tracer.note(budgetNote(labelled, opts.contextChars));
    // Every document whole, within `contextChars` shared fairly; the J.9 prompt says so (and marks any cut).
    const final = await generateWorkflow(rc, pieces, opts.contextChars, { whole: "environment" });
    return { report: final.report, trace: rc.tracer.events };
  } finally {
    await rc.findings.close();
  }
}
