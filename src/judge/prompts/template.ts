/** @module Fill the paper's prompt templates as Python f-strings would: `{{`/`}}` are literal braces, `{expr}` takes the value given for that exact expression. */
import { templateHash } from "../../llm/template.ts";

/** Fill `template`; a slot without a value is an error naming the slot and the prompt. */
export function fillPaperTemplate(
  template: string,
  values: Record<string, string | number>,
  name: string,
): string {
  let out = "";
  for (let i = 0; i < template.length; i++) {
    const c = template[i]!;
    const next = template[i + 1];
    if ((c === "{" && next === "{") || (c === "}" && next === "}")) {
      out += c;
      i++;
    } else if (c === "{") {
      const end = template.indexOf("}", i);
      const expr = template.slice(i + 1, end);
      const value = values[expr];
      if (value === undefined) throw new Error(`judge prompt ${name}: no value for slot {${expr}}`);
      out += String(value);
      i = end;
    } else out += c;
  }
  return out;
}

/** The pinned hash of a prompt template, stored in every MetricResult.judge. */
export function promptHash(...templates: string[]): string {
  return templateHash(templates.join("\n\u0000\n"));
}

/** Cut a text to `max` characters (the paper's `_truncated` / `_trunc` slots). */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}...`;
}
