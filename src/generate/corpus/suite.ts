/**
 * @module A suite's company corpora: after its tasks are written, one corpus per company is built (keeping clear of
 * the paths and document codes those tasks already use), written to `<suite>/_corpus/<id>/`, and named in each of
 * the company's task manifests.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ArtifactManifest } from "../../core/index.ts";
import { codesIn } from "../../env/audit/features.ts";
import { ARTIFACTS_DIR, MANIFEST_FILE, stableJson, writeCorpus } from "../../store/task-store.ts";
import { DOMAINS } from "../procedural/data.ts";
import { calendarAnchor } from "../procedural/generate-task.ts";
import { type CompanyCorpus, companyCorpus } from "./build.ts";

export type SuiteCorpusOptions = {
  root: string;
  suite: string;
  seed: number;
  secret?: string;
  chars: number;
};

/** The written tasks' folders (`<root>/<suite>/<task id>`), their ids, domains and companies. */
export type CorpusTask = { dir: string; id: string; domain: keyof typeof DOMAINS; company: string };

export async function writeSuiteCorpora(
  tasks: readonly CorpusTask[],
  options: SuiteCorpusOptions,
): Promise<CompanyCorpus[]> {
  if (options.chars <= 0) return [];
  const byCompany = new Map<string, CorpusTask[]>();
  for (const t of tasks) byCompany.set(t.company, [...(byCompany.get(t.company) ?? []), t]);
  const out: CompanyCorpus[] = [];
  for (const [name, group] of [...byCompany].sort(([a], [b]) => a.localeCompare(b))) {
    const domain = DOMAINS[group[0]!.domain];
    const company = domain.companies.find((c) => c.name === name);
    if (!company) throw new Error(`corpus: company "${name}" is not in the ${group[0]!.domain} domain data`);
    const manifests = await Promise.all(
      group.map(async (t) => {
        const file = join(t.dir, ARTIFACTS_DIR, MANIFEST_FILE);
        return { file, manifest: ArtifactManifest.parse(JSON.parse(await readFile(file, "utf8"))) };
      }),
    );
    const reserved = manifests.flatMap((m) => m.manifest.artifacts);
    // the corpus's documents are owned by whoever owns the tasks' company documents (one owner pool for the drive)
    const owners = [
      ...new Set(
        reserved.filter((a) => a.app === "drive" && a.side === "company" && a.author).map((a) => a.author!),
      ),
    ].sort();
    const corpus = await companyCorpus({
      company,
      kinds: domain.docKinds,
      seed: options.seed,
      ...(options.secret ? { secret: options.secret } : {}),
      chars: options.chars,
      // dated back from the company's tasks' calendar, as their own documents are
      anchor: Math.round(
        group.reduce((sum, t) => sum + calendarAnchor(options.seed, t.id, options.secret), 0) / group.length,
      ),
      reservedPaths: new Set(reserved.map((a) => a.path)),
      reservedCodes: new Set(reserved.flatMap((a) => codesIn(a.title))),
      owners,
    });
    await writeCorpus(options.root, options.suite, corpus.manifest, corpus.files);
    for (const { file, manifest } of manifests)
      await writeFile(file, stableJson({ ...manifest, corpus: corpus.id }));
    out.push(corpus);
  }
  return out;
}
