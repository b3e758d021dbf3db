/**
 * @module A scripted stand-in for the answering model behind `model-relay.py` (../shared/tools): it watches a relay
 * folder's q/NNNN.json and writes each reply to a/NNNN.tmp, then renames it to a/NNNN.txt, as the relay's brief asks
 * an answering model to — so the relay commands can be run end to end here, with a reply function instead of a model.
 */
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RecordedRequest, ScriptedReply } from "./scripted-server.ts";

export type RelayAnswerer = { answered: number; stop(): Promise<void> };

/** Answer every request that appears in `dir/q` with `reply` (its `content`), until stopped. */
export function answerRelay(dir: string, reply: (req: RecordedRequest) => ScriptedReply): RelayAnswerer {
  let running = true;
  const state = { answered: 0 };
  const loop = (async () => {
    while (running) {
      const q = join(dir, "q");
      if (existsSync(q)) {
        for (const name of readdirSync(q)
          .filter((n) => n.endsWith(".json"))
          .sort()) {
          const key = name.replace(/\.json$/, "");
          const answer = join(dir, "a", `${key}.txt`);
          if (existsSync(answer)) continue;
          const body = JSON.parse(readFileSync(join(q, name), "utf8")) as unknown;
          const content =
            reply({ method: "POST", path: "/v1/chat/completions", headers: {}, body }).content ?? "";
          writeFileSync(join(dir, "a", `${key}.tmp`), content);
          renameSync(join(dir, "a", `${key}.tmp`), answer);
          state.answered++;
        }
      }
      await Bun.sleep(50);
    }
  })();
  return {
    get answered() {
      return state.answered;
    },
    async stop() {
      running = false;
      await loop;
    },
  };
}
