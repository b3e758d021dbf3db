/**
 * @module DRBench import: a DRBench task folder → a drflow task (kind "drbench"): question, persona and company;
 * each env.json file in its app under an opaque handle (its role in the manifest) with its textualized content; eval.json
 * insights and distractors as evidence units. Known quirks of the sample data are handled with warnings.
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import {
  type AppName,
  type ArtifactEntry,
  type ArtifactFormat,
  type ArtifactManifest,
  artifactId,
  type EvidenceUnit,
  SAFE_ID,
  Task,
} from "../../core/index.ts";
import { type TaskFile, writeTask } from "../../store/task-store.ts";
import { sealTask } from "../identity.ts";
import {
  DrbenchEnv,
  type DrbenchEnvFile,
  DrbenchEval,
  DrbenchFileDict,
  DrbenchTaskConfig,
  readDrbenchJson,
} from "./drbench-source.ts";

/** DRBench app names → drflow apps. */
export const DRBENCH_APPS: Readonly<Record<string, AppName>> = {
  nextcloud: "drive",
  file_system: "files",
  filebrowser: "files",
  mattermost: "chat",
  email: "email",
  roundcube: "email",
};

const CONTENT_FORMAT: Record<string, ArtifactFormat> = { ".md": "md", ".csv": "csv", ".txt": "txt" };

export type ImportedTask = { task: Task; manifest: ArtifactManifest; files: TaskFile[]; warnings: string[] };

/** Convert one DRBench task folder (holding `config/task.json`) into a drflow task in memory. */
export async function convertDrbenchTask(dir: string): Promise<ImportedTask> {
  const config = await readDrbenchJson(DrbenchTaskConfig, join(dir, "config/task.json"));
  const envFile = join(dir, "config/env.json");
  const env = await readDrbenchJson(DrbenchEnv, envFile);
  const evalFile = join(dir, "config/eval.json");
  const evals = await readDrbenchJson(DrbenchEval, evalFile);
  const taskId = config.task_id;
  if (!SAFE_ID.test(taskId))
    throw new Error(`${join(dir, "config/task.json")}: $.task_id "${taskId}" is not a safe id`);
  const warnings: string[] = [];
  const entries: ArtifactEntry[] = [];
  const files: TaskFile[] = [];
  const byDestination = new Map<string, string>();
  const counters = { insight: 0, distractor: 0 };
  const usedPaths = new Set<string>();

  for (const [i, file] of env.env_files.entries()) {
    const where = `${envFile} $.env_files[${i}]`;
    const app = DRBENCH_APPS[file.app];
    if (!app)
      throw new Error(
        `${where}.app: "${file.app}" is not a known DRBench app (${Object.keys(DRBENCH_APPS).join(", ")})`,
      );
    const folderName = basename(sourceFolder(file));
    if (!SAFE_ID.test(folderName))
      throw new Error(`${where}.source: folder "${folderName}" is not a safe id`);
    const folder = join(dir, "files", folderName);
    if (!existsSync(folder))
      throw new Error(`${where}.source: folder files/${folderName} does not exist in ${dir}`);
    const content = await textualized(folder, file, taskId, folderName, warnings);
    const id = artifactId(taskId, file.qa_type, ++counters[file.qa_type]);
    let path = `${app}/${basename(file.destination, extname(file.destination))}${extFor(content.format)}`;
    for (let k = 2; usedPaths.has(path); k++) path = path.replace(/(\.[a-z]+)$/, `-${k}$1`);
    usedPaths.add(path);
    files.push({ path: `artifacts/${path}`, bytes: content.text });
    byDestination.set(file.destination, id);
    entries.push({
      id,
      role: file.qa_type,
      side: "company",
      app,
      format: content.format,
      path,
      title: content.title,
      evidence: [],
      author: content.author,
      date: content.date || config.date,
    });
  }

  const evidence: EvidenceUnit[] = evals.dr_report_evaluation_qa.map((item) => ({
    id: item.id,
    role: item.qa_type,
    side: "company",
    text: item.answer,
    question: item.question,
    answer: item.answer,
    justification: item.justification,
    supports_steps: [],
    resolves_conditions: [],
    selects_branch: null,
    case_id: null,
  }));
  for (const [i, item] of evals.dr_report_evaluation_qa.entries()) {
    for (const p of item.supporting_file_paths ?? []) {
      const id = byDestination.get(p);
      const entry = entries.find((e) => e.id === id);
      if (!entry) {
        warnings.push(
          `${evalFile} $.dr_report_evaluation_qa[${i}] (${item.id}): supporting file "${p}" is not in env.json`,
        );
        continue;
      }
      entry.evidence.push(item.id);
    }
  }

  const c = config.company_info;
  const p = config.persona;
  const persona = {
    name: p.name,
    email: p.email,
    role: p.role || p.department || "employee",
    role_description: p.responsibilities || p.role || "DRBench persona",
  };
  const task = Task.parse({
    id: taskId,
    kind: "drbench",
    seed: {
      question: config.dr_question,
      // DRBench companies are retail/enterprise; drflow's domains have no retail, so consumer-facing → b2c.
      domain: "b2c",
      company: {
        name: c.name,
        industry: c.industry || "unknown",
        description: c.description || c.name,
        size: c.size || "unknown",
        employee_count: String(c.employee_count || "unknown"),
        annual_revenue: c.annual_revenue || "unknown",
      },
      company_persona: persona,
      user: persona,
    },
    generic_context: c.description,
    personal_context: p.responsibilities,
    people: p.username ? [{ name: p.name, email: p.email, username: p.username, role: p.role }] : [],
    channels: [],
    generic_workflow: [],
    personalized_workflow: [],
    evidence,
    adjacent_cases: [],
    provenance: { generator: "drbench-import", family: taskId, seed: null, version: "1" },
  });
  return { ...sealTask({ task, manifest: { task_id: taskId, artifacts: entries }, files }), warnings };
}

