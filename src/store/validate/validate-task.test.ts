import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Task } from "../../core/index.ts";
import { generateProceduralTask, taskFolder } from "../../generate/index.ts";
import { loadTask, writeTask } from "../task-store.ts";
import { type Rule, validateTask, validateTaskDir } from "./index.ts";

let root: string;
const generated = generateProceduralTask({
  taskId: "healthcare_01",
  domain: "healthcare",
  seed: 7,
  family: "lep-consent",
});
/** What a generator writes: working ids replaced by opaque handles. */
const folder = await taskFolder(generated);

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "drflow-validate-"));
  await writeTask(root, "ok", folder.task, folder.manifest, folder.files);
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

/** Load the sound task, apply a defect to task.json in memory, validate against the real files. */
async function withDefect(mutate: (task: Task) => void) {
  const loaded = await loadTask(root, "ok/healthcare_01");
  const task = structuredClone(loaded.task);
  mutate(task);
  return validateTask({ ...loaded, task });
}

const rules = (violations: { rule: Rule }[]) => new Set(violations.map((v) => v.rule));

describe("task validation", () => {
  test("a generated task passes every check", async () => {
    const loaded = await loadTask(root, "ok/healthcare_01");
    expect(await validateTask(loaded)).toEqual([]);
  }, 60_000);

  test("a step with no insight is reported at its JSON path", async () => {
    const found = await withDefect((t) => {
      const unit = t.evidence.find((u) => u.side === "company" && u.supports_steps.includes(5))!;
      unit.supports_steps = [];
    });
    const v = found.find((x) => x.rule === "step-support")!;
    expect(v.path).toBe("$.generic_workflow[4]");
    expect(v.file).toEndWith("task.json");
    expect(v.expected).toContain("step 5");
  }, 60_000);

  test("an unresolved condition is reported", async () => {
    const found = await withDefect((t) => {
      for (const u of t.evidence)
        if (u.side === "user")
          u.resolves_conditions = u.resolves_conditions.filter((c) => c !== "witness_mode");
    });
    const v = found.find((x) => x.rule === "condition-resolution")!;
    expect(v.expected).toContain('condition "witness_mode"');
    expect(v.path).toMatch(/^\$\.generic_workflow\[\d+\]\.condition$/);
  }, 60_000);

  test("a user unit selecting another branch than the gold one is reported", async () => {
    const found = await withDefect((t) => {
      const u = t.evidence.find((x) => x.id === "ev_cond_interpreter_modality")!;
      u.selects_branch = u.selects_branch === "vri" ? "in_person" : "vri";
    });
    expect(rules(found).has("condition-resolution")).toBe(true);
  }, 60_000);

  test("an adjacent fact that contradicts the user's case is reported", async () => {
    const found = await withDefect((t) => {
      const user = t.user_case!;
      // a look-alike's fact on a decision it shares with the workflow
      const u = t.evidence.find((x) => x.role === "adjacent" && x.resolves_conditions.length > 0)!;
      const step = t.generic_workflow.find((s) => s.condition?.id === u.resolves_conditions[0])!;
      const gold = t.personalized_workflow[step.item - 1]!.resolved_branch;
      const other = step.condition!.branches.find((b) => b.id !== gold)!;
      u.text = `${u.text} Same for ${user.subject} (${user.case_id}).`;
      u.selects_branch = other.id;
    });
    const v = found.find((x) => x.rule === "adjacent-contradiction")!;
    expect(v.expected).toContain("contradicting the user's branch");
    expect(v.path).toMatch(/^\$\.evidence\[\d+\]\.text$/);
  }, 60_000);

  test("a distractor that leaks a step is reported", async () => {
    const found = await withDefect((t) => {
      const step = t.evidence.find((u) => u.side === "company" && u.role === "insight")!;
      const d = t.evidence.find((u) => u.role === "distractor")!;
      d.text = `Reminder from the huddle: ${step.text}`;
    });
    const v = found.find((x) => x.rule === "distractor-leak")!;
    expect(v.expected).toMatch(/marker of gold step|from gold unit/);
  }, 60_000);

  test("an unknown chat user, a wrong channel and out-of-order posts are reported on the file", async () => {
    const dir = join(root, "chat", "healthcare_01");
    await writeTask(root, "chat", folder.task, folder.manifest, folder.files);
    const entry = folder.manifest.artifacts.find((a) => a.format === "chat")!;
    const file = join(dir, "artifacts", entry.path);
    const chat = JSON.parse(await readFile(file, "utf8"));
    chat.users[0].username = "mallory";
    chat.posts[0].user = "mallory";
    chat.channels[0].name = "nowhere";
    chat.posts[1].create_at = chat.posts[0].create_at - 1000;
    await writeFile(file, JSON.stringify(chat));
    const found = await validateTaskDir(dir, () => loadTask(root, "chat/healthcare_01"));
    expect(
      found
        .filter((v) => v.file === file)
        .map((v) => v.rule)
        .sort(),
    ).toEqual(expect.arrayContaining(["people", "channels", "event-order"]));
  }, 60_000);

  test("a gold detail that no insight file states is reported", async () => {
    const found = await withDefect((t) => {
      t.personalized_workflow[0]!.task_description += " Reference INV-99999 and charge $12,345.";
    });
    const values = found.filter((v) => v.rule === "personalized-grounding").map((v) => v.expected);
    expect(values).toEqual([
      'expected "INV-99999" to appear in an insight file (the user\'s evidence or the policy)',
      'expected "$12,345" to appear in an insight file (the user\'s evidence or the policy)',
    ]);
  });

  test("a planned chat event posted twice (or never) is reported", async () => {
    const dir = join(root, "twice", "healthcare_01");
    await writeTask(root, "twice", folder.task, folder.manifest, folder.files);
    const entry = folder.manifest.artifacts.find((a) => a.format === "chat" && a.role === "insight")!;
    const file = join(dir, "artifacts", entry.path);
    const chat = JSON.parse(await readFile(file, "utf8"));
    const last = chat.posts.at(-1);
    const carrier = chat.posts.find((p: { message: string }) => p.message.length > 60);
    chat.posts.push({ ...carrier, create_at: last.create_at + 60_000 });
    await writeFile(file, JSON.stringify(chat));
    const found = await validateTaskDir(dir, () => loadTask(root, "twice/healthcare_01"));
    expect(
      found.some((v) => v.file === file && v.expected.startsWith("expected exactly one post carrying unit")),
    ).toBe(true);
  }, 60_000);

  test("structural problems are reported together with every other violation, each file path once", async () => {
    await writeTask(root, "broken", folder.task, folder.manifest, []);
    const found = await validateTaskDir(join(root, "broken", "healthcare_01"), () =>
      loadTask(root, "broken/healthcare_01"),
    );
    const schema = found.filter((v) => v.rule === "schema");
    expect(schema.length).toBe(folder.manifest.artifacts.length);
    expect(schema.every((v) => v.expected.includes("expected the file to exist"))).toBe(true);
    expect(rules(found).size).toBeGreaterThan(1);
    const paths = found.filter((v) => v.path.endsWith(".path")).map((v) => v.path);
    expect(new Set(paths).size).toBe(paths.length);
  }, 60_000);

  test("the text check reports faulty English in a realized file and in the gold wording", async () => {
    await writeTask(root, "prose", folder.task, folder.manifest, folder.files);
    const loaded = await loadTask(root, "prose/healthcare_01");
    const md = loaded.manifest.artifacts.find((a) => a.format === "md")!;
    const file = join(root, "prose", "healthcare_01", "artifacts", md.path);
    await writeFile(
      file,
      `${await readFile(file, "utf8")}\nThe agent ringed ahead about the a consent form.\n`,
    );
    const task = structuredClone(loaded.task);
    task.generic_workflow[0]!.task = "Submiting the consent form";
    const found = (await validateTask({ ...loaded, task })).filter((v) => v.rule === "prose");
    expect(found.map((v) => [v.file === file ? "file" : v.path, v.expected.split(",")[0]])).toEqual([
      ["file", "expected no doubled article"],
      ["file", "expected no regular past of an irregular verb"],
      ["$.generic_workflow[0].task", "expected no verb form"],
    ]);
  }, 60_000);
});
