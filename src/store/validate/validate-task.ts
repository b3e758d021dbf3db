/** @module Programmatic task validation (seed 002 §C.1): support, resolution, people, order, adjacency and leak checks on the realized files. */
import { join } from "node:path";
import { type ArtifactEntry, type EvidenceUnit, missingFigures, type Task } from "../../core/index.ts";
import { containsNormalized, extractText, normalizeText, parseChat, parseEml } from "../../extract/index.ts";
import {
  ARTIFACTS_DIR,
  artifactPath,
  type LoadedTask,
  MANIFEST_FILE,
  type StoreIssue,
  TASK_FILE,
  validateTaskFolder,
} from "../task-store.ts";
import { proseFindings } from "./prose.ts";

export const RULES = [
  "schema",
  "workflow-shape",
  "personalized-inventory",
  "evidence-carried",
  "step-support",
  "condition-resolution",
  "people",
  "channels",
  "event-order",
  "adjacent-contradiction",
  "distractor-leak",
  "personalized-grounding",
  "drbench-source",
  "drbench-figures",
  "suite-mix",
  "prose",
] as const;
export type Rule = (typeof RULES)[number];

/** One violation: where (file + JSON path), what was expected, and which rule found it. */
export type Violation = StoreIssue & { rule: Rule };

export type ValidateOptions = {
  /** Bounds on the generic workflow (the paper: 12–15 steps, at least 3 conditional). */
  minSteps?: number;
  maxSteps?: number;
  minConditions?: number;
  /** Words in a shared run that counts as a distractor leaking gold content. */
  leakShingle?: number;
};

const DEFAULTS = { minSteps: 12, maxSteps: 15, minConditions: 3, leakShingle: 8 };

function words(text: string): string[] {
  return normalizeText(text)
    .toLowerCase()
    .split(/[^a-z0-9$%.-]+/)
    .map((w) => w.replace(/^[.-]+|[.-]+$/g, ""))
    .filter(Boolean);
}

function shingles(text: string, n: number): Set<string> {
  const w = words(text);
  const out = new Set<string>();
  for (let i = 0; i + n <= w.length; i++) out.add(w.slice(i, i + n).join(" "));
  return out;
}

