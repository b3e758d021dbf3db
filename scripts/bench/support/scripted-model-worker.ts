/**
 * @module The eval benchmark's model: the scripted OpenAI-compatible server with the agent fixtures, on its own thread
 * (`scriptedModelThread`). Replies are a function of the request alone, so every schedule sees the same model: gap
 * finding (J.6) proposes the fixture's two actions while no personal evidence is found, else nothing. With
 * `replies: "reading"` it is the reading model instead (`reading-model.ts`: replies from what each request shows).
 */
import { agentReplies, fixtureText, promptOf } from "../../../test/agents/support/scripted-agent.ts";
import { startScriptedServer } from "../../../test/support/scripted-server.ts";
import { readingReply } from "./reading-model.ts";

declare const self: Worker;

self.onmessage = async (event: MessageEvent<{ delayMs: number; replies?: "fixtures" | "reading" }>) => {
  const { delayMs } = event.data;
  if (event.data.replies === "reading") {
    const server = await startScriptedServer({
      reply: async (req) => ({ ...(await readingReply(req)), delayMs }),
    });
    self.postMessage({ url: server.url });
    return;
  }
  const replies = agentReplies({
    "J.6": (req) => ({
      content: /Personal Evidence Found: false/i.test(promptOf(req)) ? fixtureText("gap-actions.json") : "[]",
    }),
  });
  const server = await startScriptedServer({ reply: (req, i) => ({ ...replies(req, i), delayMs }) });
  self.postMessage({ url: server.url });
};
