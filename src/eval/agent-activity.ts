/**
 * @module Whether an evaluation's slots are waiting on the model. Work that can wait (judging a finished report,
 * preparing a later cell, building an environment not yet needed) runs when every busy slot's agent is waiting on
 * a model call, never while a slot is starting its cell or its agent is between calls, where it would delay the
 * agent's next request.
 */
import type { z } from "zod";
import type { ChatRequest, Model, ObjectRequest } from "../llm/types.ts";

export class AgentActivity {
  private busySlots = 0;
  private waiting = 0;
  private readonly wakers: (() => void)[] = [];
  private waking = false;

  /** A slot's work on one cell: busy (not waiting on the model) except while its agent's model calls are out. */
  async busy<T>(work: () => Promise<T>): Promise<T> {
    this.busySlots++;
    try {
      return await work();
    } finally {
      this.busySlots--;
      this.wake();
    }
  }

  /**
   * Inside `busy`: work during which the slot holds nothing back — waiting on another process (which may itself be
   * waiting for this one's judging), or an offline agent, which never waits on a model.
   */
  async aside<T>(work: () => Promise<T>): Promise<T> {
    this.busySlots--;
    this.wake();
    try {
      return await work();
    } finally {
      this.busySlots++;
    }
  }

  /**
   * Run an agent inside `busy`: each call of its model counts as waiting. An offline agent (`null` model) never
   * waits on a model, so its slot does not hold background work back while it runs. `onWaiting` is called once:
   * when the agent first waits on a call (at once for an offline agent), or when it ends without one.
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
      return this.aside(() => agent(null));
    }
    try {
      return await agent(this.tracked(model, waitingNow));
    } finally {
      waitingNow();
    }
  }

  /**
   * Settles once no busy slot is doing anything but waiting on the model (or none is busy), always on a later turn of
   * the event loop.
   */
  quiet(): Promise<void> {
    return new Promise((resolve) => {
      this.wakers.push(resolve);
      this.wake();
    });
  }

  private isQuiet(): boolean {
    return this.waiting >= this.busySlots;
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
    if (model.roleHandle) tracked.roleHandle = (role) => model.roleHandle!(role);
    return tracked;
  }
}