/** Validate a loaded task against its realized files; returns every violation (empty when the task is sound). */
export async function validateTask(loaded: LoadedTask, options: ValidateOptions = {}): Promise<Violation[]> {
  const o = { ...DEFAULTS, ...options };
  const { task, dir } = loaded;
  // a company corpus's documents are read (and checked for leaked gold text) but carry no evidence of the task
  const corpusIds = loaded.corpus?.ids;
  const manifest = corpusIds
    ? { ...loaded.manifest, artifacts: loaded.manifest.artifacts.filter((a) => !corpusIds.has(a.id)) }
    : loaded.manifest;
  const fileOf = (a: ArtifactEntry) =>
    corpusIds?.has(a.id) ? join(loaded.corpus!.dir, a.path) : join(dir, ARTIFACTS_DIR, a.path);
  const taskFile = join(dir, TASK_FILE);
  const manifestFile = join(dir, ARTIFACTS_DIR, MANIFEST_FILE);
  const out: Violation[] = [];
  const add = (rule: Rule, file: string, path: string, expected: string) =>
    out.push({ rule, file, path, expected });

  // ---- extracted text of every artifact ----
  const texts = new Map<string, string>();
  for (const [i, entry] of loaded.manifest.artifacts.entries()) {
    try {
      texts.set(entry.id, await extractText(artifactPath(loaded, entry), entry.format));
    } catch (error) {
      add(
        "evidence-carried",
        manifestFile,
        `$.artifacts[${i}].path`,
        `expected a readable ${entry.format} file (${(error as Error).message})`,
      );
    }
  }
  const unitIndex = new Map(task.evidence.map((u, i) => [u.id, i]));
  const carriers = new Map<string, ArtifactEntry[]>();
  for (const entry of manifest.artifacts) {
    for (const ev of entry.evidence) carriers.set(ev, [...(carriers.get(ev) ?? []), entry]);
  }
  /** Artifacts of `role`/`side` that list the unit and whose text really contains it. */
  const carriedBy = (u: EvidenceUnit, role: ArtifactEntry["role"], side?: ArtifactEntry["side"]) =>
    (carriers.get(u.id) ?? []).filter(
      (a) =>
        a.role === role &&
        (side === undefined || a.side === side) &&
        containsNormalized(texts.get(a.id) ?? "", u.text),
    );

  // ---- workflow shape ----
  const generic = task.generic_workflow;
  if (task.kind === "drflow") {
    if (generic.length < o.minSteps || generic.length > o.maxSteps) {
      add(
        "workflow-shape",
        taskFile,
        "$.generic_workflow",
        `expected ${o.minSteps}-${o.maxSteps} steps, got ${generic.length}`,
      );
    }
    const conditional = generic.filter((s) => s.condition !== null).length;
    if (conditional < o.minConditions) {
      add(
        "workflow-shape",
        taskFile,
        "$.generic_workflow",
        `expected at least ${o.minConditions} conditional steps, got ${conditional}`,
      );
    }
  }
  generic.forEach((s, i) => {
    const at = `$.generic_workflow[${i}]`;
    if (task.kind === "drflow") {
      for (const field of ["task", "task_description"] as const) {
        if (s[field].trim() === "")
          add("workflow-shape", taskFile, `${at}.${field}`, "expected a non-empty string");
      }
    }
    if (s.item !== i + 1)
      add(
        "workflow-shape",
        taskFile,
        `${at}.item`,
        `expected ${i + 1} (items numbered 1..n in order), got ${s.item}`,
      );
    if (s.prerequisite !== "") {
      const p = Number(s.prerequisite);
      if (!Number.isInteger(p) || p < 1 || p >= s.item) {
        add(
          "workflow-shape",
          taskFile,
          `${at}.prerequisite`,
          `expected "" or the item number of an earlier step, got "${s.prerequisite}"`,
        );
      }
    }
    if ((s.condition !== null) !== (s.condition_description.trim() !== "")) {
      add(
        "workflow-shape",
        taskFile,
        `${at}.condition_description`,
        "expected a condition description exactly when the step has a condition",
      );
    }
    if (s.condition) {
      const ids = s.condition.branches.map((b) => b.id);
      if (new Set(ids).size !== ids.length)
        add("workflow-shape", taskFile, `${at}.condition.branches`, "expected unique branch ids");
    }
  });

  // ---- personalized inventory ----
  const personal = task.personalized_workflow;
  if (personal.length !== generic.length) {
    add(
      "personalized-inventory",
      taskFile,
      "$.personalized_workflow",
      `expected ${generic.length} steps (same inventory as the generic workflow), got ${personal.length}`,
    );
  }
  personal.forEach((p, i) => {
    const g = generic[i];
    const at = `$.personalized_workflow[${i}]`;
    if (!g) return;
    if (p.item !== g.item || p.title !== g.title) {
      add(
        "personalized-inventory",
        taskFile,
        `${at}.title`,
        `expected step ${g.item} "${g.title}", got step ${p.item} "${p.title}"`,
      );
    }
    if (g.condition) {
      const ids = g.condition.branches.map((b) => b.id);
      if (p.resolved_branch === null || !ids.includes(p.resolved_branch)) {
        add(
          "personalized-inventory",
          taskFile,
          `${at}.resolved_branch`,
          `expected one of ${ids.join(", ")}, got ${JSON.stringify(p.resolved_branch)}`,
        );
      }
    } else if (p.resolved_branch !== null) {
      add(
        "personalized-inventory",
        taskFile,
        `${at}.resolved_branch`,
        "expected null (the generic step has no condition)",
      );
    }
  });

  // ---- every unit is carried verbatim by a file of its role (DRBench: its own profile) ----
  if (task.kind === "drbench") checkDrbench(task, texts, carriers, taskFile, add);
  else
    task.evidence.forEach((u, i) => {
      const listed = carriers.get(u.id) ?? [];
      if (listed.length === 0) {
        add(
          "evidence-carried",
          taskFile,
          `$.evidence[${i}]`,
          `expected unit "${u.id}" to be listed by an artifact in the manifest`,
        );
      }
      for (const a of listed) {
        if (a.role !== u.role) {
          add(
            "evidence-carried",
            manifestFile,
            `$.artifacts[${manifest.artifacts.indexOf(a)}].evidence`,
            `expected only ${a.role} units, got ${u.role} unit "${u.id}"`,
          );
        }
        if (texts.has(a.id) && !containsNormalized(texts.get(a.id)!, u.text)) {
          add(
            "evidence-carried",
            join(dir, ARTIFACTS_DIR, a.path),
            "$",
            `expected the text of unit "${u.id}" in the extracted file text`,
          );
        }
      }
    });

  // ---- every gold step supported by an insight artifact ----
  for (const [i, s] of generic.entries()) {
    const supported = task.evidence.some(
      (u) =>
        u.role === "insight" &&
        u.supports_steps.includes(s.item) &&
        carriedBy(u, "insight", "company").length > 0,
    );
    if (!supported) {
      add(
        "step-support",
        taskFile,
        `$.generic_workflow[${i}]`,
        `expected step ${s.item} ("${s.title}") to be supported by a company insight unit carried by an insight artifact`,
      );
    }
  }

  // ---- every condition resolved by a user artifact, to the gold branch ----
  for (const [i, s] of generic.entries()) {
    if (!s.condition) continue;
    const gold = personal[i]?.resolved_branch ?? null;
    const resolving = task.evidence.filter(
      (u) => u.role === "insight" && u.side === "user" && u.resolves_conditions.includes(s.condition!.id),
    );
    const ok = resolving.some((u) => u.selects_branch === gold && carriedBy(u, "insight", "user").length > 0);
    if (!ok) {
      add(
        "condition-resolution",
        taskFile,
        `$.generic_workflow[${i}].condition`,
        `expected condition "${s.condition.id}" to be resolved to branch "${gold}" by a user insight unit carried by a user artifact`,
      );
    }
    for (const u of resolving) {
      if (u.selects_branch !== gold) {
        add(
          "condition-resolution",
          taskFile,
          `$.evidence[${unitIndex.get(u.id)}].selects_branch`,
          `expected "${gold}" (the gold personalized branch), got ${JSON.stringify(u.selects_branch)}`,
        );
      }
    }
  }

  checkGrounding(task, manifest.artifacts, texts, taskFile, add);
  await checkFiles(task, loaded, texts, add);
  checkAdjacent(task, taskFile, unitIndex, add);
  checkLeaks(task, loaded.manifest.artifacts, texts, o.leakShingle, taskFile, fileOf, unitIndex, add);
  if (task.kind === "drflow") checkProse(task, loaded.manifest.artifacts, texts, taskFile, fileOf, add);
  return out;
}

