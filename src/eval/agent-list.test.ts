import { expect, test } from "bun:test";
import { parseAgentList } from "./agent-list.ts";

test("options after a spec stay with it; plain names split", () => {
  expect(parseAgentList("extractive, drfa:gf=false,cap=false,basic,drba:planning=srp")).toEqual([
    "extractive",
    "drfa:gf=false,cap=false",
    "basic",
    "drba:planning=srp",
  ]);
});

test("an option with no agent before it is an error naming it", () => {
  expect(() => parseAgentList("gf=false,drfa")).toThrow(/gf=false/);
  expect(() => parseAgentList(" , ")).toThrow(/at least one agent/);
});
