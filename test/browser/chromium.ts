/** @module Debian's chromium through playwright-core, headless, offline-minded, with a fresh profile per launch. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export async function launchChromium(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const userDataDir = await mkdtemp(join(tmpdir(), "drflow-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Loopback, inline data and blobs: what a studio page may load (a bundle adds file://). */
export const LOCAL = (url: string) =>
  url.startsWith("data:") || url.startsWith("blob:") || new URL(url).hostname === "127.0.0.1";

/** Collects a page's errors (uncaught, console.error) and every request `allowed` refuses. */
export function watchPage(
  page: Page,
  allowed: (url: string) => boolean = LOCAL,
): { errors: string[]; outside: string[] } {
  const errors: string[] = [];
  const outside: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  page.on("request", (r) => {
    if (!allowed(r.url())) outside.push(r.url());
  });
  return { errors, outside };
}
