/** @module Agent lists on the command line: `extractive,drfa:gf=false,cap=false,basic` → one spec per agent. */

/**
 * Split a comma-separated agent list. A part of the form `key=value` without a name belongs to the spec before it
 * (so `drfa:gf=false,cap=false` stays one spec).
 */
export function parseAgentList(text: string): string[] {
  const specs: string[] = [];
  for (const raw of text.split(",")) {
    const part = raw.trim();
    if (!part) continue;
    const isOption = /^[A-Za-z_][\w-]*=/.test(part);
    if (isOption && specs.length > 0 && specs[specs.length - 1]!.includes(":"))
      specs[specs.length - 1] += `,${part}`;
    else if (isOption)
      throw new Error(`agent list "${text}": option "${part}" has no agent before it (write name:key=value)`);
    else specs.push(part);
  }
  if (specs.length === 0)
    throw new Error(`agent list "${text}": expected at least one agent, e.g. extractive,drfa`);
  return specs;
}

/** Split a plain comma-separated list (models, splits, tasks), dropping empty parts. */
export function parseList(text: string): string[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}
