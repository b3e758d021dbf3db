/**
 * @module What every drive document of a company shares, whichever task or background corpus writes it: the names of
 * the company's systems (`{hr_system}`, `{it_portal}`…) and its staff (who speak in the corpus's minutes and ticket
 * logs). Drawn once per company from a stream keyed by the suite's seed and secret and the company, so a task's long
 * policy (other processes' policies as appendices) and the company corpus (src/generate/corpus/) name the same
 * systems. Drive documents of every origin are owned by the task's people (`writeSuiteCorpora`).
 */
import { CORPUS_DATA, type CorpusData } from "../corpus/data.ts";
import { type Member, NameDraw } from "./cast.ts";
import { Rng } from "./prng.ts";

/** Company staff (the corpus's minutes and ticket logs name them). */
export const STAFF = 10;

export type CompanyProfile = {
  /** `{slot}` → the company's name for that system, and `company` → its name. */
  systems: Record<string, string>;
  /** The company's staff. */
  staff: Member[];
};

/** The stream of everything drawn once per company of a suite (the corpus forks it too). */
export function companyRng(company: string, seed: number, secret = ""): Rng {
  return Rng.keyed(`procedural/3/${seed}/${secret}/company/${company}`);
}

export function companyProfile(
  company: { name: string; domain: string },
  seed: number,
  secret = "",
  data: CorpusData = CORPUS_DATA,
): CompanyProfile {
  const rng = companyRng(company.name, seed, secret);
  const systems: Record<string, string> = { company: company.name };
  const systemRng = rng.fork("systems");
  for (const [slot, names] of Object.entries(data.documents.systems)) systems[slot] = systemRng.pick(names);
  const names = new NameDraw(rng.fork("staff"));
  const roles = rng.fork("roles").shuffle(data.documents.staffRoles);
  const staff = Array.from({ length: STAFF }, (_, i) =>
    names.member(roles[i % roles.length]!, company.domain),
  );
  return { systems, staff };
}
