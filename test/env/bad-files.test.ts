/**
 * Every bad file of a task folder is a clear error at load (issue 30, point 6), never mojibake or a silent pass: an
 * .eml that is not UTF-8 or whose MIME is broken, a text file or task.json with a byte that is not UTF-8, repeated gold
 * step items, repeated evidence ids, a prerequisite naming no step, and a chat export of the wrong shape. Each is
 * refused by `loadTask` / `loadEnv` (so `eval`, `run` and `judge` never score it) and by `tasks validate`, with
 * `file: $.field: expected …` lines.
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Task } from "../../src/core/index.ts";
import { loadEnv } from "../../src/env/index.ts";
import { copyTaskFolder } from "../../src/store/copy-task.ts";
import { loadTask } from "../../src/store/task-store.ts";
import { drflow } from "../support/cli.ts";

setDefaultTimeout(60_000);

const MINI = join(import.meta.dir, "../fixtures/env/mini");
const TASKS = join(import.meta.dir, "../../tasks");
const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** A fresh copy of a task folder as `<root>/s/<id>`. */
function copy(from: string, id: string): { root: string; dir: string; ref: string } {
  const root = mkdtempSync(join(tmpdir(), "drflow-bad-files-"));
  roots.push(root);
  cpSync(from, join(root, "s", id), { recursive: true });
  return { root, dir: join(root, "s", id), ref: `s/${id}` };
}

const mini = () => copy(join(MINI, "mini_01"), "mini_01");
/** The demo's b2b_01 as `<root>/s/b2b_01`, with its company corpus. */
function demo(): { root: string; dir: string; ref: string } {
  const root = mkdtempSync(join(tmpdir(), "drflow-bad-files-"));
  roots.push(root);
  copyTaskFolder(TASKS, "demo/b2b_01", root, "s");
  return { root, dir: join(root, "s", "b2b_01"), ref: "s/b2b_01" };
}
const enc = (s: string) => new TextEncoder().encode(s);
const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...enc(p)] : p)));

