/**
 * @module Whether an evaluation's agents are waiting on the model. Work that can wait (judging a finished report,
 * preparing a later cell) runs when every running LLM agent is waiting on a model call, never in the gap between an
 * agent's calls, where it would delay the agent's next request.
 */
import type { z } from "zod";
import type { ChatRequest, Model, ObjectRequest } from "../llm/types.ts";

export class AgentActivity {
  private running = 0;
  private waiting = 0;
  private readonly wakers: (() => void)[] = [];
  private waking = false;

  /**
   * Run an LLM agent with its model tracked (each call counts as waiting); `null` (an offline agent, which never
   * waits on a model) is not tracked. `onWaiting` is called once: when the agent first waits on a call (at once for
   * an offline agent), or when it ends without one.
   */
  async run<T>(
    model: Model | null,
    agent: (model: Model | null) => Promise<T>,
    onWaiting: () => void = () => {},
  ): Promise<T> {
    let first = true;
    const waitingNow = () => {
      if (!first) return;
      first = false;
      onWaiting();
    };
    if (model === null) {
      waitingNow();
      return agent(null);
    }
    this.running++;
    try {
      return await agent(this.tracked(model, waitingNow));
    } finally {
      this.running--;
      this.wake();
      waitingNow();
    }
  }

  /**
   * Settles once no running agent is between model calls (every one is waiting on a call, or none is running), always
   * on a later turn of the event loop.
   */
  quiet(): Promise<void> {
    return new Promise((resolve) => {
      this.wakers.push(resolve);
      this.wake();
    });
  }

  private isQuiet(): boolean {
    return this.waiting >= this.running;
  }

  private wake(): void {
    if (!this.isQuiet() || this.wakers.length === 0 || this.waking) return;
    // On a later turn of the event loop: a call just made has reached `fetch` by then (its promise chain has run),
    // so the work that waited runs while the request is on its way, not before it leaves.
    this.waking = true;
    setImmediate(() => {
      this.waking = false;
      if (this.isQuiet()) for (const resolve of this.wakers.splice(0)) resolve();
    });
  }

  private async call<T>(request: () => Promise<T>, started: () => void): Promise<T> {
    this.waiting++;
    this.wake();
    started();
    try {
      return await request();
    } finally {
      this.waiting--;
    }
  }

  private tracked(model: Model, started: () => void): Model {
    const tracked: Model = {
      handle: model.handle,
      chat: (request: ChatRequest) => this.call(() => model.chat(request), started),
      generateObject: <S extends z.ZodType>(request: ObjectRequest<S>) =>
        this.call(() => model.generateObject(request), started),
      embed: (texts, context) => this.call(() => model.embed(texts, context), started),
    };
    if (model.forRole) tracked.forRole = (role) => this.tracked(model.forRole!(role), started);
    return tracked;
  }
}
