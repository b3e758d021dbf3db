/**
 * DRBA's DRBench report mode over the scripted server, on a real DRBench task (imported DR0003): the research report
 * prompt gets the question and the registered sources; the reply's insights become cited findings (unknown keys
 * dropped and noted); the report is a research-form report the judge reads, citing the files the evidence came from.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { drba, runAgent } from "../../src/agents/index.ts";
import { loadEnv } from "../../src/env/load.ts";
import { importDrbench } from "../../src/generate/import/drbench.ts";
import { evaluate, renderReportMarkdown } from "../../src/judge/index.ts";
import { createModel } from "../../src/llm/index.ts";
import { loadTask } from "../../src/store/task-store.ts";
import { startScriptedServer } from "../support/scripted-server.ts";
import { agentReplies, promptOf } from "./support/scripted-agent.ts";

setDefaultTimeout(60_000);
const root = mkdtempSync(join(tmpdir(), "drflow-drba-research-"));
beforeAll(() =>
  importDrbench(join(import.meta.dir, "../fixtures/drbench-sample/tasks"), { root, suite: "drbench" }),
);
afterAll(() => rmSync(root, { recursive: true, force: true }));

test("on a DRBench task DRBA writes DRBench's insight + citation report", async () => {
  const base = agentReplies({
    "DRBA.ACTIONS": () => ({
      content: JSON.stringify([
        {
          type: "enterprise_api",
          description: "loyalty metrics",
          parameters: { query: "loyalty program redemption rate", top_k: 10, service: "auto", document: "" },
          priority: 0.9,
          expected_output: "loyalty figures",
          preferred_tool: "EnterpriseAPITool",
        },
      ]),
    }),
  });
  let reportPrompt = "";
  const server = await startScriptedServer({
    reply: (req, i) => {
      const prompt = promptOf(req);
      if (!prompt.startsWith("You are writing the final report")) return base(req, i);
      reportPrompt = prompt;
      const key = /(src_\d+)[^\n]*loyalty-programs-insights/.exec(prompt)?.[1] ?? "src_1";
      return {
        content: JSON.stringify({
          summary: "CRM-driven loyalty offers engage Lee's Market shoppers.",
          insights: [
            {
              text: "Lee's Market reached a 35% redemption rate on CRM-driven loyalty offers in Q2 2024.",
              citations: [key],
            },
            { text: "An unsupported claim.", citations: ["src_99"] },
          ],
        }),
      };
    },
  });
  const loaded = await loadTask(root, "drbench/DR0003");
  const env = await loadEnv(loaded, { split: "original" });
  try {
    const model = createModel(`compat:${server.url}#test-model`, { cache: null, retry: { maxRetries: 0 } });
    const out = await runAgent(drba({ planning: "none", aap: false }), env, model, { runId: "t" });
    expect(reportPrompt).toContain('RESEARCH QUESTION: "How can we leverage data-driven loyalty programs');
    expect(reportPrompt).not.toContain("DR0003_IN_"); // real (role-bearing) ids never reach the prompt
    expect(out.report.form).toBe("research");
    expect(out.report.findings).toMatch(/^- Lee's Market reached a 35% .* \[DOC:src_\d+\]$/m);
    expect(out.report.findings).toContain("- An unsupported claim.");
    expect(
      out.trace.some(
        (e) => e.type === "note" && e.message.includes("citations dropped") && e.message.includes("src_99"),
      ),
    ).toBe(true);
    const cited = out.report.references.map((r) => r.path);
    expect(cited).toEqual(["drive/loyalty-programs-insights.md"]);
    expect(renderReportMarkdown(out.report)).not.toContain("Generic Workflow");
    const r = await evaluate(out.report, loaded, { judge: "lexical" });
    expect(
      r.metrics.find((m) => m.metric === "insight_recall")!.items.find((i) => i.id === "IN003_pdf")!.score,
    ).toBe(1);
    const fact = r.metrics.find((m) => m.metric === "factuality")!;
    // The uncited summary sentence is non-factual; the cited insight is supported by its file ("An unsupported
    // claim." is too short to be an insight).
    expect(fact.items.map((i) => i.score)).toEqual([0, 1]);
  } finally {
    await env.close();
    await server.close();
  }
});
