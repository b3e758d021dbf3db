/** @module A counting semaphore per provider endpoint, so concurrent callers never exceed a provider's limit. */

export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {
    if (!(limit >= 1)) throw new Error(`concurrency limit must be at least 1, got ${limit}`);
  }

  /** Run `fn` once a slot is free. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    // A released slot is handed straight to the next waiter, so a newcomer can never overtake it.
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  get inFlight(): number {
    return this.active;
  }
}

const shared = new Map<string, Limiter>();

/** One limiter per endpoint key (provider + base URL), shared by every model on it in this process. */
export function limiterFor(key: string, limit: number): Limiter {
  let limiter = shared.get(key);
  if (!limiter || limiter.limit !== limit) {
    limiter = new Limiter(limit);
    shared.set(key, limiter);
  }
  return limiter;
}
