/**
 * @module DRBench import: a DRBench task folder → a drflow task (kind "drbench"): question, persona and company;
 * DRBench's own industry, domain, difficulty, subquestions and context (dr_question.json, info.json, context.json);
 * each env.json file in its app under an opaque handle (its role in the manifest) with its textualized content and its
 * DRBench origin (so reports citing DRBench's file names resolve); eval.json insights and distractors as evidence units,
 * web facts keeping their URLs. The people of chat and mail exports become the task's people. Known quirks of the
 * sample data are handled with warnings.
 *
 * drflow's own five domains (`seed.domain`) get the nearest one by a stated rule: healthcare → healthcare, legal/law →
 * legal, education → education, consumer retail (retail, grocery, food, consumer, e-commerce, hospitality) → b2c,
 * anything else → b2b. DRBench's own values stay in `task.drbench` and are what tables show.
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import type { z } from "zod";
import {
  type AppName,
  type ArtifactEntry,
  type ArtifactFormat,
  type ArtifactManifest,
  artifactId,
  type Domain,
  type DrbenchMeta,
  type EvidenceUnit,
  type Person,
  SAFE_ID,
  Task,
} from "../../core/index.ts";
import { type TaskFile, writeTask } from "../../store/task-store.ts";
import { sealTask } from "../identity.ts";
import {
  DrbenchContext,
  DrbenchEnv,
  type DrbenchEnvFile,
  DrbenchEval,
  DrbenchFileDict,
  DrbenchInfo,
  DrbenchQuestion,
  DrbenchTaskConfig,
  readDrbenchJson,
} from "./drbench-source.ts";

/** drflow's nearest domain for a DRBench industry (rule in the module comment). */
export function drflowDomain(industry: string): Domain {
  const i = industry.toLowerCase();
  if (/health|medic|hospital|pharma|clinic/.test(i)) return "healthcare";
  if (/legal|\blaw\b/.test(i)) return "legal";
  if (/educat|school|universit/.test(i)) return "education";
  if (/retail|grocer|food|consumer|e-?commerce|hospitality|restaurant/.test(i)) return "b2c";
  return "b2b";
}

async function optionalJson<S extends z.ZodType>(
  schema: S,
  file: string,
  warnings: string[],
): Promise<z.infer<S> | null> {
  if (!existsSync(file)) {
    warnings.push(`${file}: not found; its metadata is not imported`);
    return null;
  }
  return readDrbenchJson(schema, file);
}

const SECRET_KEY = /pass(word)?|secret|token|key/i;