async function loadError(root: string, ref: string): Promise<string> {
  try {
    const env = await loadEnv(await loadTask(root, ref), { split: "mixed" });
    await env.close();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected loading to fail");
}

async function validated(root: string, ref: string) {
  return drflow("tasks", "validate", ref, "--root", root);
}

/** Edit task.json of a copied task. */
function editTask(dir: string, edit: (task: Task) => void): void {
  const file = join(dir, "task.json");
  const task = JSON.parse(readFileSync(file, "utf8")) as Task;
  edit(task);
  writeFileSync(file, JSON.stringify(task, null, 2));
}

/** `drflow judge` of a plain report on the task: refused with the load error, nothing scored. */
async function judged(root: string, ref: string) {
  const report = join(root, "report.md");
  writeFileSync(report, "# Workflow\n\n1. Open the request and check it.\n");
  return drflow("judge", "--task", ref, "--report", report, "--root", root, "--judge", "lexical");
}

describe("every bad file is a clear error at load", () => {
  test("an .eml that is not UTF-8 (and names no other charset) is refused naming the file and byte, not loaded as mojibake", async () => {
    const { root, ref } = mini();
    const eml = join(root, ref, "artifacts/email/kim-visit.eml");
    const text = readFileSync(eml, "utf8").replace("Ms. Kim's", "Ms. Kim\u00e9's");
    // The é as one Latin-1 byte (0xe9) in a message declaring charset=utf-8.
    writeFileSync(eml, Buffer.from(text, "latin1"));
    const error = await loadError(root, ref);
    expect(error).toMatch(/email\/kim-visit\.eml: expected a readable eml file/);
    expect(error).toMatch(/expected UTF-8 text, byte \d+ \(0xe9, line 9\) is not UTF-8/);
    const out = await validated(root, ref);
    expect(out.code).toBe(1);
    expect(out.out).toMatch(/kim-visit\.eml.*byte \d+ \(0xe9/);
  });

  test("an .eml with broken MIME is refused naming the part: no boundary, a boundary never closed, base64 that is not", async () => {
    const broken = {
      "no boundary": "Content-Type: multipart/mixed\n\n--b\n\nhello\n--b--\n",
      "never closed":
        'Content-Type: multipart/mixed; boundary="b"\n\n--b\nContent-Type: text/plain\n\nhello\n',
      "not base64":
        "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\nnot base64 at all!\n",
      "invalid UTF-8 inside base64": `Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n${Buffer.from([0x63, 0xc3, 0x28]).toString("base64")}\n`,
    };
    const expected: Record<keyof typeof broken, RegExp> = {
      "no boundary": /message: expected a boundary parameter on Content-Type multipart\/mixed/,
      "never closed": /message: expected the closing boundary "--b--"/,
      "not base64": /message: expected a base64 body/,
      "invalid UTF-8 inside base64": /it decodes to U\+FFFD/,
    };
    for (const [name, mime] of Object.entries(broken) as [keyof typeof broken, string][]) {
      const { root, ref } = mini();
      writeFileSync(
        join(root, ref, "artifacts/email/kim-visit.eml"),
        `From: Jo Park <jo@harbor.example>\nSubject: Kim\nDate: Wed, 05 Mar 2025 10:00:00 +0000\nMIME-Version: 1.0\n${mime}`,
      );
      const error = await loadError(root, ref);
      expect(error, name).toMatch(/email\/kim-visit\.eml: expected a readable eml file/);
      expect(error, name).toMatch(expected[name]);
    }
  });

  test("a Markdown file and a chat export with a byte that is not UTF-8 are refused naming the file and byte", async () => {
    for (const file of ["drive/interpreter-policy.md", "chat/scheduling.json"]) {
      const { root, ref } = mini();
      const path = join(root, ref, "artifacts", file);
      const text = readFileSync(path);
      writeFileSync(
        path,
        bytes(text.subarray(0, 20).toString("utf8"), [0xc3, 0x28], text.subarray(20).toString("utf8")),
      );
      const error = await loadError(root, ref);
      expect(error, file).toContain(`${file}: expected a readable`);
      expect(error, file).toMatch(/expected UTF-8 text, byte 20 \(0xc3, line \d+\) is not UTF-8/);
    }
  });

  test("invalid UTF-8 inside task.json is refused by load, validate and judge", async () => {
    const { root, dir, ref } = demo();
    const file = join(dir, "task.json");
    const text = readFileSync(file, "utf8");
    const at = text.indexOf('"question"') + 14;
    writeFileSync(file, bytes(text.slice(0, at), [0xff], text.slice(at)));
    await expect(loadTask(root, ref)).rejects.toThrow(
      new RegExp(
        `${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: \\$: expected UTF-8 text, byte \\d+ \\(0xff, line \\d+\\) is not UTF-8`,
      ),
    );
    const out = await validated(root, ref);
    expect(out.code).toBe(1);
    expect(out.out).toMatch(/task\.json: \$: expected UTF-8 text, byte \d+ \(0xff/);
    const judge = await judged(root, ref);
    expect(judge.code).not.toBe(0);
    expect(judge.err).toMatch(/task\.json: \$: expected UTF-8 text/);
    expect(judge.out).not.toMatch(/Precision/);
  });

  test("a repeated gold step item is refused naming both steps; the judge never scores it", async () => {
    const { root, dir, ref } = demo();
    editTask(dir, (t) => {
      t.generic_workflow[3]!.item = 3;
      t.personalized_workflow[3]!.item = 3;
    });
    const expected =
      /task\.json: \$\.generic_workflow\[3\]\.item: expected a unique item, 3 is also \$\.generic_workflow\[2\]\.item/;
    await expect(loadTask(root, ref)).rejects.toThrow(expected);
    await expect(loadTask(root, ref)).rejects.toThrow(
      /\$\.personalized_workflow\[3\]\.item: expected a unique item/,
    );
    expect((await validated(root, ref)).out).toMatch(expected);
    const judge = await judged(root, ref);
    expect(judge.code).not.toBe(0);
    expect(judge.err).toMatch(expected);
  });

  test("a repeated evidence id is refused naming both units", async () => {
    const { root, dir, ref } = demo();
    editTask(dir, (t) => {
      t.evidence[2]!.id = t.evidence[0]!.id;
    });
    const expected =
      /task\.json: \$\.evidence\[2\]\.id: expected a unique id, "ev_step_01" is also \$\.evidence\[0\]\.id/;
    await expect(loadTask(root, ref)).rejects.toThrow(expected);
    expect((await validated(root, ref)).out).toMatch(expected);
    expect((await judged(root, ref)).err).toMatch(expected);
  });

  test("a prerequisite naming no step is refused with the items there are", async () => {
    const { root, dir, ref } = demo();
    let last = 0;
    editTask(dir, (t) => {
      t.generic_workflow[5]!.prerequisite = "17";
      last = t.generic_workflow.length;
    });
    const expected = new RegExp(
      `task\\.json: \\$\\.generic_workflow\\[5\\]\\.prerequisite: expected "" or the item number of another step of this workflow, got "17" \\(items 1, 2, .*, ${last}\\)`,
    );
    await expect(loadTask(root, ref)).rejects.toThrow(expected);
    expect((await validated(root, ref)).out).toMatch(expected);
    expect((await judged(root, ref)).err).toMatch(expected);
  });

  test("a chat export of the wrong shape is one line per field, never a zod dump", async () => {
    const { root, ref } = mini();
    const file = join(root, ref, "artifacts/chat/scheduling.json");
    const chat = JSON.parse(readFileSync(file, "utf8"));
    chat.posts[0].user = 7;
    delete chat.posts[1].create_at;
    chat.users = "sam.lee";
    writeFileSync(file, JSON.stringify(chat));
    const error = await loadError(root, ref);
    const lines = error.split("\n");
    expect(lines).toHaveLength(3);
    expect(error).toContain("chat export: $.posts[0].user: expected a string, got number 7");
    expect(error).toContain("chat export: $.posts[1].create_at: expected number, got nothing");
    expect(error).toContain('chat export: $.users: expected array, got "sam.lee"');
    expect(error).not.toContain('"code"');
    // tasks validate names the file itself.
    const out = await validated(root, ref);
    expect(out.code).toBe(1);
    expect(out.out).toContain("scheduling.json: expected a readable chat file");
  });
});
