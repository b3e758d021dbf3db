/** @module The cast and calendar of a generated task: people with unique surnames, case subjects, case ids and dates. */
import type { Person } from "../../core/index.ts";
import type { FamilySpec } from "./family.ts";
import { FIRST_NAMES, honorificsOf, LAST_NAMES } from "./names.ts";
import type { Rng } from "./prng.ts";

export const DAY_MS = 86_400_000;
/** Generated calendars start here (UTC); the seed moves the anchor within the following year. */
const EPOCH = Date.UTC(2025, 0, 6);

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** `Tuesday, March 4` — how colleagues write dates. */
export function spokenDate(ms: number): string {
  const d = new Date(ms);
  return `${WEEKDAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

export type Member = Person & { first: string; last: string };

/** Draws people whose surnames never repeat within a task, so a surname identifies one person. */
export class NameDraw {
  private readonly firsts: string[];
  private readonly lasts: string[];

  constructor(rng: Rng) {
    this.firsts = rng.shuffle(FIRST_NAMES);
    this.lasts = rng.shuffle(LAST_NAMES);
  }

  next(): { first: string; last: string } {
    const first = this.firsts.shift();
    const last = this.lasts.shift();
    if (!first || !last)
      throw new Error("name pools exhausted: add names to src/generate/procedural/data/names.json");
    return { first, last };
  }

  member(role: string, mailDomain: string): Member {
    const { first, last } = this.next();
    const username = `${first}.${last}`.toLowerCase();
    return { first, last, name: `${first} ${last}`, email: `${username}@${mailDomain}`, username, role };
  }
}

/** A case: the subject it is about, its id, the date it hinges on, and its drawn variables. */
export type CaseProfile = {
  caseId: string;
  subject: string;
  subjectFirst: string;
  subjectLast: string;
  /** How colleagues refer to the subject ("Mrs. Ortega" or "Lucia Ortega"). */
  subjectRef: string;
  eventMs: number;
  vars: Record<string, string>;
};

export function caseId(pattern: string, rng: Rng): string {
  return pattern.replace(/#/g, () => String(rng.int(0, 9)));
}

/** Draw a case; `organization` replaces a person as the subject (a customer company, a client). */
export function drawCase(
  family: FamilySpec,
  names: NameDraw,
  rng: Rng,
  anchorMs: number,
  organization?: string,
): CaseProfile {
  const { first, last } = organization
    ? { first: organization, last: organization.split(" ").pop()! }
    : names.next();
  // A title that suits the first name ("Mr. Jovanovic" for Ivan); one draw either way, none known: the full name.
  const titles = honorificsOf(first);
  const title = family.honorific ? rng.pick(titles.length > 0 ? titles : [""]) : "";
  const subjectRef = organization ? organization : title ? `${title} ${last}` : `${first} ${last}`;
  const vars: Record<string, string> = {};
  for (const [key, values] of Object.entries(family.vars)) vars[key] = rng.pick(values);
  return {
    caseId: caseId(family.caseId, rng),
    subject: organization ?? `${first} ${last}`,
    subjectFirst: first,
    subjectLast: last,
    subjectRef,
    eventMs: anchorMs + rng.int(6, 18) * DAY_MS,
    vars,
  };
}

export function anchorDate(rng: Rng): number {
  return EPOCH + rng.int(0, 300) * DAY_MS;
}
