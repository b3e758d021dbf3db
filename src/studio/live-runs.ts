/**
 * @module Live runs and batches: a server-sent event stream that watches the run store (any process may write it: an
 * eval, a worker) and says `change` whenever its runs or metric results move; the runs and batch pages listen and swap
 * their live parts (elements with `data-live-part` and an id) for a fresh render. Nothing is pushed but a fingerprint.
 */
import { storeFingerprint } from "../store/run-changes.ts";
import type { SqlDb } from "../store/sql.ts";

/** How often a stream reads the store's fingerprint. */
export const LIVE_POLL_MS = 1000;

/** An SSE response that emits `change` each time the fingerprint moves, and a comment every 15 s to keep it open. */
export function liveStream(db: SqlDb, batch: string | undefined, signal: AbortSignal): Response {
  const encoder = new TextEncoder();
  let timer: ReturnType<typeof setInterval> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let last = storeFingerprint(db, batch);
      let ticks = 0;
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const stop = () => {
        clearInterval(timer);
        try {
          controller.close();
        } catch {}
      };
      send(`retry: 2000\nevent: ready\ndata: ${last}\n\n`);
      timer = setInterval(() => {
        ticks++;
        let now: string;
        try {
          now = storeFingerprint(db, batch);
        } catch {
          return;
        }
        if (now !== last) {
          last = now;
          send(`event: change\ndata: ${now}\n\n`);
        } else if (ticks % 15 === 0) send(": idle\n\n");
      }, LIVE_POLL_MS);
      signal.addEventListener("abort", stop, { once: true });
    },
    cancel() {
      clearInterval(timer);
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
    },
  });
}

/**
 * The pages' listener: the element with `data-live` names the stream; on `change` the page re-renders itself
 * (fetch of its own URL) and swaps every `[data-live-part]` by id. A `file://` bundle has no server and no stream.
 */
export const LIVE_SCRIPT = `
(() => {
  const src = document.querySelector("[data-live]");
  if (!src || location.protocol === "file:" || !window.EventSource) return;
  const status = document.getElementById("live-status");
  let busy = false, again = false;
  async function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    try {
      const res = await fetch(location.href, { cache: "no-store" });
      if (res.ok) {
        const doc = new DOMParser().parseFromString(await res.text(), "text/html");
        for (const el of document.querySelectorAll("[data-live-part]")) {
          const next = doc.getElementById(el.id);
          if (next) el.replaceWith(document.importNode(next, true));
        }
        document.body.dataset.liveUpdates = String(Number(document.body.dataset.liveUpdates || 0) + 1);
        if (status) status.textContent = "live · updated " + new Date().toLocaleTimeString();
      }
    } finally { busy = false; if (again) { again = false; refresh(); } }
  }
  const es = new EventSource(src.dataset.live);
  es.addEventListener("ready", () => { document.body.dataset.live = "on"; if (status) status.textContent = "live"; });
  es.addEventListener("change", refresh);
  es.onerror = () => { if (status) status.textContent = "live: reconnecting…"; };
})();
`;
