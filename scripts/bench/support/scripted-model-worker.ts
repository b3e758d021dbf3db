/**
 * @module The eval benchmark's model: the scripted OpenAI-compatible server with the agent fixtures, on its own thread
 * (`scriptedModelThread`). Replies are a function of the request alone, so every schedule sees the same model: gap
 * finding (J.6) proposes the fixture's two actions while no personal evidence is found, else nothing.
 */
import { agentReplies, fixtureText, promptOf } from "../../../test/agents/support/scripted-agent.ts";
import { startScriptedServer } from "../../../test/support/scripted-server.ts";

declare const self: Worker;

self.onmessage = async (event: MessageEvent<{ delayMs: number }>) => {
  const { delayMs } = event.data;
  const replies = agentReplies({
    "J.6": (req) => ({
      content: /Personal Evidence Found: false/i.test(promptOf(req)) ? fixtureText("gap-actions.json") : "[]",
    }),
  });
  const server = await startScriptedServer({ reply: (req, i) => ({ ...replies(req, i), delayMs }) });
  self.postMessage({ url: server.url });
};
