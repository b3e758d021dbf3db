/** @module Stable studio URLs: every page is addressed by ids and query parameters only, so a link can be shared and reopened. */

export const STUDIO = "/studio";

const enc = encodeURIComponent;

function query(params: Record<string, string | undefined | null>): string {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== "");
  return entries.length ? `?${entries.map(([k, v]) => `${enc(k)}=${enc(v!)}`).join("&")}` : "";
}

/** One side of a comparison: a run, or the runs of a batch narrowed by agent spec, model or split. */
export type Side = { run?: string; batch?: string; agent?: string; model?: string; split?: string };

export const urls = {
  runs: (filter: Record<string, string | undefined> = {}) => `${STUDIO}/runs${query(filter)}`,
  run: (id: string) => `${STUDIO}/runs/${enc(id)}`,
  judgment: (id: string, metric?: string) =>
    `${STUDIO}/runs/${enc(id)}/judgment${metric ? `#${metric}` : ""}`,
  runsExport: (format: string, filter: Record<string, string | undefined> = {}) =>
    `${STUDIO}/export/runs/${format}${query(filter)}`,
  events: (filter: { batch?: string }) => `${STUDIO}/events${query(filter)}`,
  batches: () => `${STUDIO}/batches`,
  batch: (id: string, metric?: string) => `${STUDIO}/batches/${enc(id)}${query({ metric })}`,
  compare: (a: Side, b: Side, extra: Record<string, string | undefined> = {}) =>
    `${STUDIO}/compare${query({
      ...Object.fromEntries(Object.entries(a).map(([k, v]) => [`a.${k}`, v])),
      ...Object.fromEntries(Object.entries(b).map(([k, v]) => [`b.${k}`, v])),
      ...extra,
    })}`,
  document: (taskRef: string, artifactId: string, run?: string) =>
    `${STUDIO}/tasks/${taskRef.split("/").map(enc).join("/")}/docs/${enc(artifactId)}${query({ run })}`,
  file: (taskRef: string, artifactId: string) =>
    `${STUDIO}/tasks/${taskRef.split("/").map(enc).join("/")}/files/${enc(artifactId)}`,
  notebooks: () => `${STUDIO}/notebooks`,
  notebook: (name: string) => `${STUDIO}/notebooks/${enc(name)}`,
  campaigns: () => `${STUDIO}/campaigns`,
  campaign: (id: string) => `${STUDIO}/campaigns/${enc(id)}`,
  newCampaign: (filter: Record<string, string | undefined> = {}) => `${STUDIO}/campaigns/new${query(filter)}`,
  annotate: (campaign: string, annotator: string, n?: number) =>
    `${STUDIO}/annotate/${enc(campaign)}/${enc(annotator)}${n === undefined ? "" : `/${n}`}`,
  paper: (table?: string) => `${STUDIO}/paper${table ? `#table-${table}` : ""}`,
  asset: (name: string) => `${STUDIO}/assets/${name}`,
};
