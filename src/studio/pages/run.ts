/** @module A run: header and metrics, the trace as a timeline, the report with citations linked to documents, report vs gold flowcharts. */

import type { TraceEvent } from "../../agents/types.ts";
import type { Report, ReportStep } from "../../core/index.ts";
import type { CallRecord } from "../../core/usage.ts";
import { metricLabel, metricNames, workflowFlowchart } from "../../judge/index.ts";
import { reportFlowchart } from "../../judge/report/flowchart.ts";
import { runRows } from "../../store/run-pages.ts";
import type { LoadedTask } from "../../store/task-store.ts";
import type { StudioContext } from "../context.ts";
import {
  badge,
  FOLD_SCRIPT,
  fold,
  type Html,
  html,
  page,
  roleBadge,
  runCost,
  score,
  table,
  usd,
} from "../html.ts";
import { resolveReference, resolveSourceId } from "../sources.ts";
import { type TimelineEntry, timeline } from "../trace.ts";
import { urls } from "../urls.ts";
import { callTurns, markupTurn, TRANSCRIPT_CSS, turn } from "./transcript.ts";

const json = (v: unknown) => JSON.stringify(v, null, 2);

/** A citation key as a link to the cited document's text (or plain when the reference names no known artifact). */
export function citationLink(
  report: Report,
  loaded: LoadedTask | null,
  taskRef: string,
  key: string,
  runId: string,
): Html {
  const ref = report.references.find((r) => r.key === key);
  const entry = loaded && ref ? resolveReference(loaded, ref) : loaded ? resolveSourceId(loaded, key) : null;
  if (!entry)
    return html`<span class="badge" title="${ref?.source_id ?? "no such reference"}">[${key}]</span>`;
  return html`<a class="cite" href="${urls.document(taskRef, entry.id, runId)}" title="${entry.title}">[${key}]</a>${roleBadge(entry.role)}`;
}

function steps(list: readonly ReportStep[], cite: (k: string) => Html, personalized: boolean): Html {
  if (list.length === 0) return html`<p class="muted">none</p>`;
  return html`<ol>${list.map(
    (s) => html`<li class="step" value="${s.item}"><b>${s.title}</b> — ${s.task_description || s.task}
      ${s.condition_description ? html`<div class="small"><i>condition:</i> ${s.condition_description}</div>` : ""}
      ${s.prerequisite ? html`<div class="small muted">after step ${s.prerequisite}</div>` : ""}
      ${personalized && s.justification ? html`<div class="small"><i>why:</i> ${s.justification}</div>` : ""}
      <span class="cites small">${s.citations.map(cite)}</span></li>`,
  )}</ol>`;
}

function reportHtml(
  report: Report,
  cite: (k: string) => Html,
  loaded: LoadedTask | null,
  taskRef: string,
  runId: string,
): Html {
  return html`<h3>Executive summary</h3><p>${report.executive_summary || "—"}</p>
    <h3>Generic workflow</h3>${steps(report.generic_workflow, cite, false)}
    <h3>Condition resolution</h3>${
      report.condition_resolution.length
        ? table(report.condition_resolution, [
            { label: "condition", cell: (c) => c.condition },
            { label: "evidence", cell: (c) => c.evidence },
            {
              label: "resolution",
              cell: (c) => html`${c.resolved ? badge("resolved", "b-done") : badge("open")} ${c.resolution}`,
            },
            { label: "cited", cell: (c) => c.citations.map(cite) },
          ])
        : html`<p class="muted">none</p>`
    }
    <h3>Personalized workflow</h3>${steps(report.personalized_workflow, cite, true)}
    <h3>References</h3>${table(report.references, [
      { label: "key", cell: (r) => cite(r.key) },
      { label: "source", cell: (r) => r.source_id },
      { label: "title", cell: (r) => r.title },
      { label: "app", cell: (r) => r.app },
      {
        label: "file",
        cell: (r) => {
          const e = loaded ? resolveReference(loaded, r) : null;
          return e ? html`<a href="${urls.file(taskRef, e.id)}">${e.path}</a>` : r.path;
        },
      },
    ])}
    ${report.findings ? html`<h3>Findings</h3><p>${report.findings}</p>` : ""}
    <p class="small muted">run ${runId}</p>`;
}

