/** @module The creation pages: the seed form (or the no-model notice), and a creation job followed live to its tasks. */
import { Domain } from "../../core/index.ts";
import { html, page, raw } from "../html.ts";
import { reviewUrls } from "../review/urls.ts";
import type { CreationProgress } from "./progress.ts";
import { CREATE_SCRIPT, CREATE_STYLE, JOB_SCRIPT } from "./script.ts";

/** The S1 columns the form asks for, grouped as the paper's K.1 seed reads; the user's company defaults to the company. */
const GROUPS: { legend: string; fields: [name: string, label: string, hint?: string][] }[] = [
  {
    legend: "Task",
    fields: [
      ["domain", "domain", `${Domain.options.join(", ")} or any other (generic profile)`],
      ["task_id", "task id", "empty: <domain>_NN"],
      ["dr_question", "deep research question", "10–15 words, ends with ?"],
    ],
  },
  {
    legend: "Company",
    fields: [
      ["company_name", "name"],
      ["company_industry", "industry"],
      ["company_description", "description"],
      ["company_size", "size", "e.g. Large"],
      ["company_employee_count", "employees", "e.g. 1000-5000"],
      ["company_annual_revenue", "annual revenue", "e.g. $500M-$1B"],
    ],
  },
  {
    legend: "Company persona (owns the policy)",
    fields: [
      ["company_persona", "name"],
      ["company_persona_email", "email"],
      ["company_persona_role", "role"],
      ["company_persona_role_description", "role description"],
    ],
  },
  {
    legend: "User (asks the question)",
    fields: [
      ["user_name", "name"],
      ["user_email", "email"],
      ["user_role", "role"],
      ["user_role_description", "role description"],
    ],
  },
];

function seedForm(models: readonly string[]) {
  return html`<form id="seed-form" class="create" onsubmit="return false">
    ${GROUPS.map(
      (g) =>
        html`<fieldset><legend>${g.legend}</legend>${g.fields.map(
          ([name, label, hint]) =>
            html`<label>${label}${
              name.endsWith("description") || name === "dr_question"
                ? html`<textarea id="f-${name}" name="${name}" rows="2" placeholder="${hint ?? ""}"></textarea>`
                : html`<input id="f-${name}" name="${name}" placeholder="${hint ?? ""}">`
            }</label>`,
        )}</fieldset>`,
    )}
    <fieldset><legend>Generation</legend>
      <label>model<select id="f-model">${models.map((m) => html`<option>${m}</option>`)}</select></label>
      <label>suite<input id="f-suite" value="studio"></label>
      <label>adjacent cases (mixed split)<input id="f-adjacent" type="number" min="0" max="4" value="2"></label>
      <label>generator seed<input id="f-seed" type="number" min="0" value="7"></label>
      <label class="check"><span><input type="checkbox" id="f-replace"> replace the existing suite</span><span>its tasks are removed first; without this an existing suite is refused</span></label>
    </fieldset>
    <p><button type="button" id="create-llm">generate the task</button></p>
    <fieldset><legend>Or upload a seed spreadsheet</legend>
      <p class="small muted">CSV, XLSX or JSON with the S1 columns (task_id, dr_question, domain, company_*, company_persona*, user_*), one task per row; up to 45 KB. The suite, model and options above apply.</p>
      <input type="file" id="seed-file" accept=".csv,.xlsx,.xls,.json"> <button type="button" id="upload-llm">generate from the spreadsheet</button>
    </fieldset>
  </form>`;
}

function proceduralForm() {
  return html`<form id="procedural-form" class="create" onsubmit="return false"><fieldset><legend>Procedural generator (offline)</legend>
    <p class="small muted">Tasks from the built-in workflow families: no model, truth known by construction; one or more tasks for each of the five built-in domains.</p>
    <label>suite<input id="p-suite" value="procedural"></label>
    <label>tasks per domain<input id="p-per-domain" type="number" min="1" max="20" value="1"></label>
    <label>seed<input id="p-seed" type="number" min="0" value="7"></label>
    <label class="check"><span><input type="checkbox" id="p-replace"> replace the existing suite</span><span>its tasks are removed first; without this an existing suite is refused</span></label>
    <p><button type="button" id="create-procedural">generate procedurally</button></p></fieldset></form>`;
}

export function createPage(models: readonly string[], procedural: boolean): string {
  const body = models.length
    ? html`<p class="small muted">A task seed starts LLM generation (S2–S6 and the files) as a job; its page shows each stage and the cost so far, then opens the new task in review.</p>
      <div id="create-error" class="error" hidden></div>${seedForm(models)}${procedural ? proceduralForm() : ""}`
    : html`<div id="no-model" class="notice"><b>No model is configured on this server.</b> LLM task generation needs one:
        start the server with an allowed generator handle, e.g. <code>drflow serve --models openai:gpt-5.2</code> (with
        <code>OPENAI_API_KEY</code> set) or a local OpenAI-compatible server, <code>--models compat:http://127.0.0.1:8000/v1#qwen2.5-7b</code>.
        ${procedural ? "Meanwhile the procedural generator makes tasks here, offline." : ""}</div>
      <div id="create-error" class="error" hidden></div>${procedural ? proceduralForm() : ""}`;
  return page({
    title: "Create tasks",
    section: "create",
    body: html`<style>${raw(CREATE_STYLE)}</style>${body}`,
    script: CREATE_SCRIPT,
  });
}

export function jobPage(p: CreationProgress): string {
  const state = JSON.stringify(p).replace(/</g, "\\u003c");
  const body = html`<p>${p.generator === "llm" ? html`LLM generation with <code>${p.model}</code>` : "Procedural generation"} into suite <b>${p.suite}</b> ·
      <span id="job-status" class="badge">${p.status}</span> · cost so far <b id="cost">—</b></p>
    <p class="small muted" id="job-stage">${p.stage}</p>
    <div id="job-error" class="error" hidden></div>
    <div id="result" hidden><h2>Tasks written</h2><ul id="result-tasks"></ul></div>
    <h2>Stages</h2>
    <table id="stages"><thead><tr><th>task</th><th>stage</th><th>status</th></tr></thead><tbody></tbody></table>
    <h2>Files</h2><table id="files"><thead><tr><th>task</th><th class="num">realized</th></tr></thead><tbody></tbody></table>
    <script type="application/json" id="job-state">${raw(state)}</script>`;
  return page({
    title: `Creation job ${p.job}`,
    section: "create",
    body: html`<style>${raw(CREATE_STYLE)}</style>${body}`,
    script: JOB_SCRIPT(`/studio/create/jobs/${encodeURIComponent(p.job)}/progress`, reviewUrls.index()),
  });
}