function sourceFolder(file: DrbenchEnvFile): string {
  const parts = file.source.split("/");
  return parts.slice(0, -1).join("/");
}

function extFor(format: ArtifactFormat): string {
  return format === "md" ? ".md" : format === "csv" ? ".csv" : ".txt";
}

type Content = { text: string; format: ArtifactFormat; title: string; author: string; date: string };

/** The textualized file of a DRBench folder, with title/author/date from file_dict.json (and its JSONL for chat/email). */
async function textualized(
  folder: string,
  file: DrbenchEnvFile,
  taskId: string,
  name: string,
  warnings: string[],
): Promise<Content> {
  const dictFile = join(folder, "file_dict.json");
  const dict = existsSync(dictFile) ? await readDrbenchJson(DrbenchFileDict, dictFile) : null;
  const candidates = (await readdir(folder)).filter((f) => CONTENT_FORMAT[extname(f)] !== undefined).sort();
  const meta = jsonlMeta(dict?.content);
  const fallbackTitle =
    dict?.file_title ?? humanize(dict?.file_name || basename(file.destination, extname(file.destination)));
  const title = meta.title || fallbackTitle;
  const rendered = dict?.subsections ? renderSections(dict) : null;
  const contentFile = candidates[0];
  if (!contentFile) {
    if (!rendered)
      throw new Error(
        `${folder}: no textualized .md/.csv/.txt file and no sections in file_dict.json to render`,
      );
    warnings.push(
      `${taskId} files/${name}: no textualized .md file (known DRBench sample quirk); rendered the text from file_dict.json`,
    );
    return { text: rendered, format: "md", title, author: meta.author, date: meta.date };
  }
  const format = CONTENT_FORMAT[extname(contentFile)]!;
  const text = await readFile(join(folder, contentFile), "utf8");
  if (format === "md" && dict?.file_title && rendered) {
    const heading = /^#\s+(.+)$/m.exec(text)?.[1]?.trim() ?? "";
    if (heading && normalize(heading) !== normalize(dict.file_title)) {
      warnings.push(
        `${taskId} files/${name}/${contentFile}: holds "${heading}", not "${dict.file_title}" described by its file_dict.json (known DRBench sample quirk); rendered the text from file_dict.json`,
      );
      return { text: rendered, format: "md", title, author: meta.author, date: meta.date };
    }
  }
  return { text, format, title, author: meta.author, date: meta.date };
}

function normalize(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

function humanize(name: string): string {
  return name.replace(/[_-]+/g, " ").trim();
}

function renderSections(dict: DrbenchFileDict): string {
  const parts = [`# ${dict.file_title ?? humanize(dict.file_name)}`];
  if (dict.introduction) parts.push("## Introduction", dict.introduction);
  for (const s of dict.subsections ?? []) parts.push(`## ${s.heading}`, s.content);
  if (dict.conclusion) parts.push("## Conclusion", dict.conclusion);
  return `${parts.join("\n\n")}\n`;
}

/** Title, author and date from a chat or email JSONL export: first channel / subject, first poster / sender, earliest date. */
function jsonlMeta(content: string | undefined): { title: string; author: string; date: string } {
  const out = { title: "", author: "", date: "" };
  if (!content) return out;
  const dates: string[] = [];
  for (const line of content.split("\n")) {
    let row: Record<string, unknown>;
    try {
      row = JSON.parse(line);
    } catch {
      continue;
    }
    if (row.type === "channel" && !out.title) {
      const ch = row.channel as { display_name?: string; name?: string };
      out.title = `#${ch.display_name ?? ch.name ?? ""}`;
    } else if (row.type === "post") {
      const post = row.post as { user?: string; create_at?: number };
      if (!out.author && post.user) out.author = post.user;
      if (typeof post.create_at === "number") dates.push(new Date(post.create_at).toISOString());
    } else if (row.type === "email") {
      if (!out.title && typeof row.subject === "string") out.title = row.subject;
      if (!out.author && typeof row.from === "string") out.author = row.from;
      if (typeof row.date === "string") dates.push(row.date.replace(" ", "T"));
    }
  }
  out.date = dates.sort()[0] ?? "";
  return out;
}

/** Task folders under `dir`: `dir` itself when it holds config/task.json, else its sub-folders that do. */
export async function findDrbenchTasks(dir: string): Promise<string[]> {
  if (existsSync(join(dir, "config/task.json"))) return [dir];
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const found = names
    .sort()
    .map((n) => join(dir, n))
    .filter((d) => existsSync(join(d, "config/task.json")));
  if (found.length === 0)
    throw new Error(
      `${dir}: no DRBench task folders (expected config/task.json in it or in its sub-folders)`,
    );
  return found;
}

/** Import every DRBench task under `dir` into `root/suite/<task id>/`; returns what was written and the warnings. */
export async function importDrbench(
  dir: string,
  options: { root: string; suite?: string },
): Promise<{ dir: string; task: Task; artifacts: number; warnings: string[] }[]> {
  const suite = options.suite ?? "drbench";
  const out = [];
  for (const taskDir of await findDrbenchTasks(dir)) {
    const imported = await convertDrbenchTask(taskDir);
    const written = await writeTask(options.root, suite, imported.task, imported.manifest, imported.files);
    out.push({
      dir: written,
      task: imported.task,
      artifacts: imported.manifest.artifacts.length,
      warnings: imported.warnings,
    });
  }
  return out;
}