function callDetails(ctx: StudioContext, c: CallRecord, seen: Map<string, number>, callNo: number): Html {
  const ex = ctx.exchange(c.request_key);
  const facts = html`<div class="small">${c.handle} · ${c.role} · attempt ${c.attempt}${c.retries ? ` · ${c.retries} retries` : ""} ·
    ${c.input_tokens} in / ${c.output_tokens} out tokens (${c.usage_source}) · ${usd(c.cost_usd)} · ${c.latency_ms.toFixed(0)} ms ·
    ${c.cached ? badge("cache hit", "b-done") : badge("cache miss")} · key <code>${c.request_key}</code>${c.prompt_template ? html` · template <code>${c.prompt_template}</code>` : ""}</div>`;
  if (!ex)
    return html`${facts}<p class="small muted">Messages and reply are not in the LLM cache (cache off, or another cache file).</p>`;
  return html`${facts}${callTurns(ex, seen, callNo)}`;
}

type Transcript = { seen: Map<string, number>; calls: number };

function entryHtml(
  ctx: StudioContext,
  e: TimelineEntry,
  t0: number | null,
  docLink: (id: string) => Html,
  tr: Transcript,
): Html {
  const t =
    t0 === null || e.at < t0
      ? html`<span class="t" title="recorded without a time">·</span>`
      : html`<span class="t">+${((e.at - t0) / 1000).toFixed(2)} s</span>`;
  switch (e.kind) {
    case "action":
      return html`<li class="ev-action">${t} <b>${e.event.status === "started" ? "▶" : e.event.status === "done" ? "✓" : "✗"} ${e.event.actionType}</b> ${e.event.description} <span class="muted small">(${e.event.stage})</span></li>`;
    case "note":
      return html`<li class="ev-note">${t} <span class="muted">${e.event.message}</span></li>`;
    case "tool":
      return html`<li class="ev-tool tool-call">${t} ${turn("tool-call", json(e.event.input), e.event.tool)}
        ${markupTurn("tool-result", e.event.sourceIds.length ? html`${e.event.sourceIds.map((id) => html`${docLink(id)} `)}` : html`<span class="muted">no results</span>`, `${e.event.resultCount} result(s)`)}</li>`;
    case "model": {
      const ev = e.event as Extract<TraceEvent, { type: "model" }> | null;
      const tokens = ev ? `${ev.usage.inputTokens} in / ${ev.usage.outputTokens} out` : "";
      const callNo = ++tr.calls;
      return html`<li class="ev-model model-call">${t} <span class="small"><b>model call ${callNo}</b> · ${e.stage} ${tokens}${ev?.failed ? " · reply never validated" : ""}${e.calls.length > 1 ? ` · ${e.calls.length} attempts` : ""}${ev ? "" : " · (recorded call)"}</span>
        ${e.calls.length ? e.calls.map((c) => callDetails(ctx, c, tr.seen, callNo)) : html`<p class="small muted">no recorded call matches this event</p>`}</li>`;
    }
  }
}

/**
 * The first event's real time (epoch ms), the origin of every offset. Events recorded without one (the environment
 * note carries `at: 0`) show no offset rather than one from 1970.
 */
export function firstRealTime(entries: readonly { at: number }[]): number | null {
  let t0: number | null = null;
  for (const e of entries) if (e.at >= REAL_TIME && (t0 === null || e.at < t0)) t0 = e.at;
  return t0;
}
/** Epoch ms from 2001 on: anything smaller is a placeholder, not a time. */
const REAL_TIME = 1e12;

/** A transcript this long starts folded (its section header says how long it is). */
const TRANSCRIPT_OPEN_UP_TO = 40;

