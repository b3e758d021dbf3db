/**
 * @module The per-session findings store (Appendix J.7): every retrieved chunk and every synthesized intermediate
 * finding, kept with its source metadata and stage, searchable through the retrieval layer's session index.
 */
import type { SearchHit } from "../../env/types.ts";
import type { Embedder } from "../../retrieval/embedders/embedder.ts";
import { SessionIndex } from "../../retrieval/session.ts";
import type { WorkflowStage } from "./action.ts";

/** Which side of the task a finding speaks to: company policy, or the user's own situation. */
export type EvidenceSide = "policy" | "personal";

export type RetrievedFinding = {
  kind: "retrieved";
  id: string;
  hit: SearchHit;
  stage: WorkflowStage;
  actionId: string;
  side: EvidenceSide;
  /** Iteration in which it was first found. */
  iteration: number;
  /** First found by a read action reading its document whole (no search returned it before). */
  read?: true;
};

export type SynthesizedFinding = {
  kind: "synthesized";
  id: string;
  title: string;
  text: string;
  sources: string[];
};

/**
 * A document's side, judged only from where the agent found it, as anyone at the company would: the shared drive holds
 * the company's documents (policy); the user's own files, chats and emails are personal; a web page (its id is its URL)
 * is outside guidance, read with the policies. The stage of the search that found it does not decide (a policy found
 * while looking for personal evidence is still a policy).
 */
export function evidenceSide(hit: Pick<SearchHit, "app" | "documentId">): EvidenceSide {
  if (hit.app === "drive" || /^https?:\/\//.test(hit.documentId)) return "policy";
  return "personal";
}

export class FindingsStore {
  private readonly retrieved = new Map<string, RetrievedFinding>();
  private readonly synthesized: SynthesizedFinding[] = [];
  /** Documents a read action read whole, the latest last. */
  private readonly read: string[] = [];

  private constructor(private readonly index: SessionIndex) {}

  /** An isolated store for one session (hashing embedder unless one is given). */
  static async open(options: { embedder?: Embedder } = {}): Promise<FindingsStore> {
    return new FindingsStore(await SessionIndex.open(options));
  }

  /** Store the hits of one action; a chunk seen before keeps its first record. Returns how many were new. */
  async addHits(
    hits: readonly SearchHit[],
    meta: { stage: WorkflowStage; actionId: string; iteration: number; read?: boolean },
  ): Promise<number> {
    const fresh: SearchHit[] = [];
    for (const hit of hits) {
      if (!hit.text.trim() || this.retrieved.has(hit.chunkId)) continue;
      this.retrieved.set(hit.chunkId, {
        kind: "retrieved",
        id: hit.chunkId,
        hit,
        stage: meta.stage,
        actionId: meta.actionId,
        side: evidenceSide(hit),
        iteration: meta.iteration,
        ...(meta.read ? { read: true as const } : {}),
      });
      fresh.push(hit);
    }
    // One batch for the action: indexed in the order found, as one write per hit would.
    await this.index.writeAll(
      fresh.map((hit) => ({ id: hit.chunkId, title: hit.title, text: hit.text, sources: [hit.documentId] })),
    );
    return fresh.length;
  }

  /** Store an intermediate result of the agent's own reasoning (e.g. the J.7 intermediate workflow). */
  async addSynthesized(finding: Omit<SynthesizedFinding, "kind" | "id">): Promise<SynthesizedFinding> {
    const stored: SynthesizedFinding = {
      kind: "synthesized",
      id: `synth_${this.synthesized.length + 1}`,
      ...finding,
    };
    this.synthesized.push(stored);
    await this.index.write({
      id: stored.id,
      title: stored.title,
      text: stored.text,
      sources: stored.sources,
    });
    return stored;
  }

  /**
   * Record that a read action read a document whole: what the model explicitly asked for, so the next request that
   * shows findings shows it ahead of passages no one asked for (`readWhole`).
   */
  markRead(documentId: string): void {
    const at = this.read.indexOf(documentId);
    if (at >= 0) this.read.splice(at, 1);
    this.read.push(documentId);
  }

  /** The documents read whole, the latest read first. */
  readWhole(): string[] {
    return [...this.read].reverse();
  }

  /** Whether a chunk has been found already. */
  has(chunkId: string): boolean {
    return this.retrieved.has(chunkId);
  }

  /** Retrieved findings in the order they were found. */
  all(): RetrievedFinding[] {
    return [...this.retrieved.values()];
  }

  synthesizedFindings(): SynthesizedFinding[] {
    return [...this.synthesized];
  }

  bySide(side: EvidenceSide): RetrievedFinding[] {
    return this.all().filter((f) => f.side === side);
  }

  /** Semantic search over the session: retrieved chunks and synthesized findings. */
  async search(query: string, topK = 8): Promise<(RetrievedFinding | SynthesizedFinding)[]> {
    const hits = await this.index.search(query, topK);
    return hits.flatMap(({ finding }): (RetrievedFinding | SynthesizedFinding)[] => {
      const r = this.retrieved.get(finding.id);
      if (r) return [r];
      const s = this.synthesized.find((x) => x.id === finding.id);
      return s ? [s] : [];
    });
  }

  close(): Promise<void> {
    return this.index.close();
  }
}
