/**
 * A worker's model calls under the shared rate limit, as a separate process: `bun limited-caller.ts <database url>
 * <server url> <calls> <requests per window> <window ms>` sends `calls` chat requests one after another.
 */
import { createModel } from "../../src/llm/model.ts";
import { rateLimitedFetch, SharedRateLimit } from "../../src/llm/rate-limit.ts";

const [url, server, calls, rpm, windowMs] = process.argv.slice(2);
const limit = await SharedRateLimit.open(url!, {
  requestsPerMinute: Number(rpm),
  windowMs: Number(windowMs),
});
const model = createModel(`compat:${server}#test-model`, {
  cache: null,
  env: {},
  fetch: rateLimitedFetch(limit),
});
for (let i = 0; i < Number(calls); i++) {
  await model.chat({
    messages: [{ role: "user", content: `call ${i} of ${process.pid}` }],
    context: { stage: "test", role: "agent", runId: "limited" },
  });
}
await limit.close();
