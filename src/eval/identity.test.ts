/** Run identity: what changes it (task content, agent options, model, judge version) and what does not (spelling). */
import { expect, test } from "bun:test";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lexicalJudge } from "../judge/index.ts";
import type { Judge } from "../judge/judges/types.ts";
import { loadTask } from "../store/task-store.ts";
import { agentIdentity, judgeIdentity, runIdentity, sameAgent, taskFingerprint } from "./identity.ts";

const ROOT = join(import.meta.dir, "../../test/fixtures/env");

test("a task's fingerprint follows its content: an artifact's bytes, task.json; not the folder it sits in", async () => {
  const dir = mkdtempSync(join(tmpdir(), "drflow-identity-"));
  try {
    cpSync(join(ROOT, "mini"), join(dir, "a", "mini"), { recursive: true });
    cpSync(join(ROOT, "mini"), join(dir, "b", "mini"), { recursive: true });
    const a = await taskFingerprint(await loadTask(join(dir, "a"), "mini/mini_01"));
    expect(await taskFingerprint(await loadTask(join(dir, "b"), "mini/mini_01"))).toBe(a);
    const loaded = await loadTask(join(dir, "b"), "mini/mini_01");
    const entry = loaded.manifest.artifacts[0]!;
    const file = join(loaded.dir, "artifacts", entry.path);
    writeFileSync(file, Buffer.concat([Buffer.from(await Bun.file(file).arrayBuffer()), Buffer.from(" ")]));
    expect(await taskFingerprint(await loadTask(join(dir, "b"), "mini/mini_01"))).not.toBe(a);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("an agent is its name and changed options, however the spec is spelled", () => {
  expect(agentIdentity("drfa-wo-gf")).toEqual(agentIdentity("drfa:gf=false"));
  expect(agentIdentity("drfa:gf=false,cap=true")).toEqual(agentIdentity("drfa:gf=false"));
  expect(agentIdentity("drfa")).toEqual({ name: "drfa", options: {} });
  expect(agentIdentity("drfa:iterations=5")).not.toEqual(agentIdentity("drfa"));
  expect(sameAgent("drfa-wo-gf", { agent: "drfa:gf=false", agent_options: { gf: false, cap: true } })).toBe(
    true,
  );
  expect(sameAgent("drfa", { agent: "drfa", agent_options: { gf: false } })).toBe(false);
});

test("the identity changes with task content, agent, model, split, repeat and judge version", () => {
  const base = {
    task: "f1",
    agent: "drfa",
    model: "openai:gpt-4o",
    split: "original" as const,
    repeat: 0,
    judge: judgeIdentity(lexicalJudge()),
  };
  const id = runIdentity(base);
  expect(runIdentity({ ...base, agent: "drfa:gf=true" })).toBe(id);
  for (const change of [
    { task: "f2" },
    { agent: "drfa-wo-gf" },
    { model: "openai:gpt-4o-mini" },
    { modelOptions: { temperature: 0.7 } },
    { split: "mixed" as const },
    { repeat: 1 },
    { judge: null },
    { embedder: "openai:text-embedding-3-small" },
  ])
    expect(runIdentity({ ...base, ...change })).not.toBe(id);
  // An LLM run's environment embedder is part of it; runs recorded without one (offline agents) keep their identity.
  const small = runIdentity({ ...base, embedder: "openai:text-embedding-3-small" });
  expect(runIdentity({ ...base, embedder: "openai:text-embedding-3-large" })).not.toBe(small);
  expect(runIdentity({ ...base, embedder: undefined })).toBe(id);
  // A judge whose rules or thresholds changed has another version.
  const lexical = lexicalJudge();
  const tweaked: Judge = Object.assign(Object.create(lexical), {
    info: (k: Parameters<Judge["info"]>[0]) => ({ ...lexical.info(k), prompt_hash: "changed" }),
  });
  expect(judgeIdentity(tweaked)).not.toBe(judgeIdentity(lexical));
  expect(judgeIdentity(lexical)).toMatch(/^lexical@[0-9a-f]{12}$/);
});
