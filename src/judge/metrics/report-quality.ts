/** @module DRBench report quality: six 1–10 dimensions (depth, relevance, persona consistency, coherence, non-contradiction, completeness), averaged, over 10. */
import { QUALITY_DIMENSIONS } from "../judges/types.ts";
import type { Metric } from "./types.ts";

export const reportQuality: Metric = {
  name: "report_quality",
  dependsOn: [],
  async run({ judge, reportText, task }) {
    const user = task.seed.user;
    const persona = `${user.name}, ${user.role}: ${user.role_description}`;
    const verdict = await judge.reportQuality(reportText, task.seed.question, persona);
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
