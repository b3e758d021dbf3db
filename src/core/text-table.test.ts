import { describe, expect, test } from "bun:test";
import { textTable } from "./text-table.ts";

describe("textTable", () => {
  test("pads columns, right-aligns the chosen ones and trims line ends", () => {
    const out = textTable(
      ["name", "n"],
      [
        ["alpha", "3"],
        ["b", "12"],
      ],
      { right: (i) => i === 1 },
    );
    expect(out).toBe(["name    n", "-----  --", "alpha   3", "b      12"].join("\n"));
  });

  test("a footer follows a second rule and counts for the widths", () => {
    const out = textTable(["k", "v"], [["a", "1"]], { right: (i) => i === 1, footer: ["total", "100"] });
    expect(out.split("\n")).toEqual(["k        v", "-----  ---", "a        1", "-----  ---", "total  100"]);
  });

  test("left-aligned last column leaves no trailing spaces; missing cells are blank", () => {
    expect(textTable(["a", "bbb"], [["x"]])).toBe(["a  bbb", "-  ---", "x"].join("\n"));
  });
});
