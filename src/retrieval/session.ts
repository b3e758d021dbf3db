/** @module The per-session index (DRFA's task-specific vector store): an agent writes findings in and searches them later. */
import { z } from "zod";
import type { Embedder } from "./embedders/embedder.ts";
import { hashingEmbedder } from "./embedders/hashing.ts";
import { HybridIndex, type SearchMode } from "./hybrid.ts";

export const Finding = z.object({
  /** Assigned by the index when omitted: `finding_<n>`. */
  id: z.string().min(1).optional(),
  title: z.string().default(""),
  text: z.string().min(1),
  /** Ids of the documents the finding came from, for citations. */
  sources: z.array(z.string()).default([]),
});
export type Finding = z.infer<typeof Finding>;

export type StoredFinding = Required<z.output<typeof Finding>>;

/** Findings kept for one agent session, searchable with the same hybrid ranking as the environment. */
export class SessionIndex {
  private readonly findings = new Map<string, StoredFinding>();
  private constructor(private readonly index: HybridIndex) {}

  static async open(options: { embedder?: Embedder } = {}): Promise<SessionIndex> {
    return new SessionIndex(await HybridIndex.open({ embedder: options.embedder ?? hashingEmbedder() }));
  }

  /** Store a finding (a later one with the same id replaces it); returns it with its id. */
  async write(input: z.input<typeof Finding>): Promise<StoredFinding> {
    const [finding] = await this.writeAll([input]);
    return finding!;
  }

  /**
   * Store findings in order, indexed together (one embedding call, one transaction): the same ids, rows and ranking
   * as writing them one by one.
   */
  async writeAll(inputs: readonly z.input<typeof Finding>[]): Promise<StoredFinding[]> {
    const stored = inputs
      .map((input) => Finding.parse(input))
      .map((parsed) => {
        const finding: StoredFinding = { ...parsed, id: parsed.id ?? `finding_${this.findings.size + 1}` };
        this.findings.set(finding.id, finding);
        return finding;
      });
    await this.index.add(
      stored.map((finding) => ({
        id: `${finding.id}#0`,
        documentId: finding.id,
        ord: 0,
        app: "files" as const,
        title: finding.title,
        path: `session/${finding.id}`,
        author: "agent",
        date: "",
        text: [finding.text, finding.sources.join(" ")].join("\n"),
      })),
    );
    return stored;
  }

  async search(
    query: string,
    topK = 5,
    mode: SearchMode = "hybrid",
  ): Promise<{ finding: StoredFinding; score: number }[]> {
    const hits = await this.index.search(query, { limit: topK, mode, snippets: false });
    return hits.flatMap((h) => {
      const finding = this.findings.get(h.documentId);
      return finding ? [{ finding, score: h.score }] : [];
    });
  }

  all(): StoredFinding[] {
    return [...this.findings.values()];
  }

  close(): Promise<void> {
    return this.index.close();
  }
}
