/**
 * A case's facts, read as a careful reader reads them: each case (the user's and every look-alike's) holds facts about
 * itself that agree with each other and with its item, and a look-alike's facts never turn up in the user's case.
 * Each check names the leak or contradiction found reading fresh suites (seeds 5309 and 8128) and fails on it.
 */
import { describe, expect, test } from "bun:test";
import type { Task } from "../../core/index.ts";
import { FAMILIES } from "./data.ts";
import { generateProceduralTask } from "./generate-task.ts";
import { HONORIFICS, honorificsOf } from "./names.ts";
import { suitePlan } from "./suite-task.ts";

const SEEDS = [5309, 8128, 1, 2, 3];

type Case = { id: string; subject: string; texts: string[] };
type Read = { family: string; task: Task; user: Case; lookAlikes: Case[] };

/**
 * Every family at every seed, under the task ids a suite gives it (`b2c_02` is the hacked account): the user's case and
 * the look-alikes, each with the texts of its evidence.
 */
const READS: Read[] = SEEDS.flatMap((seed) =>
  suitePlan(FAMILIES.length / 5).map((plan) => {
    const { task } = generateProceduralTask({ ...plan, seed });
    const text = (id: string) => task.evidence.find((u) => u.id === id)!.text;
    const userTexts = task.evidence
      .filter((u) => u.side === "user" && u.role === "insight")
      .map((u) => u.text);
    const userId = /\(([^,]+), ([A-Z]+-[\d-]+)\)/.exec(task.personal_context);
    return {
      family: plan.family,
      task,
      user: { id: userId?.[2] ?? "", subject: "", texts: userTexts },
      lookAlikes: task.adjacent_cases.map((a) => ({
        id: a.case_id,
        subject: a.subject,
        texts: [a.question, ...a.evidence.map(text)],
      })),
    };
  }),
);

const of = (family: string) => READS.filter((r) => r.family === family);
const cases = (r: Read) => [r.user, ...r.lookAlikes];

