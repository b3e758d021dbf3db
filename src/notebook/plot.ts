/** @module Observable Plot rendered server-side: `Plot.plot({ document })` over a linkedom document, serialized to SVG. */
import * as Plot from "@observablehq/plot";
import { parseHTML } from "linkedom";

export type PlotOptions = Omit<Plot.PlotOptions, "document">;

/** Render Plot options to markup (an `<svg>`, or a `<figure>` holding one when Plot adds a legend or title). */
export function renderPlot(options: PlotOptions): string {
  const { document } = parseHTML("<!doctype html><html><head></head><body></body></html>");
  const node = Plot.plot({ ...options, document: document as unknown as Document });
  return (node as unknown as { outerHTML: string }).outerHTML;
}

export { Plot };
