/** @module Citation composition (shares of IN / DI / AD sources) and the distractor-reference rate of reports. */
import { type ArtifactRole, parseArtifactId, type Report, type ReportStep } from "../core/index.ts";

export type SourceKind = ArtifactRole | "other";

export type ResolvedCitation = {
  key: string;
  sourceId: string;
  kind: SourceKind;
  title: string;
  path: string;
};

/** Resolve a step's citation keys through the report's references to source ids, classified by the id convention. */
export function resolveCitations(report: Report, step: Pick<ReportStep, "citations">): ResolvedCitation[] {
  const refs = new Map(report.references.map((r) => [r.key, r]));
  return step.citations.map((key) => {
    const ref = refs.get(key);
    const sourceId = ref?.source_id ?? key;
    return {
      key,
      sourceId,
      kind: parseArtifactId(sourceId)?.role ?? "other",
      title: ref?.title ?? "",
      path: ref?.path ?? "",
    };
  });
}

export type Composition = {
  counts: Record<SourceKind, number>;
  /** Shares among classified citations (IN + DI + AD); "other" is counted but left out of the shares. */
  shares: Record<ArtifactRole, number | null>;
  total: number;
};

function emptyCounts(): Record<SourceKind, number> {
  return { insight: 0, distractor: 0, adjacent: 0, other: 0 };
}

function toComposition(counts: Record<SourceKind, number>): Composition {
  const classified = counts.insight + counts.distractor + counts.adjacent;
  const share = (n: number) => (classified === 0 ? null : n / classified);
  return {
    counts,
    shares: {
      insight: share(counts.insight),
      distractor: share(counts.distractor),
      adjacent: share(counts.adjacent),
    },
    total: classified + counts.other,
  };
}

/** Every citation occurrence in the report's steps and condition rows, classified (Table H.2 counts these). */
export function citationComposition(reports: readonly Report[]): Composition {
  const counts = emptyCounts();
  for (const report of reports) {
    const carriers = [
      ...report.generic_workflow,
      ...report.personalized_workflow,
      ...report.condition_resolution,
    ];
    for (const step of carriers) for (const c of resolveCitations(report, step)) counts[c.kind]++;
  }
  return toComposition(counts);
}

/** Share of a report's references that point to distractor artifacts (Figure H.1); null with no classified reference. */
export function distractorReferenceRate(report: Report): number | null {
  const counts = emptyCounts();
  for (const ref of report.references) counts[parseArtifactId(ref.source_id)?.role ?? "other"]++;
  return toComposition(counts).shares.distractor;
}