describe("a case's facts stay in that case and agree with each other", () => {
  test("every family was read at every seed", () => {
    expect(READS.length).toBe(FAMILIES.length * SEEDS.length);
  });

  test("a patient's title suits the first name (no 'Mrs. Jovanovic' for Ivan, no 'Mr.' for Uma)", () => {
    for (const male of ["Ivan", "Pedro", "Felix", "Bruno", "Hiro"])
      expect(honorificsOf(male)).toEqual(["Mr."]);
    for (const female of ["Uma", "Esther", "Amara", "Wanda"])
      expect(honorificsOf(female)).not.toContain("Mr.");
    const wrong: string[] = [];
    for (const r of READS.filter((r) => FAMILIES.find((f) => f.id === r.family)!.honorific))
      for (const a of r.task.adjacent_cases) {
        const [first, ...rest] = a.subject.split(" ");
        const last = rest.join(" ");
        for (const title of Object.keys(HONORIFICS))
          if (a.question.includes(`${title} ${last}`) && !honorificsOf(first!).includes(title))
            wrong.push(`${r.family}: ${a.subject} called ${title} ${last}`);
      }
    expect(wrong).toEqual([]);
  });

  test("an item only stops working if it works: a look-alike's warranty fault suits its item", () => {
    const wrong = of("late-return").flatMap((r) =>
      cases(r).flatMap((c) => c.texts.filter((t) => /stopped working/.test(t) && !/stand mixer/.test(t))),
    );
    expect(wrong).toEqual([]);
    const warranty = of("late-return").flatMap((r) =>
      r.lookAlikes.filter((c) => /warranty claim/.test(c.texts[0]!)),
    );
    expect(warranty.length).toBeGreaterThan(0);
  });

  test("one case's dates agree: an item bought last week was not used for a few weeks", () => {
    const wrong = of("late-return").flatMap((r) =>
      cases(r).filter(
        (c) => c.texts.some((t) => /bought it last week/.test(t)) && c.texts.some((t) => /few weeks/.test(t)),
      ),
    );
    expect(wrong.map((c) => c.texts.join(" | "))).toEqual([]);
  });

  test("a deadline names no season its date contradicts ('the fall payment deadline on Tuesday, April 15')", () => {
    const season: Record<string, number[]> = {
      spring: [2, 3, 4, 5],
      summer: [5, 6, 7, 8],
      fall: [8, 9, 10, 11, 12],
      autumn: [9, 10, 11],
      winter: [12, 1, 2],
    };
    const months =
      "January February March April May June July August September October November December".split(" ");
    const wrong: string[] = [];
    for (const r of READS)
      for (const c of cases(r))
        for (const t of c.texts) {
          const m = /\b(spring|summer|fall|autumn|winter)\b[^.]*?\bdeadline on \w+, (\w+) \d+/.exec(t);
          if (m && !season[m[1]!]!.includes(months.indexOf(m[2]!) + 1)) wrong.push(t);
        }
    expect(wrong).toEqual([]);
    // A denied claim's appeal is timed against the denial letter, not by a season its case date may contradict.
    const seasons = of("denied-claim").flatMap((r) =>
      r.user.texts.filter((t) => /\b(spring|summer|autumn|fall|winter)\b/.test(t)),
    );
    expect(seasons).toEqual([]);
  });

  test("a subrogation look-alike's responsible party fits its own loss (no plumber for hail damage)", () => {
    const subrogation = of("denied-claim").flatMap((r) =>
      r.lookAlikes.filter((c) => /subrogation/.test(c.texts[0]!)),
    );
    expect(subrogation.length).toBeGreaterThan(0);
    for (const c of subrogation)
      if (c.texts.some((t) => /plumber/.test(t))) expect(c.texts[0]).toMatch(/water damage/);
  });

  test("a large loss and the claim's appeal authority are one threshold, $25,000, and the amount agrees with both", () => {
    for (const r of of("denied-claim")) {
      const ctx = r.task.personal_context;
      const above =
        /claimed amount is above \$25,000/.test(ctx) || /above the large-loss threshold/.test(ctx);
      const below =
        /claimed amount is \$25,000 or less/.test(ctx) || /below the large-loss threshold/.test(ctx);
      expect(above && below).toBe(false);
      for (const t of r.user.texts) {
        const amount = /\$([\d,]+)/.exec(t);
        if (!amount || /\$25,000/.test(t)) continue;
        const value = Number(amount[1]!.replace(/,/g, ""));
        if (above) expect(value).toBeGreaterThan(25_000);
        if (below) expect(value).toBeLessThanOrEqual(25_000);
      }
    }
  });

  test("a disputed invoice's stated reason is the dispute's kind (a price dispute is not about quantities)", () => {
    let read = 0;
    for (const r of of("invoice-dispute")) {
      const ctx = r.task.personal_context;
      const reason = r.user.texts.map((t) => /it reflects (.+?)\.?$/.exec(t)?.[1]).find(Boolean);
      if (!reason) continue;
      read++;
      if (/concerns the price or rate/.test(ctx)) expect(reason).toMatch(/price|rate/);
      if (/not received/.test(ctx)) expect(reason).not.toMatch(/price|rate/);
      // The records that decide validity are told without assuming the other kind of dispute.
      if (/concerns the price or rate/.test(ctx))
        expect(r.user.texts.filter((t) => /more than was shipped|delivered amount/.test(t))).toEqual([]);
    }
    expect(read).toBeGreaterThan(0);
  });

  test("a hacked account whose email the customer still controls was not reported with its email changed", () => {
    for (const r of of("hacked-account")) {
      if (!/still controls the email address/.test(r.task.personal_context)) continue;
      expect(r.user.texts.filter((t) => /changed the email address/.test(t))).toEqual([]);
    }
  });

  test("the consent room suits the procedure: an endoscopy suite for a colonoscopy, the cath lab for a catheterization", () => {
    let read = 0;
    for (const r of of("lep-consent"))
      for (const t of r.user.texts) {
        const m =
          /'s (.+?) with Dr\. \w+ is booked for .+?, and the consent conversation will happen in (.+?)\.?$/.exec(
            t,
          );
        if (!m) continue;
        read++;
        const [, procedure, room] = m;
        if (/colonoscopy/.test(procedure!)) expect(room).toMatch(/Endoscopy/);
        else if (/catheterization/.test(procedure!)) expect(room).toMatch(/Cath Lab/);
        else expect(room).toMatch(/Pre-Op/);
      }
    expect(read).toBeGreaterThan(0);
  });

  test("a minor's or guardian's consent: no one signs for the patient in the patient's own name, and no grown child speaks for a minor", () => {
    for (const r of of("lep-consent")) {
      if (!/minor or has a court-appointed guardian/.test(r.task.personal_context)) continue;
      expect(r.user.texts.filter((t) => /witness \S+ \S+'s signature/.test(t))).toEqual([]);
      expect(r.user.texts.filter((t) => /'s (son|daughter) /.test(t))).toEqual([]);
      expect(r.user.texts.filter((t) => /coming alone/.test(t))).toEqual([]);
    }
  });

  test("a value fills its slot once ('wants to add 40 seats more seats')", () => {
    const doubled = READS.flatMap((r) =>
      cases(r).flatMap((c) => c.texts.filter((t) => /\b(\w{3,})\b(?: more)? \1\b/i.test(t))),
    );
    expect(doubled).toEqual([]);
  });
});