/**
 * `prose`: the text check (articles, possessives, doubled words, verb forms; `prose.ts`) over every realized file of a
 * DRFlow task (its company corpus included) and the gold workflow's wording. DRBench's imported files are third-party
 * text and are not ours to correct.
 */
function checkProse(
  task: Task,
  artifacts: readonly ArtifactEntry[],
  texts: ReadonlyMap<string, string>,
  taskFile: string,
  fileOf: (a: ArtifactEntry) => string,
  add: Add,
): void {
  for (const a of artifacts) {
    for (const f of proseFindings(texts.get(a.id) ?? ""))
      add("prose", fileOf(a), "$", `expected no ${f.kind}, found "${f.excerpt}"`);
  }
  const gold = [
    ["generic_workflow", task.generic_workflow],
    ["personalized_workflow", task.personalized_workflow],
  ] as const;
  for (const [key, steps] of gold)
    steps.forEach((s, i) => {
      for (const field of ["title", "task", "task_description"] as const)
        for (const f of proseFindings(s[field]))
          add("prose", taskFile, `$.${key}[${i}].${field}`, `expected no ${f.kind}, found "${f.excerpt}"`);
    });
}

type Add = (rule: Rule, file: string, path: string, expected: string) => void;

/**
 * The DRBench profile: DRBench writes its gold facts as paraphrases of the files, not verbatim sentences, and keeps
 * facts from its public source article with their URL rather than in a file. Its rules:
 * - `drbench-source`: every fact is listed by an artifact (its `supporting_file_paths` was imported) or, when no
 *   file carries it (a fact from the public article), keeps the URL it comes from — a web-only fact, reachable only
 *   with web access or a page saved in the task's offline web store;
 * - `drbench-figures`: every figure of an enterprise *insight* (`12%`, `1.2 million`, `$8,000`) is in the text of an
 *   artifact that lists it, in any written form (`0.12` in a rate column, `1200000`). Distractor figures are not
 *   required: DRBench's sample files often leave the distractor out, which makes a task no harder.
 */