export async function runPage(ctx: StudioContext, id: string): Promise<string | null> {
  const run = ctx.store.getRun(id);
  if (run?.kind !== "agent") return null;
  const row = runRows(ctx.store.db, { run: id })[0];
  const report = ctx.store.getReport(id);
  const trace = (ctx.store.getTrace(id) ?? []) as TraceEvent[];
  const calls = ctx.store.calls(id);
  const loaded = await ctx.task(run.task);
  const cite = (k: string) => (report ? citationLink(report, loaded, run.task, k, id) : html``);
  const docLink = (sid: string) => {
    const e = loaded ? resolveSourceId(loaded, sid) : null;
    return e
      ? html`<a href="${urls.document(run.task, e.id, id)}">${sid}</a>${roleBadge(e.role)}`
      : html`<code>${sid}</code>`;
  };
  const entries = timeline(trace, calls);
  const t0 = firstRealTime(entries);
  const transcript: Transcript = { seen: new Map(), calls: 0 };
  const timelineHtml = entries.map((e) => entryHtml(ctx, e, t0, docLink, transcript));

  const metrics = table(
    metricNames("drflow").filter((m) => row?.metrics[m]),
    [
      { label: "metric", cell: (m) => html`<a href="${urls.judgment(id, m)}">${metricLabel(m).long}</a>` },
      { label: "value", num: true, cell: (m) => score(row!.metrics[m]!.value) },
      { label: "scored", num: true, cell: (m) => row!.metrics[m]!.scored },
      { label: "unscored", num: true, cell: (m) => row!.metrics[m]!.unscored },
      { label: "outcome", cell: (m) => row!.metrics[m]!.outcome.replace("_", " ") },
    ],
  );
  const gold = loaded?.task;
  const charts =
    report && gold
      ? fold(
          "flowcharts",
          "Flowcharts: report vs gold",
          html`<div class="cols"><div><h3>Report — personalized workflow</h3><pre class="mermaid">${reportFlowchart(report)}</pre></div>
        <div><h3>Gold — personalized workflow</h3><pre class="mermaid">${workflowFlowchart(gold.personalized_workflow, { personalized: true })}</pre></div></div>
        <div class="cols"><div><h3>Report — generic workflow</h3><pre class="mermaid">${workflowFlowchart(report.generic_workflow, { personalized: false })}</pre></div>
        <div><h3>Gold — generic workflow</h3><pre class="mermaid">${workflowFlowchart(gold.generic_workflow, { personalized: false })}</pre></div></div>`,
          false, // the page's tallest section (four charts, about half the page): drawn when opened
        )
      : html``;

  const body = html`<p>${badge(run.status, `b-${run.status}`)} <b>${run.task}</b> · ${run.split ?? ""} · agent <b>${run.agent}</b> · model ${run.model || "none"} · repeat ${run.repeat}
    ${run.batch ? html` · batch <a href="${urls.batch(run.batch)}">${run.batch}</a>` : ""}</p>
    <p class="small muted">started ${run.started_at}${run.finished_at ? ` · finished ${run.finished_at}` : ""} · ${calls.length} model call(s) · ${row ? `${row.usage.listInputTokens} in / ${row.usage.listOutputTokens} out tokens · ${runCost(row.usage)}` : ""}</p>
    ${run.error ? html`<pre class="error">${run.error}</pre>` : ""}
    <p><a href="${urls.judgment(id)}" id="judgment-link">judgment</a> · <a href="${urls.runs({ task: run.task })}">runs of this task</a>${run.batch ? html` · <a href="${urls.compare({ run: id }, {})}">compare with…</a>` : ""}</p>
    <p class="small toc">sections: <a href="#metrics">metrics</a> · <a href="#transcript">transcript</a> · <a href="#report">report</a>${charts.html ? html` · <a href="#flowcharts">flowcharts</a>` : ""} · <a href="#" id="fold-all">fold all</a> · <a href="#" id="open-all">open all</a></p>
    ${fold("metrics", "Metrics", metrics)}
    ${fold(
      "transcript",
      `Transcript (${trace.length} events, ${calls.length} model calls)`,
      html`<p class="small muted">Turns by role: each model call's messages (system, user) and reply (assistant) with its tokens, cost, latency and cache key; each tool call with its arguments and result. Long messages are folded; a prompt an earlier call already sent is named, not repeated.</p>
    <ul class="timeline" id="timeline">${timelineHtml}</ul>`,
      entries.length <= TRANSCRIPT_OPEN_UP_TO,
    )}
    ${fold("report", "Report", report ? reportHtml(report, cite, loaded, run.task, id) : html`<p class="muted">no report stored</p>`)}
    ${charts}`;
  return page({
    title: `Run ${id}`,
    section: "runs",
    body,
    mermaid: Boolean(report && gold),
    css: TRANSCRIPT_CSS,
    script: FOLD_SCRIPT,
  });
}
