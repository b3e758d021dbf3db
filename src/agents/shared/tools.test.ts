import { expect, test } from "bun:test";
import type { Env, SearchHit } from "../../env/types.ts";
import { toAction } from "./action.ts";
import { executeSearch, Toolbox, toolChain } from "./tools.ts";
import { Tracer } from "./trace.ts";

const action = (
  type: string,
  stage: "REQUIREMENT_COLLECTION" | "PERSONAL_EVIDENCE_COLLECTION",
  preferred?: string,
) =>
  toAction(
    {
      type,
      description: "d",
      parameters: { query: "consent" },
      priority: 0.5,
      expected_output: "",
      preferred_tool: preferred ?? "",
    },
    { id: "a", stage, origin: "plan" },
  );

test("internal-first: preferred tool, then type/stage choice, the other internal tool, the web last", () => {
  const offline = ["local_document_search", "enterprise_search"] as const;
  const online = [...offline, "web_search"] as const;
  expect(toolChain(action("web_search", "REQUIREMENT_COLLECTION"), online)).toEqual([
    "local_document_search",
    "enterprise_search",
    "web_search",
  ]);
  expect(toolChain(action("analysis", "PERSONAL_EVIDENCE_COLLECTION"), offline)).toEqual([
    "enterprise_search",
    "local_document_search",
  ]);
  expect(
    toolChain(action("local_document_search", "REQUIREMENT_COLLECTION", "EnterpriseAPITool"), offline)[0],
  ).toBe("enterprise_search");
  // A preferred web tool is never tried before internal ones.
  expect(toolChain(action("enterprise_api", "REQUIREMENT_COLLECTION", "InternetSearchTool"), online)).toEqual(
    ["enterprise_search", "local_document_search", "web_search"],
  );
});

test("execution falls back along the chain only while tools return nothing; every call is traced", async () => {
  const hit = (id: string): SearchHit => ({
    documentId: id,
    chunkId: `${id}#0`,
    app: "email",
    title: id,
    path: `email/${id}`,
    score: 1,
    snippet: "",
    text: "consent",
    author: "",
    date: "",
  });
  const calls: string[] = [];
  const env = {
    search: async (_q: string, o?: { apps?: string[] }) => {
      calls.push((o?.apps ?? ["all"]).join("+"));
      return o?.apps?.includes("drive") ? [] : [hit("e1")];
    },
  } as unknown as Env;
  const tracer = new Tracer({ now: () => 0 });
  const web: string[] = [];
  const box = new Toolbox(env, tracer, async (q) => {
    web.push(q);
    return [];
  });
  const results = await executeSearch(action("local_document_search", "REQUIREMENT_COLLECTION"), box);
  expect(results.map((r) => [r.tool, r.hits.length])).toEqual([
    ["local_document_search", 0],
    ["enterprise_search", 1],
  ]);
  expect(calls).toEqual(["drive+files", "all"]);
  expect(web).toEqual([]); // internal sources answered: no web fallback
  expect(tracer.events.map((e) => (e.type === "tool" ? e.tool : e.type))).toEqual([
    "local_document_search",
    "enterprise_search",
  ]);
});

test("without a web tool the web is reported unavailable rather than silently empty", async () => {
  const env = { search: async () => [] } as unknown as Env;
  const box = new Toolbox(env, new Tracer());
  const r = await box.call({ tool: "web_search", query: "x", limit: 3 });
  expect(r.hits).toEqual([]);
  expect(r.note).toContain("unavailable");
});
