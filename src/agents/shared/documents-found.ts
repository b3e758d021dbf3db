/**
 * @module The documents a session has found, one line each, for the prompts that offer the document reader (J.6, J.8,
 * DRBA's AAP): title, where it is (the path `read_document` takes as "document"; two documents may share a title) and
 * how much of it was read.
 */
import type { ResearchContext } from "./context.ts";

/** One line per document found: `- "title" (app: path): n of m passages read`. */
export async function documentsFound(
  rc: Pick<ResearchContext, "findings" | "registry" | "chunksOf">,
): Promise<string[]> {
  const read = new Map<string, number>();
  for (const f of rc.findings.all()) read.set(f.hit.documentId, (read.get(f.hit.documentId) ?? 0) + 1);
  const lines: string[] = [];
  for (const s of rc.registry.entries()) {
    const n = read.get(s.id) ?? 0;
    if (n === 0) continue;
    const total = (await rc.chunksOf(s.id)).length;
    lines.push(
      `- "${s.title}" (${s.app}: ${s.path}): ${total > 0 ? `${Math.min(n, total)} of ${total}` : n} passages read`,
    );
  }
  return lines;
}
