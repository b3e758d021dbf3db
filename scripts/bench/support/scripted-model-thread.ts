/**
 * @module A scripted model on a thread of its own, as a real model is elsewhere: whatever the evaluation does on its
 * event loop while a request is out (judging, preparing cells) neither delays the reply nor counts as the model's time.
 */
export type ScriptedModelThread = { url: string; close(): Promise<void> };

/** Start the scripted server (agent fixtures, `delayMs` per request) on a worker thread. */
export async function scriptedModelThread(
  delayMs: number,
  replies: "fixtures" | "reading" = "fixtures",
): Promise<ScriptedModelThread> {
  const worker = new Worker(new URL("./scripted-model-worker.ts", import.meta.url));
  const url = await new Promise<string>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<{ url: string }>) => resolve(event.data.url);
    worker.onerror = (event) => reject(new Error(`scripted model thread: ${event.message}`));
    worker.postMessage({ delayMs, replies });
  });
  return {
    url,
    async close() {
      worker.terminate();
    },
  };
}
