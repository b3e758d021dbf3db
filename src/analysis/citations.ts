/**
 * @module Citation composition (shares of IN / DI / AD sources) and the distractor-reference rate of reports. A cited
 * source is an opaque document handle; its role comes from the task's manifest (the gold side), never from the id.
 */
import {
  type ArtifactManifest,
  type ArtifactRole,
  parseArtifactId,
  type Report,
  type ReportStep,
} from "../core/index.ts";
import { loadTask } from "../store/task-store.ts";

/** The role of a cited source id; null for sources outside the tasks (the web, unknown ids). */
export type RoleOf = (sourceId: string) => ArtifactRole | null;

/**
 * Roles through the manifests of the tasks the reports are on. Ids of task folders written before handles
 * (`<task>_IN_<n>`) still classify by their convention, so stored runs keep their meaning.
 */
export function rolesFromManifests(manifests: readonly ArtifactManifest[]): RoleOf {
  const roles = new Map(manifests.flatMap((m) => m.artifacts.map((a) => [a.id, a.role] as const)));
  return (id) => roles.get(id) ?? parseArtifactId(id)?.role ?? null;
}

/** `rolesFromManifests` over the tasks `refs` (`suite/task_id`) under `root`. */
export async function loadRoles(root: string, refs: Iterable<string>): Promise<RoleOf> {
  const manifests = await Promise.all(
    [...new Set(refs)].map(async (ref) => (await loadTask(root, ref)).manifest),
  );
  return rolesFromManifests(manifests);
}

export type SourceKind = ArtifactRole | "other";

export type ResolvedCitation = {
  key: string;
  sourceId: string;
  kind: SourceKind;
  title: string;
  path: string;
};

/** Resolve a step's citation keys through the report's references to source ids, classified through `roles`. */
export function resolveCitations(
  report: Report,
  step: Pick<ReportStep, "citations">,
  roles: RoleOf,
): ResolvedCitation[] {
  const refs = new Map(report.references.map((r) => [r.key, r]));
  return step.citations.map((key) => {
    const ref = refs.get(key);
    const sourceId = ref?.source_id ?? key;
    return {
      key,
      sourceId,
      kind: roles(sourceId) ?? "other",
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
export function citationComposition(reports: readonly Report[], roles: RoleOf): Composition {
  const counts = emptyCounts();
  for (const report of reports) {
    const carriers = [
      ...report.generic_workflow,
      ...report.personalized_workflow,
      ...report.condition_resolution,
    ];
    for (const step of carriers) for (const c of resolveCitations(report, step, roles)) counts[c.kind]++;
  }
  return toComposition(counts);
}

/** Share of a report's references that point to distractor artifacts (Figure H.1); null with no classified reference. */
export function distractorReferenceRate(report: Report, roles: RoleOf): number | null {
  const counts = emptyCounts();
  for (const ref of report.references) counts[roles(ref.source_id) ?? "other"]++;
  return toComposition(counts).shares.distractor;
}