function checkDrbench(
  task: Task,
  texts: ReadonlyMap<string, string>,
  carriers: ReadonlyMap<string, ArtifactEntry[]>,
  taskFile: string,
  add: Add,
): void {
  task.evidence.forEach((u, i) => {
    const listed = carriers.get(u.id) ?? [];
    const at = `$.evidence[${i}]`;
    if (listed.length === 0) {
      if ((u.urls ?? []).length === 0)
        add(
          "drbench-source",
          taskFile,
          at,
          `expected unit "${u.id}" to be listed by an artifact or to carry the URL it comes from`,
        );
      return;
    }
    if (u.role !== "insight") return;
    const missing = missingFigures(u.text, listed.map((a) => texts.get(a.id) ?? "").join("\n"));
    if (missing.length > 0)
      add(
        "drbench-figures",
        taskFile,
        `${at}.text`,
        `expected the figures ${missing.join(", ")} of unit "${u.id}" in the text of ${listed.map((a) => a.path).join(", ")}`,
      );
  });
}

/** Amounts, percentages and record identifiers (`$47,900`, `12 percent`, `INV-40817`, `MRN-221551`). */
const CASE_VALUE = /\$\d[\d,]*(?:\.\d+)?|\b\d+(?:\.\d+)? percent\b|\b[A-Z]{2,6}-\d[\d-]*\b/g;

/**
 * Every amount, percentage and identifier a gold personalized step states is found in the user's insight files or
 * the policy (the §C.1 check of numerical claims against their sources): a gold detail nobody could read is a bug.
 */
function checkGrounding(
  task: Task,
  artifacts: readonly ArtifactEntry[],
  texts: Map<string, string>,
  taskFile: string,
  add: Add,
): void {
  const sources = artifacts
    .filter((a) => a.role === "insight")
    .map((a) => normalizeText(texts.get(a.id) ?? ""))
    .join("\n");
  task.personalized_workflow.forEach((p, i) => {
    for (const field of ["task", "task_description", "answer"] as const) {
      for (const value of new Set(p[field].match(CASE_VALUE) ?? [])) {
        if (!sources.includes(value)) {
          add(
            "personalized-grounding",
            taskFile,
            `$.personalized_workflow[${i}].${field}`,
            `expected "${value}" to appear in an insight file (the user's evidence or the policy)`,
          );
        }
      }
    }
  });
}

