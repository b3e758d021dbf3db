import { expect, test } from "bun:test";
import { CitationRegistry } from "./citations.ts";

const src = (id: string, app: "drive" | "email" | "web" = "drive") => ({
  id,
  title: id,
  app,
  path: `${app}/${id}`,
  author: "",
  date: "",
});

test("sources get src_N keys in order; the same id keeps its key; unusable sources are not registered", () => {
  const r = new CitationRegistry();
  expect(r.register(src("t_IN_1"))).toBe("src_1");
  expect(r.register(src("t_IN_3", "email"))).toBe("src_2");
  expect(r.register(src("t_IN_1"))).toBe("src_1");
  expect(r.register(src("  "))).toBeNull();
  expect(r.size).toBe(2);
  expect(r.resolve("src_2")?.id).toBe("t_IN_3");
  expect(r.resolve("src_2")?.type).toBe("enterprise_email");
  expect(r.resolve("t_IN_1")?.key).toBe("src_1"); // a real id cited directly resolves too
  expect(r.resolve("src_9")).toBeNull();
});

test("references list only cited keys that resolve, in key order", () => {
  const r = new CitationRegistry();
  for (const id of ["a", "b", "c"]) r.register(src(id));
  expect(r.references(["src_3", "src_99", "src_1", "src_3"]).map((x) => [x.key, x.source_id])).toEqual([
    ["src_1", "a"],
    ["src_3", "c"],
  ]);
});