/** context.json as readable text (company profile, persona, the source article), never its passwords. */
function contextText(ctx: DrbenchContext): string {
  const lines: string[] = [];
  const section = (title: string, obj: Record<string, unknown>) => {
    const entries = Object.entries(obj).filter(([k, v]) => !SECRET_KEY.test(k) && v !== "" && v !== null);
    if (entries.length === 0) return;
    lines.push(`${title}:`);
    for (const [k, v] of entries)
      lines.push(
        `- ${k.replace(/_/g, " ")}: ${Array.isArray(v) ? v.join("; ") : typeof v === "object" ? JSON.stringify(v) : String(v)}`,
      );
  };
  section("Company", ctx.company_info);
  section("Persona", ctx.persona);
  if (ctx.url?.url) {
    lines.push(`Source article: ${ctx.url.url}`);
    for (const insight of ctx.url.insights) lines.push(`- ${insight}`);
  }
  return lines.join("\n");
}

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
  const warnings: string[] = [];
  const question = await optionalJson(DrbenchQuestion, join(dir, "dr_question.json"), warnings);
  const info = await optionalJson(DrbenchInfo, join(dir, "info.json"), warnings);
  const context = await optionalJson(DrbenchContext, join(dir, "context.json"), warnings);
  if (!SAFE_ID.test(taskId))
    throw new Error(`${join(dir, "config/task.json")}: $.task_id "${taskId}" is not a safe id`);
  const entries: ArtifactEntry[] = [];
  const files: TaskFile[] = [];
  const byDestination = new Map<string, string>();
  const counters = { insight: 0, distractor: 0 };
  const usedPaths = new Set<string>();
  const origins: DrbenchMeta["files"] = [];
  const people = new Map<string, Person>();

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
    for (const person of content.people)
      if (!people.has(person.username)) people.set(person.username, person);
    const id = artifactId(taskId, file.qa_type, ++counters[file.qa_type]);
    let path = `${app}/${basename(file.destination, extname(file.destination))}${extFor(content.format)}`;
    for (let k = 2; usedPaths.has(path); k++) path = path.replace(/(\.[a-z]+)$/, `-${k}$1`);
    usedPaths.add(path);
    files.push({ path: `artifacts/${path}`, bytes: content.text });
    byDestination.set(file.destination, id);
    origins.push({ artifact_id: id, source: `${folderName}/${content.file}`, destination: file.destination });
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
    ...(item.supporting_urls?.length ? { urls: item.supporting_urls } : {}),
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
  const industry = question?.industry || info?.industry || c.industry || context?.url?.industry || "";
  const drbench: DrbenchMeta = {
    industry,
    domain: question?.domain || info?.domain || context?.url?.domain || "",
    difficulty: info?.difficulty ?? "",
    subquestions: question?.subquestions ?? [],
    url: question?.url || context?.url?.url || "",
    context: context ? contextText(context) : "",
    files: origins,
  };
  if (p.username && !people.has(p.username))
    people.set(p.username, { name: p.name, email: p.email, username: p.username, role: p.role });
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
      domain: drflowDomain(industry),
      company: {
        name: c.name,
        industry: c.industry || industry || "unknown",
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
    people: [...people.values()],
    channels: [],
    generic_workflow: [],
    personalized_workflow: [],
    evidence,
    adjacent_cases: [],
    provenance: { generator: "drbench-import", family: taskId, seed: null, version: "1" },
    drbench,
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

type Content = {
  text: string;
  format: ArtifactFormat;
  title: string;
  author: string;
  date: string;
  /** The content file's name inside its DRBench folder. */
  file: string;
  /** Users a chat or mail export names. */
  people: Person[];
};

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
  const content = (text: string, format: ArtifactFormat, file: string): Content => ({
    text,
    format,
    title,
    author: meta.author,
    date: meta.date,
    file,
    people: meta.people,
  });
  const contentFile = candidates[0];
  if (!contentFile) {
    if (!rendered)
      throw new Error(
        `${folder}: no textualized .md/.csv/.txt file and no sections in file_dict.json to render`,
      );
    warnings.push(
      `${taskId} files/${name}: no textualized .md file (known DRBench sample quirk); rendered the text from file_dict.json`,
    );
    return content(rendered, "md", "file_dict.json");
  }
  const format = CONTENT_FORMAT[extname(contentFile)]!;
  const text = await readFile(join(folder, contentFile), "utf8");
  if (format === "md" && dict?.file_title && rendered) {
    const heading = /^#\s+(.+)$/m.exec(text)?.[1]?.trim() ?? "";
    if (heading && normalize(heading) !== normalize(dict.file_title)) {
      warnings.push(
        `${taskId} files/${name}/${contentFile}: holds "${heading}", not "${dict.file_title}" described by its file_dict.json (known DRBench sample quirk); rendered the text from file_dict.json`,
      );
      return content(rendered, "md", contentFile);
    }
  }
  return content(text, format, contentFile);
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

type ExportMeta = { title: string; author: string; date: string; people: Person[] };

/**
 * Title, author, date and people of a chat or email JSONL export. An export is a whole channel set or mailbox, so it is
 * titled for what it holds (`#sales-strategy, #customer-data (chat export, 8 posts)`, `Mailbox of david.lee (7
 * emails)`), not after its first message; author is the first poster / sender, date the earliest.
 */
function jsonlMeta(content: string | undefined): ExportMeta {
  const out: ExportMeta = { title: "", author: "", date: "", people: [] };
  if (!content) return out;
  const dates: string[] = [];
  const channels: string[] = [];
  let posts = 0;
  let emails = 0;
  let mailbox = "";
  for (const line of content.split("\n")) {
    let row: Record<string, unknown>;
    try {
      row = JSON.parse(line);
    } catch {
      continue;
    }
    if (row.type === "channel") {
      const ch = (row.channel ?? {}) as { display_name?: string; name?: string };
      const name = ch.name ?? ch.display_name ?? "";
      if (name) channels.push(`#${name}`);
    } else if (row.type === "user") {
      const u = (row.user ?? row) as Record<string, unknown>;
      const username = typeof u.username === "string" ? u.username : "";
      const email = typeof u.email === "string" ? u.email : "";
      const name =
        [u.first_name, u.last_name].filter((x) => typeof x === "string" && x).join(" ") || username;
      if (username && email) {
        out.people.push({ name, email, username, role: typeof u.position === "string" ? u.position : "" });
        if (!mailbox) mailbox = username;
      }
    } else if (row.type === "post") {
      posts++;
      const post = row.post as { user?: string; create_at?: number };
      if (!out.author && post.user) out.author = post.user;
      if (typeof post.create_at === "number") dates.push(new Date(post.create_at).toISOString());
    } else if (row.type === "email") {
      emails++;
      if (!out.author && typeof row.from === "string") out.author = row.from;
      if (typeof row.date === "string") dates.push(row.date.replace(" ", "T"));
    }
  }
  if (channels.length > 0) out.title = `${channels.join(", ")} (chat export, ${posts} posts)`;
  else if (emails > 0) out.title = `Mailbox${mailbox ? ` of ${mailbox}` : ""} (${emails} emails)`;
  out.date = dates.sort()[0] ?? "";
  // Authors are people's names (the validator's people rule), not usernames or addresses.
  const address = /<([^>]+)>/.exec(out.author)?.[1] ?? out.author;
  const person = out.people.find((x) => x.username === out.author || x.email === address);
  if (person) out.author = person.name;
  return out;
}

/** How far below the folder given task folders are looked for: a task, a folder of tasks, or a release (`<root>/tasks/`). */
const TASK_DEPTH = 2;

const isTaskFolder = (d: string) => existsSync(join(d, "config/task.json"));

/**
 * Task folders under `dir`: `dir` itself when it holds config/task.json, else the folders that do down to
 * `TASK_DEPTH` levels below it (DRBench's own layout and the sample's is `<root>/tasks/DR0002/`), in name order; a
 * task folder's own sub-folders are not searched. A folder with none is refused, naming what it holds.
 */
export async function findDrbenchTasks(dir: string): Promise<string[]> {
  if (!existsSync(dir)) throw new Error(`${dir}: no such folder`);
  if (isTaskFolder(dir)) return [dir];
  const subfolders = async (d: string) =>
    (await readdir(d, { withFileTypes: true }))
      .filter((e) => e.isDirectory() && !e.name.startsWith("."))
      .map((e) => e.name)
      .sort()
      .map((n) => join(d, n));
  const found: string[] = [];
  let level = [dir];
  for (let depth = 1; depth <= TASK_DEPTH && level.length > 0; depth++) {
    const next: string[] = [];
    for (const d of level)
      for (const sub of await subfolders(d)) (isTaskFolder(sub) ? found : next).push(sub);
    level = next;
  }
  if (found.length === 0) {
    const held = (await subfolders(dir)).map((d) => `${d.slice(dir.length).replace(/^\/+/, "")}/`);
    throw new Error(
      `${dir}: no DRBench task folders (a task folder holds config/task.json; looked in it and ${TASK_DEPTH} levels ` +
        `of sub-folders, e.g. <dir>/tasks/DR0002/config/task.json); it holds ${held.length ? held.join(", ") : "no folders"}`,
    );
  }
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