/** People and channels referenced by emails and chats exist; chat posts and email threads are in planned order. */
async function checkFiles(
  task: Task,
  loaded: LoadedTask,
  texts: Map<string, string>,
  add: Add,
): Promise<void> {
  const emails = new Set(task.people.map((p) => p.email.toLowerCase()));
  const usernames = new Set(task.people.map((p) => p.username));
  const names = new Set(task.people.map((p) => p.name));
  const channels = new Set(task.channels);
  const manifestFile = join(loaded.dir, ARTIFACTS_DIR, MANIFEST_FILE);
  for (const [i, a] of loaded.manifest.artifacts.entries()) {
    if (!texts.has(a.id) || loaded.corpus?.ids.has(a.id)) continue;
    const file = join(loaded.dir, ARTIFACTS_DIR, a.path);
    if (a.author && !names.has(a.author)) {
      add(
        "people",
        manifestFile,
        `$.artifacts[${i}].author`,
        `expected a person listed in task.json people, got "${a.author}"`,
      );
    }
    if (a.format === "eml") {
      const mail = await parseEml(await Bun.file(file).bytes());
      for (const [field, list] of [
        ["From", [mail.from]],
        ["To", mail.to],
        ["Cc", mail.cc],
      ] as const) {
        for (const address of list) {
          if (!emails.has(address.toLowerCase()))
            add(
              "people",
              file,
              `$.headers.${field}`,
              `expected an address of a person in task.json people, got "${address}"`,
            );
        }
      }
      if (mail.inReplyTo && mail.references[mail.references.length - 1] !== mail.inReplyTo) {
        add(
          "event-order",
          file,
          "$.headers.References",
          "expected References to end with the In-Reply-To message id",
        );
      }
      if (Number.isNaN(Date.parse(mail.date)))
        add("event-order", file, "$.headers.Date", "expected an RFC 5322 date");
    }
    if (a.format === "chat") {
      const chat = parseChat(await Bun.file(file).bytes(), file);
      const members = new Set(chat.users.map((u) => u.username));
      chat.users.forEach((u, j) => {
        if (!usernames.has(u.username))
          add(
            "people",
            file,
            `$.users[${j}].username`,
            `expected a username of a person in task.json people, got "${u.username}"`,
          );
      });
      chat.channels.forEach((c, j) => {
        if (!channels.has(c.name))
          add(
            "channels",
            file,
            `$.channels[${j}].name`,
            `expected a channel listed in task.json channels, got "${c.name}"`,
          );
      });
      for (const ev of a.evidence) {
        const unit = task.evidence.find((u) => u.id === ev);
        if (!unit) continue;
        const carrying = chat.posts.filter((p) => containsNormalized(p.message, unit.text)).length;
        if (carrying !== 1) {
          add(
            "event-order",
            file,
            "$.posts",
            `expected exactly one post carrying unit "${ev}", found ${carrying}`,
          );
        }
      }
      chat.posts.forEach((p, j) => {
        if (!members.has(p.user))
          add("people", file, `$.posts[${j}].user`, `expected a user of this export, got "${p.user}"`);
        if (!channels.has(p.channel))
          add(
            "channels",
            file,
            `$.posts[${j}].channel`,
            `expected a channel listed in task.json channels, got "${p.channel}"`,
          );
        const prev = chat.posts[j - 1];
        if (prev && p.create_at <= prev.create_at) {
          add(
            "event-order",
            file,
            `$.posts[${j}].create_at`,
            `expected a time after the previous post (${prev.create_at}), got ${p.create_at}`,
          );
        }
      });
    }
  }
}

