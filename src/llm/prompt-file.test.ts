import { expect, test } from "bun:test";
import { parsePromptFile } from "./prompt-file.ts";

test("a prompt is the lines under its @prompt line, without the blank lines that end it; the preamble is not a prompt", () => {
  const file = parsePromptFile(
    "The family.\n\n@prompt A.1 — first\nLine one {slot}\n\n## Heading\n- item\n\n\n@prompt A.2\nsecond\n",
    "x.txt",
  );
  expect(file.ids).toEqual(["A.1", "A.2"]);
  expect(file.text("A.1")).toBe("Line one {slot}\n\n## Heading\n- item");
  expect(file.text("A.2")).toBe("second");
});

test("a missing id, a repeated id, an empty prompt and a file without prompts are errors naming the file", () => {
  const file = parsePromptFile("@prompt A.1\ntext", "x.txt");
  expect(() => file.text("B.2")).toThrow("x.txt: no prompt B.2; it holds A.1");
  expect(() => parsePromptFile("@prompt A\none\n@prompt A\ntwo", "x.txt")).toThrow(
    "x.txt: prompt A appears twice",
  );
  expect(() => parsePromptFile("@prompt A\n\n\n@prompt B\nb", "x.txt")).toThrow("x.txt: prompt A is empty");
  expect(() => parsePromptFile("just text", "x.txt")).toThrow('x.txt: no "@prompt <id>" line');
});
