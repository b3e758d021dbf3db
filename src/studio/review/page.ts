/**
 * @module The task review view (the paper's Appendix Q.1): question, personas, the gold workflows as flowcharts, each
 * condition with the evidence that resolves it, insights and distractors with the files they live in, adjacent cases,
 * and every file (opened in place: email threads, chat channels, PDF/DOCX text). Every item can be flagged with a
 * reason; the task accepted or rejected. The review is saved as the reviewer works and exports as
 * drflow.task-review/1, which `drflow generate --llm --resume` acts on. Works on any task folder, DRBench imports too.
 */
import type { ArtifactEntry, EvidenceUnit, GenericStep, PersonalizedStep } from "../../core/index.ts";
import { workflowFlowchart } from "../../judge/index.ts";
import type { TaskReview } from "../../review/task-review.ts";
import type { LoadedTask } from "../../store/task-store.ts";
import { badge, type Html, html, page, raw, roleBadge, table } from "../html.ts";
import { urls } from "../urls.ts";
import { REVIEW_SCRIPT, REVIEW_STYLE } from "./script.ts";
import { reviewUrls } from "./urls.ts";

/** A flag button for one item; the script opens the reason form. */
function flag(target: TaskReview["flags"][number]["target"], id: string, label: string): Html {
  return html`<button type="button" class="flag" data-target="${target}" data-id="${id}" data-label="${label}" title="flag a problem with ${label}">⚑ flag</button>`;
}

function filesOf(loaded: LoadedTask, unitId: string): ArtifactEntry[] {
  return loaded.manifest.artifacts.filter((a) => a.evidence.includes(unitId));
}

function fileLinks(loaded: LoadedTask, ref: string, unitId: string): Html {
  const files = filesOf(loaded, unitId);
  if (files.length === 0) {
    const web = loaded.task.evidence.find((e) => e.id === unitId)?.urls ?? [];
    return web.length
      ? html`<span class="muted small">on the web: ${web.join(" ")}</span>`
      : html`<span class="muted">in no file</span>`;
  }
  return html`${files.map(
    (f) =>
      html`<a class="file-link" href="#file-${f.id}" data-file="${f.id}" title="${f.path}">${f.title}</a> <span class="muted small">${f.app}/${f.format}</span><br>`,
  )}<span class="small"><a href="${urls.document(ref, files[0]!.id)}">open</a></span>`;
}

function unitTable(loaded: LoadedTask, ref: string, units: readonly EvidenceUnit[], id: string): Html {
  if (units.length === 0) return html`<p class="muted">none</p>`;
  return table(
    units,
    [
      { label: "", cell: (u) => flag(u.role, u.id, `${u.role} ${u.id}`) },
      { label: "id", cell: (u) => html`<code>${u.id}</code>` },
      { label: "side", cell: (u) => u.side },
      {
        label: "text",
        cell: (u) =>
          html`${u.text}${u.question ? html`<div class="small muted">Q: ${u.question} — A: ${u.answer}</div>` : ""}`,
      },
      {
        label: "supports / resolves",
        cell: (u) =>
          html`${u.supports_steps.length ? `steps ${u.supports_steps.join(", ")}` : ""}${u.resolves_conditions.length ? html` conditions ${u.resolves_conditions.join(", ")}${u.selects_branch ? ` → ${u.selects_branch}` : ""}` : ""}${u.case_id ? ` case ${u.case_id}` : ""}`,
      },
      { label: "files", cell: (u) => fileLinks(loaded, ref, u.id) },
    ],
    `id="${id}" class="units"`,
  );
}

function stepsTable(
  steps: readonly (GenericStep | PersonalizedStep)[],
  personalized: boolean,
  id: string,
): Html {
  return table(
    steps,
    [
      {
        label: "",
        cell: (s) =>
          flag(
            personalized ? "personalized_step" : "generic_step",
            String(s.item),
            `${personalized ? "personalized" : "generic"} step ${s.item}`,
          ),
      },
      { label: "#", cell: (s) => s.item, num: true },
      { label: "title", cell: (s) => s.title },
      { label: "task", cell: (s) => html`${s.task}<div class="small muted">${s.task_description}</div>` },
      {
        label: personalized ? "answer / justification" : "condition",
        cell: (s) =>
          "justification" in s
            ? html`${s.answer}<div class="small muted">${s.justification}</div>`
            : s.condition_description,
      },
      { label: "after", cell: (s) => s.prerequisite },
    ],
    `id="${id}"`,
  );
}

