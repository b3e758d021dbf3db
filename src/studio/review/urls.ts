/** @module URLs of the review view (beside the studio's own in ../urls.ts, so the two grow apart without conflicts). */
import { STUDIO } from "../urls.ts";

const enc = encodeURIComponent;
const base = (suite: string, task: string) => `${STUDIO}/review/${enc(suite)}/${enc(task)}`;

export const reviewUrls = {
  index: () => `${STUDIO}/review`,
  task: base,
  save: (suite: string, task: string) => `${base(suite, task)}/review`,
  export: (suite: string, task: string) => `${base(suite, task)}/export`,
  fileFragment: (suite: string, task: string, id: string) => `${base(suite, task)}/files/${enc(id)}`,
};