/** Adjacent facts belong to their own case and never speak about (let alone contradict) the user's case. */
function checkAdjacent(task: Task, taskFile: string, unitIndex: Map<string, number>, add: Add): void {
  const cases = new Map(task.adjacent_cases.map((c) => [c.case_id, c]));
  const user = task.user_case;
  const gold = new Map<string, string | null>();
  task.generic_workflow.forEach((s, i) => {
    if (s.condition) gold.set(s.condition.id, task.personalized_workflow[i]?.resolved_branch ?? null);
  });
  task.adjacent_cases.forEach((c, i) => {
    if (user && (c.case_id === user.case_id || c.subject === user.subject)) {
      add(
        "adjacent-contradiction",
        taskFile,
        `$.adjacent_cases[${i}]`,
        "expected an adjacent case with its own case id and subject, distinct from the user's case",
      );
    }
  });
  const userSurname = user ? user.subject.split(" ").pop()! : null;
  for (const u of task.evidence) {
    if (u.role !== "adjacent") continue;
    const at = `$.evidence[${unitIndex.get(u.id)}]`;
    const own = u.case_id ? cases.get(u.case_id) : undefined;
    if (!own) {
      add(
        "adjacent-contradiction",
        taskFile,
        `${at}.case_id`,
        `expected the id of an adjacent case, got ${JSON.stringify(u.case_id)}`,
      );
      continue;
    }
    const ownSurname = own.subject.split(" ").pop()!;
    if (!u.text.includes(own.case_id) && !u.text.includes(ownSurname)) {
      add(
        "adjacent-contradiction",
        taskFile,
        `${at}.text`,
        `expected the fact to name its own case (${own.case_id} or ${ownSurname})`,
      );
    }
    if (!user) continue;
    const namesUser =
      u.text.includes(user.case_id) ||
      (userSurname !== null && new RegExp(`\\b${userSurname}\\b`).test(u.text));
    if (!namesUser) continue;
    const conflicting = u.resolves_conditions.filter(
      (c) => gold.has(c) && u.selects_branch !== null && u.selects_branch !== gold.get(c),
    );
    add(
      "adjacent-contradiction",
      taskFile,
      `${at}.text`,
      conflicting.length > 0
        ? `expected no adjacent fact about the user's case; this one names ${user.subject} (${user.case_id}) and selects "${u.selects_branch}" for ${conflicting.join(", ")}, contradicting the user's branch "${gold.get(conflicting[0]!)}"`
        : `expected no adjacent fact about the user's case; this one names ${user.subject} (${user.case_id})`,
    );
  }
}

/** Distractors (units and whole files) carry no gold-step content: no step marker, no long run shared with gold evidence. */
function checkLeaks(
  task: Task,
  artifacts: readonly ArtifactEntry[],
  texts: Map<string, string>,
  n: number,
  taskFile: string,
  fileOf: (a: ArtifactEntry) => string,
  unitIndex: Map<string, number>,
  add: Add,
): void {
  const goldUnits = task.evidence.filter(
    (u) => u.role === "insight" && (u.supports_steps.length > 0 || u.resolves_conditions.length > 0),
  );
  const gold = new Map<string, string>();
  for (const u of goldUnits) for (const s of shingles(u.text, n)) if (!gold.has(s)) gold.set(s, u.id);
  const markers = task.generic_workflow.map((s) => ({
    item: s.item,
    marker: normalizeText(`Step ${s.item} - ${s.title}`).toLowerCase(),
  }));
  const leak = (text: string): string | null => {
    const norm = normalizeText(text).toLowerCase();
    const marker = markers.find((m) => norm.includes(m.marker));
    if (marker) return `the marker of gold step ${marker.item}`;
    for (const s of shingles(text, n)) if (gold.has(s)) return `"${s}" from gold unit ${gold.get(s)}`;
    return null;
  };
  for (const u of task.evidence) {
    if (u.role !== "distractor") continue;
    const found = leak(u.text);
    if (found)
      add(
        "distractor-leak",
        taskFile,
        `$.evidence[${unitIndex.get(u.id)}].text`,
        `expected no gold-step content in a distractor, found ${found}`,
      );
  }
  for (const a of artifacts) {
    if (a.role !== "distractor" || !texts.has(a.id)) continue;
    const found = leak(texts.get(a.id)!);
    if (found)
      add(
        "distractor-leak",
        fileOf(a),
        "$",
        `expected no gold-step content in a distractor file, found ${found}`,
      );
  }
}

/** Structural checks of the folder, then, when it loads, the full task validation. */
export async function validateTaskDir(
  dir: string,
  load: () => Promise<LoadedTask>,
  options: ValidateOptions = {},
): Promise<Violation[]> {
  const structural = (await validateTaskFolder(dir)).map((i) => ({ ...i, rule: "schema" as const }));
  let loaded: LoadedTask;
  try {
    loaded = await load();
  } catch {
    return structural; // task.json or the manifest cannot be read: the structural issues say why
  }
  // every violation, not only the structural ones (a path already reported is not reported again)
  const seen = new Set(structural.map((v) => `${v.file}\n${v.path}`));
  const semantic = (await validateTask(loaded, options)).filter((v) => !seen.has(`${v.file}\n${v.path}`));
  return [...structural, ...semantic];
}
