/** @module The per-session index (DRFA's task-specific vector store): an agent writes findings in and searches them later. */
import { z } from "zod";
import type { Chunk } from "./chunk.ts";
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

/**
 * Findings kept for one agent session, searchable with the same hybrid ranking as the environment. Writes are
 * indexed behind the agent's back: on a later turn of the event loop (while the agent waits on its model), or at
 * the latest before the next search, in the order written — so a search sees exactly what one-by-one writes give.
 */
export class SessionIndex {
  private readonly findings = new Map<string, StoredFinding>();
  /** Written, not yet indexed. */
  private pending: Chunk[] = [];
  private indexing: Promise<void> | null = null;
  private flushScheduled = false;
  /** A failed background indexing, reported by the next write or search. */
  private failure: unknown = null;
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
    this.throwFailure();
    const stored = inputs
      .map((input) => Finding.parse(input))
      .map((parsed) => {
        const finding: StoredFinding = { ...parsed, id: parsed.id ?? `finding_${this.findings.size + 1}` };
        this.findings.set(finding.id, finding);
        return finding;
      });
    this.pending.push(
      ...stored.map((finding) => ({
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
    this.scheduleFlush();
    return stored;
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush().catch((error) => {
        this.failure ??= error;
      });
    });
  }

  /** Index every pending write, in order (one batch: one embedding call, one transaction). */
  private async flush(): Promise<void> {
    while (this.indexing) await this.indexing;
    if (this.pending.length === 0) return;
    const chunks = this.pending;
    this.pending = [];
    this.indexing = this.index.add(chunks).finally(() => {
      this.indexing = null;
    });
    await this.indexing;
  }

  private throwFailure(): void {
    if (this.failure !== null) throw this.failure;
  }

  async search(
    query: string,
    topK = 5,
    mode: SearchMode = "hybrid",
  ): Promise<{ finding: StoredFinding; score: number }[]> {
    this.throwFailure();
    await this.flush();
    const hits = await this.index.search(query, { limit: topK, mode, snippets: false });
    return hits.flatMap((h) => {
      const finding = this.findings.get(h.documentId);
      return finding ? [{ finding, score: h.score }] : [];
    });
  }

  all(): StoredFinding[] {
    return [...this.findings.values()];
  }

  async close(): Promise<void> {
    this.pending = [];
    await this.indexing?.catch(() => {});
    await this.index.close();
  }
}
