/**
 * @module DRBench report quality as DRBench scores it: five criteria (depth and quality, relevance to the question,
 * persona consistency, coherence and conciseness, contradictions), each 1–10, averaged, over 10. A report that states nothing beyond the question (empty, or an
 * echo of it) scores 0 on every dimension without asking the judge; one whose structure cannot be read is unscored.
 */
import { QUALITY_DIMENSIONS } from "../judges/types.ts";
import { substantiveClaims } from "../reading/report.ts";
import { INSIGHT_SLACK } from "./insight-matching.ts";
import type { Metric } from "./types.ts";

export const reportQuality: Metric = {
  name: "report_quality",
  label: { short: "Report Q.", long: "Report Quality" },
  kinds: ["drbench"],
  decisions: ["report_quality"],
  dependsOn: [],
  async run({ judge, reportText, task, reading }) {
    const info = judge.info("report_quality");
    const fixed = (score: number | null, why: string) => ({
      metric: "report_quality" as const,
      value: score,
      scored: score === null ? 0 : 1,
      unscored: score === null ? 1 : 0,
      items: [...QUALITY_DIMENSIONS, "overall"].map((id) => ({
        id,
        score,
        matched: null,
        confidence: null,
        justification: why,
      })),
      judge: info,
      tokens: 0,
    });
    if (reading.unusable) return fixed(null, `unscored: ${reading.unusable}`);
    if (substantiveClaims(reading.claims, task.seed.question).length === 0)
      return fixed(
        0,
        reading.claims.length === 0
          ? "the report is empty: nothing to rate"
          : "the report only restates the question: nothing to rate",
      );
    const user = task.seed.user;
    const company = task.seed.company.name;
    const persona = `${user.name}, ${user.role} at ${company}: ${user.role_description}`;
    const considered = task.evidence.filter((e) => e.role === "insight").length + INSIGHT_SLACK;
    const verdict = await judge.reportQuality(
      reading,
      reportText,
      task.seed.question,
      persona,
      company,
      considered,
    );
    const v = verdict.value;
    const items = QUALITY_DIMENSIONS.map((d) => ({
      id: d,
      score: v === null ? null : v[d] / 10,
      matched: null,
      confidence: null,
      justification: v === null ? `unscored: ${verdict.justification}` : `${v[d]}/10`,
    }));
    const value =
      v === null ? null : QUALITY_DIMENSIONS.reduce((s, d) => s + v[d], 0) / QUALITY_DIMENSIONS.length / 10;
    return {
      metric: "report_quality",
      value,
      scored: v === null ? 0 : 1,
      unscored: v === null ? 1 : 0,
      items: [
        ...items,
        {
          id: "overall",
          score: value,
          matched: null,
          confidence: null,
          justification: verdict.justification,
        },
      ],
      judge: judge.info("report_quality"),
      tokens: verdict.tokens,
    };
  },
};