function conditions(loaded: LoadedTask, ref: string): Html {
  const { task } = loaded;
  const steps = task.generic_workflow.filter((s) => s.condition);
  if (steps.length === 0) return html`<p class="muted">no conditional step</p>`;
  return html`${steps.map((s) => {
    const c = s.condition!;
    const chosen = task.personalized_workflow.find((p) => p.item === s.item)?.resolved_branch ?? null;
    const evidence = task.evidence.filter(
      (e) => e.resolves_conditions.includes(c.id) && e.role === "insight",
    );
    return html`<div class="cond" id="cond-${c.id}"><div>${flag("condition", c.id, `condition ${c.id}`)} <b>step ${s.item}: ${c.question}</b> <code class="small">${c.id}</code></div>
      <ul>${c.branches.map((b) => html`<li class="${b.id === chosen ? "chosen" : ""}">${b.id === chosen ? badge("user's branch", "b-done") : ""} if ${b.when} → ${b.then}</li>`)}</ul>
      <div class="small">resolved by: ${
        evidence.length
          ? evidence.map(
              (e) =>
                html`<div>${badge(e.side === "user" ? "user's evidence" : "policy", e.side === "user" ? "b-insight" : "")} “${e.text}” <span class="muted">(${e.id})</span> — ${fileLinks(loaded, ref, e.id)}</div>`,
            )
          : html`<span class="bad">no evidence resolves it</span>`
      }</div></div>`;
  })}`;
}

function personas(loaded: LoadedTask): Html {
  const { seed, user_case } = loaded.task;
  const person = (
    key: string,
    title: string,
    p: { name: string; email: string; role: string; role_description: string },
  ) =>
    html`<div class="persona">${flag("persona", key, title)} <b>${title}</b>: ${p.name} &lt;${p.email}&gt; — ${p.role}<div class="small muted">${p.role_description}</div></div>`;
  const co = seed.company;
  return html`<div class="persona">${flag("persona", "company", "company")} <b>company</b>: ${co.name} — ${co.industry}, ${co.size}, ${co.employee_count} employees, ${co.annual_revenue}<div class="small muted">${co.description}</div></div>
    ${person("company_persona", "company persona", seed.company_persona)}
    ${person("user", "user", seed.user)}
    ${user_case ? html`<div class="small">user's case <b>${user_case.case_id}</b> about ${user_case.subject} ${user_case.timeline_anchor}</div>` : ""}`;
}

function adjacent(loaded: LoadedTask, ref: string): Html {
  const cases = loaded.task.adjacent_cases;
  if (cases.length === 0) return html`<p class="muted">no adjacent case</p>`;
  return html`${cases.map(
    (
      c,
    ) => html`<div class="cond">${flag("adjacent", c.case_id, `adjacent case ${c.case_id}`)} <b>${c.case_id}</b>: ${c.question} <span class="muted">(about ${c.subject})</span>
      ${unitTable(
        loaded,
        ref,
        loaded.task.evidence.filter((e) => e.case_id === c.case_id),
        `adjacent-${c.case_id}`,
      )}</div>`,
  )}`;
}

function files(loaded: LoadedTask, ref: string, suite: string): Html {
  return html`${loaded.manifest.artifacts.map(
    (
      a,
    ) => html`<details class="file" id="file-${a.id}" data-src="${reviewUrls.fileFragment(suite, loaded.task.id, a.id)}">
      <summary>${roleBadge(a.role)} <b>${a.title}</b> <span class="muted small">${a.side} · ${a.app} · ${a.format} · ${a.path}${a.date ? ` · ${a.date}` : ""}</span> ${flag("artifact", a.id, `file ${a.title}`)}</summary>
      <div class="file-body"><p class="muted small">loading…</p></div>
      <p class="small"><a href="${urls.document(ref, a.id)}">document page</a> · <a href="${urls.file(ref, a.id)}">the file</a></p></details>`,
  )}`;
}

