import { expect, test } from "bun:test";
import { agentFromSpec, agentLabel, formatAgentSpec, parseAgentSpec } from "./registry.ts";

test("specs and ablation aliases build agents with their options", () => {
  expect(parseAgentSpec("drfa:gf=false,iterations=5")).toEqual({
    name: "drfa",
    options: { gf: false, iterations: 5 },
  });
  const wo = agentFromSpec("drfa-wo-both");
  expect(wo.name).toBe("drfa");
  expect(wo.options).toMatchObject({ gf: false, cap: false, iterations: 10, concurrency: 1 });
  expect(agentFromSpec("drba:planning=srp,aap=false").options).toMatchObject({ planning: "srp", aap: false });
  expect(agentFromSpec("basic").needsModel).toBe(true);
  expect(agentFromSpec("extractive").needsModel).toBe(false);
  expect(agentLabel(agentFromSpec("drfa", { cap: false }))).toBe("drfa(cap=false)");
  expect(agentLabel(agentFromSpec("drfa"))).toBe("drfa");
});

test("unknown agents and bad options are errors that say what was expected", () => {
  expect(() => agentFromSpec("drfx")).toThrow(
    'unknown agent "drfx": expected one of basic, drba, drfa, extractive',
  );
  expect(() => agentFromSpec("drba:planning=xyz")).toThrow('agent "drba:planning=xyz": invalid options');
  expect(() => agentFromSpec("drfa:gf")).toThrow("expected key=value");
});

test("a misspelt option is rejected, not silently ignored", () => {
  expect(() => agentFromSpec("drfa:gff=false")).toThrow(/invalid options.*gff/);
});

test("formatAgentSpec is the inverse of parseAgentSpec", () => {
  expect(formatAgentSpec("drfa")).toBe("drfa");
  const spec = formatAgentSpec("drfa", { gf: false, cap: true, iterations: 5 });
  expect(spec).toBe("drfa:gf=false,cap=true,iterations=5");
  expect(parseAgentSpec(spec)).toEqual({ name: "drfa", options: { gf: false, cap: true, iterations: 5 } });
});
