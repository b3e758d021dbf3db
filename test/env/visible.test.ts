/**
 * What an agent sees names nothing (issue 11): `drflow env show` and `env search` on every demo task print opaque
 * handles only, and the agent-visible types cannot carry a gold field (a compile-time check, `bun run check`).
 */
import { afterAll, describe, expect, setDefaultTimeout, spyOn, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { env } from "../../src/cli/commands/env.ts";
import { DOC_HANDLE } from "../../src/core/index.ts";
import type { Observed } from "../../src/env/audit/index.ts";
import type { EnvDocument, NoGold, SearchHit } from "../../src/env/types.ts";
import { listTasks } from "../../src/store/task-store.ts";

setDefaultTimeout(180_000);

const ROOT = join(import.meta.dir, "../../tasks");
const indexDir = mkdtempSync(join(tmpdir(), "drflow-visible-"));
afterAll(() => rmSync(indexDir, { recursive: true, force: true }));

async function capture(args: string[]): Promise<string> {
  const lines: string[] = [];
  const spy = spyOn(console, "log").mockImplementation((...a: unknown[]) => {
    lines.push(a.join(" "));
  });
  try {
    expect(await env.run(args)).toBe(0);
    return lines.join("\n");
  } finally {
    spy.mockRestore();
  }
}

const ROLE_ID = /_(IN|DI|AD)_\d+/;

describe("what an agent sees names nothing", () => {
  test("env show and env search on every demo task (mixed split) print only opaque handles", async () => {
    const tasks = await listTasks(ROOT, "demo");
    expect(tasks).toHaveLength(10);
    for (const t of tasks) {
      const common = ["--root", ROOT, "--task", t.ref, "--split", "mixed", "--index-dir", indexDir];
      const shown = await capture(["show", ...common]);
      const ids = [...shown.matchAll(/^ {2}(\S+) /gm)].map((m) => m[1]!);
      expect(ids.length).toBeGreaterThan(20);
      for (const id of ids) expect(id).toMatch(DOC_HANDLE);
      expect(shown).not.toMatch(ROLE_ID);
      const hits = JSON.parse(
        await capture(["search", ...common, "--json", "policy case form"]),
      ) as SearchHit[];
      expect(hits.length).toBeGreaterThan(0);
      for (const h of hits) expect(h.documentId).toMatch(DOC_HANDLE);
      expect(JSON.stringify(hits)).not.toMatch(ROLE_ID);
      const one = await capture(["show", ...common, "--id", ids[0]!]);
      expect(one).not.toMatch(ROLE_ID);
    }
  });

  test("the agent-visible types carry no gold field (checked by the compiler)", () => {
    const visible: [NoGold<EnvDocument>, NoGold<SearchHit>, NoGold<Observed["visible"]>] = [true, true, true];
    // @ts-expect-error a document type with a role is a leak, and does not compile
    const leak: NoGold<EnvDocument & { role: string }> = true;
    expect([...visible, leak]).toEqual([true, true, true, true]);
  });
});
