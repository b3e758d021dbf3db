/**
 * @module A human reviewer's findings fed back into regeneration (issue 18, the paper's Appendix Q.1 review): the stage's own prompt
 * followed by the reviewer's reasons, in the manner of seed 002's C.1 review feedback ("A reviewer flagged the previous draft: … Fix these.").
 */
import { prompt } from "./template.ts";

export const HUMAN_REVIEW_FEEDBACK = prompt(
  "drflow.review.feedback",
  "A human reviewer rejected an earlier version of this output for these reasons:\n{reviewer_problems}\nProduce a new version that fixes every point and still follows all the instructions above.",
);