/** The review page of one task with its saved review (or a fresh one). */
export function reviewPage(
  loaded: LoadedTask,
  suite: string,
  review: TaskReview,
  generatedByLlm: boolean,
): string {
  const { task } = loaded;
  const ref = `${suite}/${task.id}`;
  const drbench = task.drbench;
  const insights = task.evidence.filter((e) => e.role === "insight");
  const distractors = task.evidence.filter((e) => e.role === "distractor");
  const state = JSON.stringify(review).replace(/</g, "\\u003c");
  const body = html`
  <p class="small">task <b>${ref}</b> · ${task.kind} · generator ${task.provenance.generator}${task.provenance.family ? ` (${task.provenance.family})` : ""} · domain ${task.seed.domain} · ${loaded.manifest.artifacts.length} files
    · <a href="${urls.runs({ task: ref })}">runs on it</a></p>
  <aside id="panel">
    <div><b>Review</b> <span id="decision" class="badge">${review.decision}</span> <span id="status" class="small muted"></span></div>
    <label class="small">reviewer <input id="reviewer" value="${review.reviewer}" placeholder="your name (in the export)" maxlength="200"></label>
    <textarea id="decision-reason" rows="2" placeholder="why (required to reject)">${review.reason}</textarea>
    <div class="row"><button type="button" id="accept">accept task</button> <button type="button" id="reject">reject task</button>
      <a id="export" href="${reviewUrls.export(suite, task.id)}" download="task-review-${task.id}.json">export review</a></div>
    <div class="small"><b>Flags</b> (<span id="flag-count">${review.flags.length}</span>)</div><ul id="flags"></ul>
    <p class="small muted">${
      generatedByLlm
        ? raw(
            `Saved beside the task's stage outputs; <code>drflow generate --llm --suite ${suite} --resume</code> regenerates what it flags.`,
          )
        : raw(
            "This task was not made by the LLM generator: the export records the review; <code>--resume</code> has no stage outputs to regenerate for it.",
          )
    }</p>
    <div id="flag-form" hidden><div class="small">Flag <b id="flag-what"></b></div>
      <textarea id="flag-reason" rows="3" placeholder="what is wrong"></textarea>
      <div class="row"><button type="button" id="flag-save">save flag</button> <button type="button" id="flag-cancel">cancel</button></div></div>
  </aside>
  <section id="review-main">
  <h2>Question ${flag("question", "question", "the question")}</h2>
  <p class="question">${task.seed.question}</p>
  ${
    drbench
      ? html`<p class="small">DRBench: ${drbench.industry} · ${drbench.domain} · difficulty ${drbench.difficulty}${drbench.url ? html` · <a href="${drbench.url}" rel="noreferrer">source article</a>` : ""}</p>
        ${drbench.subquestions.length ? html`<ol class="small">${drbench.subquestions.map((q) => html`<li>${q}</li>`)}</ol>` : ""}`
      : ""
  }
  <h2>Personas</h2>${personas(loaded)}
  ${task.generic_context ? html`<details><summary>generic context (S2)</summary><pre>${task.generic_context}</pre></details>` : ""}
  ${task.personal_context ? html`<details><summary>personal context (S2)</summary><pre>${task.personal_context}</pre></details>` : ""}
  <h2>Gold workflows</h2>
  ${
    task.generic_workflow.length
      ? html`<div class="cols"><div><h3>Generic</h3><pre class="mermaid">${workflowFlowchart(task.generic_workflow, { personalized: false })}</pre></div>
        <div><h3>Personalized</h3><pre class="mermaid">${workflowFlowchart(task.personalized_workflow, { personalized: true })}</pre></div></div>
        <h3>Generic steps</h3>${stepsTable(task.generic_workflow, false, "generic-steps")}
        <h3>Personalized steps</h3>${stepsTable(task.personalized_workflow, true, "personalized-steps")}`
      : html`<p class="muted">No gold workflow: ${task.kind === "drbench" ? "a DRBench research task, judged on its insights and distractors." : "the task has none."}</p>`
  }
  <h2>Conditions and the evidence that resolves them</h2><div id="conditions">${conditions(loaded, ref)}</div>
  <h2>Insights (${insights.length})</h2>${unitTable(loaded, ref, insights, "insights")}
  <h2>Distractors (${distractors.length})</h2>${unitTable(loaded, ref, distractors, "distractors")}
  <h2>Adjacent cases</h2>${adjacent(loaded, ref)}
  <h2>Files (${loaded.manifest.artifacts.length})</h2>${files(loaded, ref, suite)}
  </section>
  <script type="application/json" id="review-state">${raw(state)}</script>`;
  return page({
    title: `Review ${task.id}`,
    section: "review",
    body: html`<style>${raw(REVIEW_STYLE)}</style>${body}`,
    mermaid: task.generic_workflow.length > 0,
    script: REVIEW_SCRIPT(reviewUrls.save(suite, task.id)),
  });
}

/** The list of tasks to review, with each one's saved decision. */
export function reviewIndexPage(
  rows: readonly { suite: string; id: string; decision: string; flags: number; kind: string }[],
): string {
  const body = html`<p class="small muted">Every task under the tasks root. A review is saved as you work and exported as drflow.task-review/1.</p>
    ${table(
      rows,
      [
        {
          label: "task",
          cell: (r) =>
            html`<a class="review-link" href="${reviewUrls.task(r.suite, r.id)}">${r.suite}/${r.id}</a>`,
        },
        { label: "kind", cell: (r) => r.kind },
        {
          label: "review",
          cell: (r) =>
            badge(
              r.decision,
              r.decision === "rejected" ? "b-failed" : r.decision === "accepted" ? "b-done" : "",
            ),
        },
        { label: "flags", cell: (r) => r.flags, num: true },
      ],
      'id="review-tasks"',
    )}`;
  return page({ title: "Review tasks", section: "review", body });
}
