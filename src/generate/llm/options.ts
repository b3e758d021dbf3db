/** @module Options of an LLM generation run, with defaults declared once. */

import { DEFAULT_MODALITIES, type ModalityConfig } from "./files/modality.ts";
import { DEFAULT_SHAPE, type WorkflowShape } from "./stages/s2-contexts.ts";

export type ProgressEvent =
  | {
      kind: "stage";
      task: string;
      stage: string;
      status: "start" | "done" | "resumed";
      costUsd: number;
      /** Calls so far that had no price: `costUsd` covers the priced ones only. */
      unpricedCalls?: number;
    }
  | {
      kind: "artifact";
      task: string;
      id: string;
      done: number;
      total: number;
      costUsd: number;
      unpricedCalls?: number;
    };

export type GenerationOptions = {
  /** Task root (default `tasks`); the suite folder and its `.work/` live under it. */
  root: string;
  suite: string;
  shape: WorkflowShape;
  companyDistractors: number;
  userDistractors: number;
  /** Mixed split: adjacent cases per task (K.17 `n_drs`) and insights per case (K.18 `n_items`); 0 cases = none. */
  adjacentCases: number;
  adjacentInsights: number;
  /** Distinct formats each adjacent fact is realized in (2 cases × 4 facts × 3 formats = the paper's 24 adjacent artifacts). */
  adjacentFormats: number;
  /** Subsections per document, posts per chat channel-day, emails per thread. */
  subsections: number;
  chatTurns: number;
  emailMessages: number;
  modalities: ModalityConfig;
  /** Seeds the modality draws, section positions and dates. */
  seed: number;
  /**
   * The suite's secret (gold-side, written nowhere; `.work/request.json` and task.json record its digest): keys the
   * seeded draws, Message-IDs and handles, so what an agent sees does not lead back to the seed. Absent: none.
   */
  secret?: string;
  /** The "today" of the generated world (ISO date); artifacts are dated before it. No clock is read. */
  baseDate: string;
  /** Cap on K.5 `n_supports`. */
  maxUserInsights: number;
  /** Artifacts realized at the same time (the model layer still limits requests per endpoint). */
  concurrency: number;
  onProgress?: (event: ProgressEvent) => void;
};

export const GENERATION_DEFAULTS: Omit<GenerationOptions, "root" | "suite" | "onProgress"> = {
  shape: DEFAULT_SHAPE,
  companyDistractors: 6,
  userDistractors: 4,
  adjacentCases: 2,
  adjacentInsights: 4,
  adjacentFormats: 3,
  subsections: 3,
  chatTurns: 6,
  emailMessages: 3,
  modalities: DEFAULT_MODALITIES,
  seed: 7,
  baseDate: "2026-03-02",
  maxUserInsights: 10,
  concurrency: 4,
};
